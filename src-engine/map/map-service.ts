import { getDomain } from 'tldts';
import type { MapRequest } from '../contracts/index.js';
import { EngineError } from '../errors/engine-error.js';
import { isNeverCrawledFile } from '../crawl/file-types.js';
import { fetchRobots, type CrawlResourceFetcher } from '../crawl/robots.js';
import { discoverSitemapUrls } from '../crawl/sitemap.js';
import { extractDiscoveryLinks } from '../transform/links.js';
import { extractMetadata } from '../transform/metadata.js';
import { decodeBody } from '../fetch/charset.js';

export interface MapLink {
  url: string;
  title?: string;
  description?: string;
}

/** Pages read for links beyond the start page (a fast, shallow discovery — not a crawl). */
const MAX_PAGES_READ = 25;
const PARALLEL_READS = 4;
const DEFAULT_MAP_TIMEOUT_MS = 60_000;

function siteOf(hostname: string): string {
  return getDomain(hostname, { allowPrivateDomains: true }) ?? hostname.replace(/^www\./, '');
}

/**
 * `/v2/map`: a site's URLs from its sitemaps and the links of its first pages, filtered to the
 * site (and path), de-duplicated, optionally searched, and cut to `limit`.
 */
export class MapService {
  constructor(
    private readonly fetchResource: CrawlResourceFetcher,
    private readonly robotsUserAgent: string,
  ) {}

  async map(request: MapRequest): Promise<MapLink[]> {
    const budget = request.timeout ?? DEFAULT_MAP_TIMEOUT_MS;
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        abort.abort();
        reject(new EngineError('MAP_TIMEOUT', 'Map timed out'));
      }, budget);
    });
    try {
      return await Promise.race([this.discover(request, abort.signal), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async discover(request: MapRequest, signal: AbortSignal): Promise<MapLink[]> {
    const start = new URL(request.url);
    const found = new Map<string, MapLink>();
    const accept = this.filter(request, start);
    const add = (raw: string, details?: Omit<MapLink, 'url'>) => {
      const url = accept(raw);
      if (!url) return;
      const existing = found.get(url);
      if (existing) Object.assign(existing, details);
      else found.set(url, { url, ...details });
    };

    if (request.sitemap !== 'skip') {
      const robots = await fetchRobots(start.origin, this.fetchResource, { userAgent: this.robotsUserAgent }).catch(() => undefined);
      const urls = await discoverSitemapUrls(start.href, {
        robotsSitemaps: robots?.sitemaps ?? [],
        fetchResource: this.fetchResource,
        signal,
        maxUrls: request.limit * 4,
      });
      for (const url of urls) add(url);
    }
    if (request.sitemap !== 'only') {
      const queue = [start.href];
      const read = new Set<string>();
      while (queue.length > 0 && read.size < MAX_PAGES_READ && !signal.aborted) {
        const batch = queue.splice(0, PARALLEL_READS).filter((u) => !read.has(u));
        batch.forEach((u) => read.add(u));
        const pages = await Promise.all(batch.map((u) => this.readPage(u, signal)));
        for (const page of pages) {
          if (!page) continue;
          add(page.url, page.details);
          for (const link of page.links) {
            add(link);
            const accepted = accept(link);
            if (accepted && !read.has(accepted) && queue.length < MAX_PAGES_READ) queue.push(accepted);
          }
        }
        if (found.size >= request.limit * 2) break;
      }
    }
    let links = [...found.values()];
    if (request.search) links = rankBySearch(links, request.search);
    return links.slice(0, request.limit);
  }

  private async readPage(url: string, signal: AbortSignal): Promise<{ url: string; links: string[]; details: Omit<MapLink, 'url'> } | undefined> {
    try {
      const resource = await this.fetchResource(url, { signal });
      if (resource.statusCode >= 400 || !/html/i.test(resource.contentType)) return undefined;
      const html = decodeBody(resource.body, resource.contentType);
      const metadata = extractMetadata(html, url);
      const details: Omit<MapLink, 'url'> = {};
      if (typeof metadata.title === 'string' && metadata.title) details.title = metadata.title;
      if (typeof metadata.description === 'string' && metadata.description) details.description = metadata.description;
      return { url, links: extractDiscoveryLinks(html, url), details };
    } catch {
      return undefined;
    }
  }

  /** Returns the normalised URL when it belongs to the map, else undefined. */
  private filter(request: MapRequest, start: URL): (raw: string) => string | undefined {
    const site = siteOf(start.hostname);
    const startHost = start.hostname.replace(/^www\./, '');
    const basePath = request.filterByPath && start.pathname !== '/' ? start.pathname : undefined;
    const includes = request.includePaths.filter((p) => p.trim()).map((p) => new RegExp(p));
    const excludes = request.excludePaths.filter((p) => p.trim()).map((p) => new RegExp(p));
    return (raw) => {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        return undefined;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
      const host = url.hostname.replace(/^www\./, '');
      if (request.includeSubdomains ? siteOf(url.hostname) !== site : host !== startHost) return undefined;
      if (basePath && !url.pathname.startsWith(basePath)) return undefined;
      // Images, styles, archives and the like are not pages (sitemaps skip them the same way).
      if (isNeverCrawledFile(url.pathname)) return undefined;
      const target = request.regexOnFullURL ? url.href : url.pathname;
      if (excludes.some((r) => r.test(target))) return undefined;
      if (includes.length > 0 && !includes.some((r) => r.test(target))) return undefined;
      url.hash = '';
      if (request.ignoreQueryParameters) url.search = '';
      return url.href;
    };
  }
}

/** Keeps links that mention every search word (in URL, title or description), best matches first. */
function rankBySearch(links: MapLink[], search: string): MapLink[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const scored = links
    .map((link) => {
      const haystack = `${link.url} ${link.title ?? ''} ${link.description ?? ''}`.toLowerCase();
      const hits = words.filter((w) => haystack.includes(w)).length;
      const inUrl = words.filter((w) => link.url.toLowerCase().includes(w)).length;
      return { link, score: hits * 2 + inUrl };
    })
    .filter((s) => s.score > 0);
  return scored.sort((a, b) => b.score - a.score).map((s) => s.link);
}
