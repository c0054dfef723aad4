import { parseHtml } from './parse-html.js';
import { documentBaseUrl, resolveUrl } from './urls.js';

/** Metadata values are strings, or arrays of strings for repeated `<meta>` names. */
export type PageMetadata = Record<string, string | string[]>;

/** Named keys of the wire contract (§5.2) and the `<meta>` names/properties they come from. */
const NAMED_META_KEYS: ReadonlyArray<readonly [key: string, source: string]> = [
  ['ogTitle', 'og:title'],
  ['ogDescription', 'og:description'],
  ['ogUrl', 'og:url'],
  ['ogImage', 'og:image'],
  ['ogAudio', 'og:audio'],
  ['ogDeterminer', 'og:determiner'],
  ['ogLocale', 'og:locale'],
  ['ogSiteName', 'og:site_name'],
  ['ogVideo', 'og:video'],
  ['articleSection', 'article:section'],
  ['articleTag', 'article:tag'],
  ['publishedTime', 'article:published_time'],
  ['modifiedTime', 'article:modified_time'],
  ['dcTermsKeywords', 'dcterms.keywords'],
  ['dcDescription', 'dc.description'],
  ['dcSubject', 'dc.subject'],
  ['dcTermsSubject', 'dcterms.subject'],
  ['dcTermsAudience', 'dcterms.audience'],
  ['dcType', 'dc.type'],
  ['dcTermsType', 'dcterms.type'],
  ['dcDate', 'dc.date'],
  ['dcDateCreated', 'dc.date.created'],
  ['dcTermsCreated', 'dcterms.created'],
];

/**
 * Derives the HTML part of a document's `metadata` (wire contract §5.2) from the raw page:
 * `title`, `language`, `favicon` (absolute), the Open Graph, article and Dublin Core keys,
 * and a raw copy of every `<meta>` under its own name (so `description`, `keywords`,
 * `robots`, `og:title`, `twitter:card`… are there too). Request/engine keys such as
 * `sourceURL` and `statusCode` are added later by the pipeline and win on collision.
 */
export function extractMetadata(html: string, pageUrl: string): PageMetadata {
  return extractMetadataFromDocument(parseHtml(html), pageUrl);
}

/** {@link extractMetadata} on an already parsed, not yet cleaned document. */
export function extractMetadataFromDocument(document: Document, pageUrl: string): PageMetadata {
  const metadata: PageMetadata = {};
  const raw = collectMetaTags(document);

  for (const [name, values] of raw) {
    if (name === 'title') continue; // never overrides the <title> element, added below
    metadata[name] = name === 'description' ? values.join(', ') : values.length === 1 ? values[0]! : values;
  }
  if (raw.has('title') && !metadata.title) {
    // Only used when the page has no <title> element at all.
    const values = raw.get('title')!;
    metadata.title = values.length === 1 ? values[0]! : values;
  }

  const title = documentTitle(document);
  if (title !== undefined) metadata.title = title;

  const language = document.documentElement.getAttribute('lang')?.trim();
  if (language) metadata.language = language;

  const favicon = faviconHref(document);
  if (favicon) {
    const absolute = resolveUrl(favicon, documentBaseUrl(document, pageUrl));
    if (absolute) metadata.favicon = absolute;
  }

  for (const [key, source] of NAMED_META_KEYS) {
    const values = raw.get(source);
    if (values) metadata[key] = values[0]!;
  }
  const alternates = raw.get('og:locale:alternate');
  if (alternates) metadata.ogLocaleAlternate = [...alternates];

  return metadata;
}

/** Every `<meta>` content grouped by its `name`, else `property`, else `itemprop`, in page order. */
function collectMetaTags(document: Document): Map<string, string[]> {
  const tags = new Map<string, string[]>();
  for (const meta of Array.from(document.querySelectorAll('meta[content]'))) {
    const name = (meta.getAttribute('name') || meta.getAttribute('property') || meta.getAttribute('itemprop') || '').trim();
    if (!name) continue;
    const content = (meta.getAttribute('content') ?? '').trim();
    const values = tags.get(name);
    if (values) values.push(content);
    else tags.set(name, [content]);
  }
  return tags;
}

/** Text of the first `<title>` that is not an SVG title, trimmed. */
function documentTitle(document: Document): string | undefined {
  for (const element of Array.from(document.getElementsByTagName('title'))) {
    if (element.closest('svg')) continue;
    return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
  }
  return undefined;
}

/** `link[rel=icon]`, else the first link whose rel mentions an icon (`shortcut icon`, `apple-touch-icon`). */
function faviconHref(document: Document): string | undefined {
  let fallback: string | undefined;
  for (const link of Array.from(document.querySelectorAll('link[rel][href]'))) {
    const rel = (link.getAttribute('rel') ?? '').toLowerCase();
    const href = (link.getAttribute('href') ?? '').trim();
    if (!href) continue;
    if (rel.trim() === 'icon') return href;
    if (fallback === undefined && rel.includes('icon')) fallback = href;
  }
  return fallback;
}
