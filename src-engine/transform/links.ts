import { Parser } from 'htmlparser2';
import { parseHtml } from './parse-html.js';
import { documentBaseUrl, resolveUrl } from './urls.js';

/**
 * The `links` format (wire contract §5.1): every `<a href>` of the cleaned HTML, trimmed and
 * resolved against `<base href>` else the page URL. http(s) links are kept, `mailto:` links are
 * kept verbatim, in-page `#fragment` links and other schemes (`javascript:`, `tel:`…) are
 * dropped; duplicates are removed keeping first-seen order.
 */
export function extractLinks(cleanedHtml: string, pageUrl: string): string[] {
  const document = parseHtml(cleanedHtml);
  return extractLinksFromRoot(document, documentBaseUrl(document, pageUrl));
}

/** {@link extractLinks} over an already parsed (and cleaned) tree. */
export function extractLinksFromRoot(root: ParentNode, baseUrl: string): string[] {
  const links = new Set<string>();
  for (const anchor of Array.from(root.querySelectorAll('a[href]'))) {
    const link = documentLink(anchor.getAttribute('href') ?? '', baseUrl);
    if (link !== null) links.add(link);
  }
  return [...links];
}

function documentLink(rawHref: string, baseUrl: string): string | null {
  const href = rawHref.trim();
  if (href === '' || href.startsWith('#')) return null;
  if (/^mailto:/i.test(href)) return href;
  const absolute = resolveUrl(href, baseUrl);
  if (absolute === null || !/^https?:/i.test(absolute)) return null;
  return absolute;
}

/**
 * Links a crawler may follow from a page: `<a href>`, `<area href>` and `<link rel=next|prev>`
 * of the raw HTML, resolved against `<base href>` else the page URL, http(s) only, without
 * their `#fragment` (it never names another page), deduplicated in first-seen order.
 * Runs on every crawled page, so it streams through the markup without building a DOM.
 */
export function extractDiscoveryLinks(rawHtml: string, pageUrl: string): string[] {
  const hrefs: string[] = [];
  let baseHref: string | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const href = attributes.href;
        if (href === undefined) return;
        if (name === 'a' || name === 'area') hrefs.push(href);
        else if (name === 'link' && isPagination(attributes.rel)) hrefs.push(href);
        else if (name === 'base' && baseHref === undefined && href.trim()) baseHref = href;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(rawHtml);

  const baseUrl = baseHref !== undefined ? (resolveUrl(baseHref, pageUrl) ?? pageUrl) : pageUrl;
  const links = new Set<string>();
  for (const href of hrefs) {
    const trimmed = href.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const absolute = resolveUrl(trimmed, baseUrl);
    if (absolute === null || !/^https?:/i.test(absolute)) continue;
    const hash = absolute.indexOf('#');
    links.add(hash === -1 ? absolute : absolute.slice(0, hash));
  }
  return [...links];
}

function isPagination(rel: string | undefined): boolean {
  if (!rel) return false;
  return rel
    .toLowerCase()
    .split(/\s+/)
    .some((token) => token === 'next' || token === 'prev' || token === 'previous');
}
