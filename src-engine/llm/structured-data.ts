import { parseHTML } from 'linkedom';

/** Everything machine-readable a page says about itself, gathered for the offline schema filler. */
export interface StructuredData {
  /** JSON-LD objects (with `@graph` unrolled) followed by microdata items, in page order. */
  items: Record<string, unknown>[];
  /** `<meta>` tags by `property` or `name` (OpenGraph, Twitter, article:, product:, description…), plus `title` and `canonical`. */
  meta: Record<string, string>;
  /** Label → value pairs read from two-column tables, one-row tables with a header row, and definition lists. */
  pairs: Record<string, string>;
}

type Element = ReturnType<typeof parseHTML>['document']['documentElement'];

const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

function parseJsonLd(raw: string): unknown {
  const cleaned = raw
    .replace(/^\s*<!\[CDATA\[|\]\]>\s*$/g, '')
    .replace(/^\s*<!--|-->\s*$/g, '')
    .trim();
  try {
    return JSON.parse(cleaned);
  } catch {
    // Some sites leave raw control characters inside strings.
    try {
      return JSON.parse(cleaned.replace(/[\u0000-\u001f]+/g, ' '));
    } catch {
      return undefined;
    }
  }
}

function collectJsonLd(value: unknown, into: Record<string, unknown>[]): void {
  if (Array.isArray(value)) {
    for (const entry of value) collectJsonLd(entry, into);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const obj = value as Record<string, unknown>;
  if (Array.isArray(obj['@graph'])) {
    collectJsonLd(obj['@graph'], into);
    const { '@graph': _graph, ...rest } = obj;
    if (Object.keys(rest).some((k) => !k.startsWith('@'))) into.push(rest);
    return;
  }
  into.push(obj);
}

/** The value of one microdata property element, as the HTML microdata rules define it. */
function propertyValue(el: Element): string {
  const tag = el.tagName.toLowerCase();
  if (el.hasAttribute('content')) return el.getAttribute('content') ?? '';
  if (tag === 'meta') return el.getAttribute('content') ?? '';
  if (['a', 'area', 'link'].includes(tag)) return el.getAttribute('href') ?? '';
  if (['img', 'audio', 'video', 'source', 'embed', 'iframe', 'track'].includes(tag)) return el.getAttribute('src') ?? '';
  if (tag === 'object') return el.getAttribute('data') ?? '';
  if (tag === 'data' || tag === 'meter') return el.getAttribute('value') ?? '';
  if (tag === 'time') return el.getAttribute('datetime') ?? text(el);
  return text(el);
}

function addValue(target: Record<string, unknown>, name: string, value: unknown): void {
  const existing = target[name];
  if (existing === undefined) target[name] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else target[name] = [existing, value];
}

function readMicrodataItem(scope: Element): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  const type = scope.getAttribute('itemtype');
  if (type) item['@type'] = type.trim().split(/\s+/)[0]!.replace(/\/+$/, '').split('/').pop();
  const walk = (parent: Element): void => {
    for (const child of Array.from(parent.children) as Element[]) {
      const names = child.getAttribute('itemprop');
      const isScope = child.hasAttribute('itemscope');
      if (names) {
        const value = isScope ? readMicrodataItem(child) : propertyValue(child);
        for (const name of names.trim().split(/\s+/)) addValue(item, name, value);
      }
      if (!isScope) walk(child);
    }
  };
  walk(scope);
  return item;
}

function collectPairsFromTables(document: ReturnType<typeof parseHTML>['document'], pairs: Record<string, string>): void {
  for (const table of Array.from(document.querySelectorAll('table')) as Element[]) {
    const rows = (Array.from(table.querySelectorAll('tr')) as Element[]).map(
      (row) => Array.from(row.children).filter((c) => /^(td|th)$/i.test((c as Element).tagName)) as Element[],
    );
    const twoColumn = rows.length > 0 && rows.every((cells) => cells.length === 2);
    if (twoColumn) {
      for (const [label, value] of rows) setPair(pairs, text(label), text(value));
      continue;
    }
    const header = rows[0];
    if (rows.length === 2 && header && header.every((c) => c.tagName.toLowerCase() === 'th') && rows[1]!.length === header.length) {
      header.forEach((cell, i) => setPair(pairs, text(cell), text(rows[1]![i])));
    }
  }
}

function collectPairsFromDefinitionLists(document: ReturnType<typeof parseHTML>['document'], pairs: Record<string, string>): void {
  for (const list of Array.from(document.querySelectorAll('dl')) as Element[]) {
    let label = '';
    for (const child of Array.from(list.querySelectorAll('dt, dd')) as Element[]) {
      if (child.tagName.toLowerCase() === 'dt') label = text(child);
      else if (label) setPair(pairs, label, text(child));
    }
  }
}

function setPair(pairs: Record<string, string>, rawLabel: string, value: string): void {
  const label = rawLabel.replace(/[:：]\s*$/, '').trim();
  if (!label || !value || label.length > 80) return;
  if (!(label in pairs)) pairs[label] = value;
}

/** Reads JSON-LD, microdata, meta tags and label/value pairs from a page's HTML. Never throws. */
export function extractStructuredData(html: string): StructuredData {
  const result: StructuredData = { items: [], meta: {}, pairs: {} };
  let document: ReturnType<typeof parseHTML>['document'];
  try {
    ({ document } = parseHTML(html));
  } catch {
    return result;
  }

  for (const script of Array.from(document.querySelectorAll('script')) as Element[]) {
    if (!/ld\+json/i.test(script.getAttribute('type') ?? '')) continue;
    collectJsonLd(parseJsonLd(script.textContent ?? ''), result.items);
  }
  for (const scope of Array.from(document.querySelectorAll('[itemscope]')) as Element[]) {
    if (!scope.hasAttribute('itemprop')) result.items.push(readMicrodataItem(scope));
  }

  for (const meta of Array.from(document.querySelectorAll('meta')) as Element[]) {
    const key = meta.getAttribute('property') ?? meta.getAttribute('name');
    const content = meta.getAttribute('content');
    if (key && content && !(key in result.meta)) result.meta[key] = content.trim();
  }
  const title = text(document.querySelector('title'));
  if (title && !result.meta.title) result.meta.title = title;
  const canonical = document.querySelector('link[rel="canonical"]')?.getAttribute('href');
  if (canonical && !result.meta.canonical) result.meta.canonical = canonical;

  collectPairsFromTables(document, result.pairs);
  collectPairsFromDefinitionLists(document, result.pairs);
  return result;
}
