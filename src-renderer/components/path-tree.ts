import type { PageRecord } from '../api/types';

/** One segment of the site tree with counts for its whole subtree. */
export interface PathNode {
  name: string;
  total: number;
  failed: number;
  children: PathNode[];
}

/** Builds host → path-segment tree from page URLs; children sorted by name. */
export function buildPathTree(pages: readonly PageRecord[]): PathNode {
  const root: PathNode = { name: '', total: 0, failed: 0, children: [] };
  const index = new Map<PathNode, Map<string, PathNode>>();
  const child = (parent: PathNode, name: string): PathNode => {
    let map = index.get(parent);
    if (!map) index.set(parent, (map = new Map()));
    let node = map.get(name);
    if (!node) {
      node = { name, total: 0, failed: 0, children: [] };
      map.set(name, node);
      parent.children.push(node);
    }
    return node;
  };
  for (const page of pages) {
    let url: URL;
    try {
      url = new URL(page.url);
    } catch {
      continue;
    }
    const failed = page.state === 'failed' || page.state === 'robots-blocked' ? 1 : 0;
    let node = root;
    root.total++;
    root.failed += failed;
    for (const name of [url.host, ...url.pathname.split('/').filter(Boolean).map((s) => `/${s}`)]) {
      node = child(node, name);
      node.total++;
      node.failed += failed;
    }
  }
  const sort = (node: PathNode) => {
    node.children.sort((a, b) => a.name.localeCompare(b.name));
    node.children.forEach(sort);
  };
  sort(root);
  return root;
}
