import robotsParser from 'robots-parser';

/** The user-agent token a crawl evaluates robots.txt for unless `robotsUserAgent` names another. */
export const DEFAULT_ROBOTS_USER_AGENT = 'TrawlBot';

/** robots.txt files are read up to this many bytes (RFC 9309 asks for at least 500 KiB). */
const MAX_ROBOTS_BYTES = 512 * 1024;

/** A response as the crawl's resource fetcher returns it (robots.txt, sitemaps). */
export interface CrawlResource {
  statusCode: number;
  contentType: string;
  body: Buffer;
}

/**
 * Fetches one resource for crawl discovery, following redirects. The engine passes its HTTP
 * fetcher; a rejected promise counts as "not available".
 */
export type CrawlResourceFetcher = (url: string, options?: { signal?: AbortSignal }) => Promise<CrawlResource>;

/** The robots.txt rules of one host, evaluated for one user-agent token. */
export interface RobotsRules {
  /**
   * Whether the URL may be crawled. URLs on other hosts are not governed by these rules and
   * are allowed; the host comparison ignores scheme, port and a leading `www.`.
   */
  isAllowed(url: string | URL): boolean;
  /** Absolute http(s) URLs of the `Sitemap:` lines, de-duplicated, in file order. */
  readonly sitemaps: string[];
  /** `Crawl-delay` of the group that applies to the user agent, when it has one. */
  readonly crawlDelaySeconds?: number;
}

/** How robots.txt is evaluated for a crawl. */
export interface RobotsOptions {
  /** The product token to evaluate (`robotsUserAgent`); defaults to `TrawlBot`. */
  userAgent?: string;
}

/** Rules that allow everything: no robots.txt, an unusable one, or a failed fetch. */
function allowAll(): RobotsRules {
  return { isAllowed: () => true, sitemaps: [] };
}

function stripWww(hostname: string): string {
  return hostname.startsWith('www.') ? hostname.slice(4) : hostname;
}

function parseUrl(url: string | URL, base?: string): URL | undefined {
  if (typeof url !== 'string') return url;
  try {
    return new URL(url, base);
  } catch {
    return undefined;
  }
}

/** Bodies that are an error page or an API answer rather than a robots.txt file. */
function isNotRobotsFile(body: string, contentType: string): boolean {
  const type = contentType.toLowerCase();
  if (type.includes('json') || type.includes('xml')) return true;
  return type.includes('html') && body.trimStart().startsWith('<');
}

/** The absolute http(s) sitemap URLs of a robots file, resolved against its origin. */
function sitemapUrls(raw: string[], origin: string): string[] {
  const found = new Set<string>();
  for (const entry of raw) {
    const url = parseUrl(entry.trim(), origin);
    if (url && (url.protocol === 'http:' || url.protocol === 'https:')) found.add(url.href);
  }
  return [...found];
}

/**
 * Parses a robots.txt body fetched from `url` (the robots.txt URL or any URL of its origin).
 * Groups follow RFC 9309: the group naming the user-agent token applies, else the `*` group.
 * Besides the file's own rules, `/path` is denied when `/path/` is disallowed. HTML, JSON and
 * XML answers are treated as an empty file; malformed text (NUL bytes, stray encodings,
 * non-breaking spaces) never throws.
 */
export function parseRobots(url: string, body: string, contentType: string, options: RobotsOptions = {}): RobotsRules {
  const location = parseUrl(url);
  if (!location || isNotRobotsFile(body, contentType)) return allowAll();
  const userAgent = options.userAgent ?? DEFAULT_ROBOTS_USER_AGENT;
  const origin = location.origin;
  const host = stripWww(location.hostname);
  const robots = robotsParser(
    `${origin}/robots.txt`,
    body.length > MAX_ROBOTS_BYTES ? body.slice(0, MAX_ROBOTS_BYTES) : body,
  );
  const delay = robots.getCrawlDelay(userAgent);

  const denies = (path: string): boolean => robots.isAllowed(origin + path, userAgent) === false;

  return {
    isAllowed(target: string | URL): boolean {
      const parsed = parseUrl(target);
      if (!parsed || stripWww(parsed.hostname) !== host) return true;
      if (denies(parsed.pathname + parsed.search)) return false;
      return parsed.pathname.endsWith('/') || !denies(`${parsed.pathname}/${parsed.search}`);
    },
    sitemaps: sitemapUrls(robots.getSitemaps(), origin),
    ...(typeof delay === 'number' && Number.isFinite(delay) && delay >= 0 ? { crawlDelaySeconds: delay } : {}),
  };
}

/**
 * Fetches and parses `<origin>/robots.txt` once for a crawl. Only a 2xx answer restricts the
 * crawl: a 4xx means "no robots.txt", and a fetch error or a 5xx also allows everything.
 * RFC 9309 would read a 5xx as "disallow all"; like Firecrawl we prefer a crawl that runs
 * against a briefly failing server, and the per-host politeness still applies.
 */
export async function fetchRobots(
  origin: string,
  fetchResource: CrawlResourceFetcher,
  options: RobotsOptions & { signal?: AbortSignal } = {},
): Promise<RobotsRules> {
  const base = parseUrl(origin);
  if (!base) return allowAll();
  const robotsUrl = `${base.origin}/robots.txt`;
  try {
    const response = await fetchResource(robotsUrl, options.signal ? { signal: options.signal } : undefined);
    if (response.statusCode < 200 || response.statusCode >= 300) return allowAll();
    const bytes = response.body.subarray(0, MAX_ROBOTS_BYTES);
    const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
    return parseRobots(robotsUrl, text, response.contentType, options);
  } catch {
    return allowAll();
  }
}
