/** Options that change how a crawl URL is normalised before it is queued (wire contract 6.5). */
export interface CrawlUrlOptions {
  ignoreQueryParameters: boolean;
}

/** Options that decide which URLs a crawl treats as the same page (wire contract 6.5). */
export interface CrawlDedupeOptions extends CrawlUrlOptions {
  deduplicateSimilarURLs: boolean;
}

/** A trailing `/`, `/index.html` or `/index.php`: the spellings of one directory page. */
const DIRECTORY_SUFFIX = /\/(?:index\.(?:html|php))?$/;

/**
 * The URL a crawl queues and scrapes for a discovered link: the fragment is removed and,
 * with `ignoreQueryParameters`, the query too; everything else is the parsed `href` as is.
 * Throws a `TypeError` when `url` is not an absolute URL.
 */
export function normalizeCrawlUrl(url: string, opts: CrawlUrlOptions): string {
  const parsed = new URL(url);
  parsed.hash = '';
  if (opts.ignoreQueryParameters) parsed.search = '';
  return parsed.href;
}

/**
 * The key of a crawl's visited set. Two URLs with the same key are one page: whichever is
 * seen first is scraped. With `deduplicateSimilarURLs` the key ignores the scheme, a leading
 * `www.` and the case of the host (the port is kept), and treats `/x`, `/x/`,
 * `/x/index.html` and `/x/index.php` as one path; the query is part of the key unless
 * `ignoreQueryParameters`. Without it the key is the normalised URL itself.
 * Throws a `TypeError` when `url` is not an absolute URL.
 */
export function crawlDedupeKey(url: string, opts: CrawlDedupeOptions): string {
  if (!opts.deduplicateSimilarURLs) return normalizeCrawlUrl(url, opts);
  const parsed = new URL(url);
  const host = parsed.hostname.startsWith('www.') ? parsed.hostname.slice(4) : parsed.hostname;
  const port = parsed.port === '' ? '' : `:${parsed.port}`;
  const path = parsed.pathname.replace(DIRECTORY_SUFFIX, '');
  const query = opts.ignoreQueryParameters ? '' : parsed.search;
  return `//${host}${port}${path}/${query}`;
}

/**
 * Whether a URL's fragment is a single-page-app route (`#/settings`): longer than one
 * character and containing a `/`. Such links are not section anchors (wire contract 6.2).
 */
export function isSpaHashRoute(url: string): boolean {
  const hash = url.indexOf('#');
  if (hash === -1) return false;
  const fragment = url.slice(hash + 1);
  return fragment.length > 1 && fragment.includes('/');
}
