import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import { XMLParser } from 'fast-xml-parser';
import { isNeverCrawledFile } from './file-types.js';
import type { CrawlResource, CrawlResourceFetcher } from './robots.js';

const gunzipAsync = promisify(gunzip);

/** Sitemap documents read per discovery unless told otherwise (wire contract 6.6). */
export const DEFAULT_MAX_SITEMAP_DOCUMENTS = 20;
/** Budget of the whole sitemap phase unless told otherwise (wire contract 6.6). */
export const DEFAULT_SITEMAP_TIMEOUT_MS = 120_000;
/** Largest decompressed sitemap accepted (the sitemaps protocol allows 50 MB). */
const MAX_SITEMAP_BYTES = 64 * 1024 * 1024;
/** Sitemap documents fetched at the same time. */
const PARALLEL_FETCHES = 4;

/** Inputs and limits of one sitemap discovery. */
export interface SitemapDiscoveryOptions {
  /** `Sitemap:` URLs of the start host's robots.txt. */
  robotsSitemaps: string[];
  fetchResource: CrawlResourceFetcher;
  /** Cap on sitemap documents fetched, indexes included; default 20. */
  maxDocuments?: number;
  /** Stop once this many page URLs are found. */
  maxUrls?: number;
  /** Aborting ends discovery early with the URLs found so far. */
  signal?: AbortSignal;
  /** Budget of the whole discovery; on expiry the URLs found so far are returned. Default 120 s. */
  timeoutMs?: number;
}

/** What one sitemap document lists: pages and further sitemaps. */
interface SitemapContent {
  pages: string[];
  nested: string[];
}

const EMPTY: SitemapContent = { pages: [], nested: [] };

const xmlParser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

/** An absolute http(s) URL, as the sitemaps protocol requires; anything else is skipped. */
function httpUrl(value: unknown): URL | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Entries whose path ends in `.xml` (or `.xml.gz`) are sitemaps themselves, not pages. */
function isSitemapDocument(url: URL): boolean {
  const path = url.pathname.toLowerCase();
  return path.endsWith('.xml') || path.endsWith('.xml.gz');
}

function sortEntries(urls: (URL | undefined)[], forceNested: boolean): SitemapContent {
  const content: SitemapContent = { pages: [], nested: [] };
  for (const url of urls) {
    if (!url) continue;
    if (forceNested || isSitemapDocument(url)) content.nested.push(url.href);
    else if (!isNeverCrawledFile(url.pathname)) content.pages.push(url.href);
  }
  return content;
}

function readXmlSitemap(text: string): SitemapContent {
  const root = xmlParser.parse(text) as Record<string, unknown>;
  const index = root.sitemapindex as { sitemap?: { loc?: unknown }[] } | undefined;
  const urlset = root.urlset as { url?: { loc?: unknown }[] } | undefined;
  const nested = sortEntries(
    (index?.sitemap ?? []).map((entry) => httpUrl(entry?.loc)),
    true,
  );
  const pages = sortEntries(
    (urlset?.url ?? []).map((entry) => httpUrl(entry?.loc)),
    false,
  );
  return { pages: pages.pages, nested: [...nested.nested, ...pages.nested] };
}

/** A plain-text sitemap: one URL per line; anything else on a line is ignored. */
function readTextSitemap(text: string): SitemapContent {
  return sortEntries(
    text.split(/\r\n|\r|\n/).map((line) => httpUrl(line)),
    false,
  );
}

async function decodeBody(body: Buffer): Promise<string> {
  const gzipped = body.length > 2 && body[0] === 0x1f && body[1] === 0x8b;
  const bytes = gzipped ? await gunzipAsync(body, { maxOutputLength: MAX_SITEMAP_BYTES }) : body;
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

/** Settles with `work`, or rejects as soon as `signal` aborts; leaves no listener behind. */
async function unlessAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) throw signal.reason;
  let onAbort = (): void => undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** Fetches and reads one sitemap document; anything but a readable 2xx answer lists nothing. */
async function readSitemap(
  url: string,
  fetchResource: CrawlResourceFetcher,
  signal: AbortSignal,
): Promise<SitemapContent> {
  try {
    const response: CrawlResource = await unlessAborted(fetchResource(url, { signal }), signal);
    if (response.statusCode < 200 || response.statusCode >= 300) return EMPTY;
    const text = await decodeBody(response.body);
    return text.trimStart().startsWith('<') ? readXmlSitemap(text) : readTextSitemap(text);
  } catch {
    return EMPTY;
  }
}

/** Where a start URL's own sitemap lives: the URL itself when it is one, else `<start>/sitemap.xml`. */
function startSitemapUrl(start: URL): string {
  const url = new URL(start.href);
  url.hash = '';
  if (url.pathname.toLowerCase().endsWith('.xml')) return url.href;
  url.search = '';
  url.pathname = url.pathname.endsWith('/') ? `${url.pathname}sitemap.xml` : `${url.pathname}/sitemap.xml`;
  return url.href;
}

/**
 * Finds the page URLs a site's sitemaps list (wire contract 6.6): `<start>/sitemap.xml`
 * (appended to the start URL's path), the robots.txt `Sitemap:` URLs, and `<origin>/sitemap.xml`
 * when those list nothing. Sitemap indexes are followed breadth-first, gzip is recognised by its
 * bytes, plain-text sitemaps are read one URL per line, and only 2xx answers are read. Returns
 * absolute http(s) URLs in discovery order, de-duplicated, without never-crawled file types.
 * Never throws: unreachable or malformed sitemaps simply list nothing.
 */
export async function discoverSitemapUrls(startUrl: string, options: SitemapDiscoveryOptions): Promise<string[]> {
  const start = httpUrl(startUrl);
  if (!start) return [];
  const maxDocuments = options.maxDocuments ?? DEFAULT_MAX_SITEMAP_DOCUMENTS;
  const maxUrls = options.maxUrls ?? Number.POSITIVE_INFINITY;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_SITEMAP_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  const visitedDocuments = new Set<string>();
  const found = new Set<string>();
  const isDone = () => signal.aborted || found.size >= maxUrls || visitedDocuments.size >= maxDocuments;

  const readLevels = async (first: string[]): Promise<void> => {
    let level = first;
    while (level.length > 0 && !isDone()) {
      const batch: string[] = [];
      for (const url of level) {
        const key = url.split('#')[0]!;
        if (visitedDocuments.has(key) || visitedDocuments.size >= maxDocuments) continue;
        visitedDocuments.add(key);
        batch.push(key);
      }
      const contents: SitemapContent[] = [];
      for (let i = 0; i < batch.length && !signal.aborted; i += PARALLEL_FETCHES) {
        const chunk = batch.slice(i, i + PARALLEL_FETCHES);
        contents.push(...(await Promise.all(chunk.map((url) => readSitemap(url, options.fetchResource, signal)))));
      }
      level = [];
      for (const content of contents) {
        for (const page of content.pages) {
          if (found.size >= maxUrls) break;
          found.add(page);
        }
        level.push(...content.nested);
      }
    }
  };

  const robotsSitemaps = options.robotsSitemaps.flatMap((url) => httpUrl(url)?.href ?? []);
  await readLevels([startSitemapUrl(start), ...robotsSitemaps]);
  if (found.size === 0) await readLevels([`${start.origin}/sitemap.xml`]);
  return [...found];
}
