const MAX_SEGMENT = 80;

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, MAX_SEGMENT);
}

/** File name of a page's Markdown inside the ZIP: `<host>/<path-as-slug>.md`. */
export function markdownPathFor(url: string): string {
  let host = 'unknown-host';
  let rest = url;
  try {
    const parsed = new URL(url);
    host = slug(parsed.host.replace(/:/g, '_')) || host;
    rest = `${parsed.pathname}${parsed.search}`;
  } catch {
    // Not a URL: the whole text becomes the name.
  }
  const name = slug(rest.replace(/\/+$/, '').replace(/^\/+/, '').replace(/\//g, '_')) || 'index';
  return `${host}/${name}.md`;
}

/** Gives every file a distinct name by numbering repeats (`page.md`, `page-2.md`, ...). */
export class UniquePaths {
  private readonly used = new Set<string>();

  /** A name not handed out before, derived from `path`. */
  claim(path: string): string {
    let candidate = path;
    for (let n = 2; this.used.has(candidate.toLowerCase()); n++) candidate = path.replace(/\.md$/, `-${n}.md`);
    this.used.add(candidate.toLowerCase());
    return candidate;
  }
}
