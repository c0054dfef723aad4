import { getDomain } from 'tldts';
import { EngineError } from '../errors/engine-error.js';
import { isNeverCrawledFile } from './file-types.js';
import type { RobotsRules } from './robots.js';
import { isSpaHashRoute } from './url-key.js';

/** Why a link is not crawled: the exact strings of wire contract 6.2, shown in debugging and `/errors`. */
export type DenialReason =
  | 'Maximum discovery depth reached'
  | 'URL matches exclude pattern'
  | 'URL does not match required include pattern'
  | 'URL blocked by robots.txt'
  | 'URL points to a file type that is not crawled'
  | 'URL could not be parsed'
  | 'URL cannot be crawled unless crawlEntireDomain is set to true'
  | 'URL is a social media or email link'
  | 'External URL not allowed'
  | 'URL contains section anchor (#)';

/** The denial a crawl records under `robotsBlocked` instead of as an ordinary skip. */
export const ROBOTS_BLOCKED_REASON: DenialReason = 'URL blocked by robots.txt';

/** The answer of a scope check: allowed, or denied with the reason. */
export type ScopeDecision = { allowed: true } | { allowed: false; reason: DenialReason };

/** The crawler options that decide which URLs a crawl may visit (wire contract 6.1). */
export interface CrawlScopeOptions {
  startUrl: string;
  includePaths: string[];
  excludePaths: string[];
  regexOnFullURL: boolean;
  crawlEntireDomain: boolean;
  allowSubdomains: boolean;
  allowExternalLinks: boolean;
  maxDiscoveryDepth?: number;
}

/** Where a link was found. */
export interface LinkContext {
  /** Final URL of the page the link is on. */
  fromUrl: string;
  /** Discovery depth of that page (the start URL and sitemap URLs are 0). */
  fromDepth: number;
  /** robots.txt rules to obey; absent when `ignoreRobotsTxt` is set. */
  robots?: RobotsRules;
}

/** The scope of one crawl: answers, for each discovered URL, whether it may be visited and why not. */
export interface CrawlScope {
  readonly startUrl: string;
  /** Decides a link found on a crawled page (wire contract 6.2). */
  check(link: string, context: LinkContext): ScopeDecision;
  /**
   * Decides the start URL itself once its links are queued (wire contract 6.3): include and
   * exclude patterns, file type and robots apply; a denial fails the start page with the reason.
   */
  checkStart(url: string, robots?: RobotsRules): ScopeDecision;
  /** Decides a URL found in a sitemap: a link of the start URL at depth 0 (wire contract 6.4). */
  checkSitemapUrl(url: string, robots?: RobotsRules): ScopeDecision;
}

const ALLOWED: ScopeDecision = Object.freeze({ allowed: true });
const denied = (reason: DenialReason): ScopeDecision => ({ allowed: false, reason });

/** Hosts whose links are never followed as external content, plus e-mail links. */
const SOCIAL_HOSTS = [
  'facebook.com',
  'twitter.com',
  'linkedin.com',
  'instagram.com',
  'pinterest.com',
  'github.com',
  'calendly.com',
  'discord.gg',
  'discord.com',
];

/** An exclude entry that reads as `[scheme://]host[/path]`: it also excludes that site's links. */
const DOMAIN_ENTRY = /^(?:https?:\/\/)?((?:[a-z0-9-]+\.)+[a-z0-9-]+)(\/[^\s]*)?$/i;

interface DomainExclude {
  host: string;
  pathPrefix: string;
}

interface PageInfo {
  url: string;
  host: string;
  onSite: boolean;
}

function stripWww(hostname: string): string {
  return hostname.startsWith('www.') ? hostname.slice(4) : hostname;
}

function parseHttpUrl(url: string): URL | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function isSocialOrMail(url: URL): boolean {
  if (url.protocol === 'mailto:') return true;
  return SOCIAL_HOSTS.some((social) => url.hostname === social || url.hostname.endsWith(`.${social}`));
}

/** An external site's home page: no path beyond `/` and no query. */
function isSiteRoot(url: URL): boolean {
  return url.pathname === '/' && url.search === '';
}

/** Compiles user patterns once; empty and whitespace-only entries are dropped (6.1). */
function compilePatterns(patterns: string[], field: string): RegExp[] {
  return patterns
    .filter((pattern) => pattern.trim() !== '')
    .map((pattern) => {
      try {
        return new RegExp(pattern);
      } catch (error) {
        throw new EngineError('BAD_REQUEST', `Invalid regular expression in ${field}: ${(error as Error).message}`);
      }
    });
}

function domainExcludes(patterns: string[]): DomainExclude[] {
  const entries: DomainExclude[] = [];
  for (const pattern of patterns) {
    const match = DOMAIN_ENTRY.exec(pattern.trim());
    if (match) entries.push({ host: stripWww(match[1]!.toLowerCase()), pathPrefix: match[2] ?? '' });
  }
  return entries;
}

/**
 * Builds the scope of a crawl from its options, compiling every pattern once.
 *
 * A link is "internal" when its host equals the host of the page it was found on, ignoring
 * scheme, port and a leading `www.`. External links are followed with `allowExternalLinks`
 * only from pages of the crawl's own site (the start host, plus its subdomains with
 * `allowSubdomains`) and never to a site's bare home page. Subdomains share the start URL's
 * registrable domain (public suffix list); IP literals and single-label hosts such as
 * `localhost` have no subdomains. The path rules (patterns, the backward rule, file types)
 * and robots.txt apply to every link; robots is checked last, so a URL is reported as
 * robots-blocked only when it would otherwise have been crawled.
 *
 * Throws `EngineError('BAD_REQUEST')` for an unparsable start URL or pattern.
 */
export function createCrawlScope(options: CrawlScopeOptions): CrawlScope {
  const start = parseHttpUrl(options.startUrl);
  if (!start) throw new EngineError('BAD_REQUEST', `Invalid start URL: ${options.startUrl}`);
  const includes = compilePatterns(options.includePaths, 'includePaths');
  const excludes = compilePatterns(options.excludePaths, 'excludePaths');
  const excludedSites = domainExcludes(options.excludePaths);
  const startHost = stripWww(start.hostname);
  const startPath = start.pathname;
  const maxDepth = options.maxDiscoveryDepth;

  const domains = new Map<string, string>();
  /** Registrable domain, or the host itself for IP literals and single-label hosts. */
  const registrableDomain = (hostname: string): string => {
    let domain = domains.get(hostname);
    if (domain === undefined) {
      domain = getDomain(hostname) ?? hostname;
      if (domains.size >= 10_000) domains.clear();
      domains.set(hostname, domain);
    }
    return domain;
  };
  const startDomain = registrableDomain(start.hostname);
  const isSubdomainOfStart = (hostname: string): boolean => registrableDomain(hostname) === startDomain;

  // Links of one page arrive together; remember the last page instead of re-parsing it per link.
  let lastPage: PageInfo | undefined;
  const pageInfo = (fromUrl: string): PageInfo => {
    if (lastPage?.url === fromUrl) return lastPage;
    const parsed = parseHttpUrl(fromUrl) ?? start;
    const host = stripWww(parsed.hostname);
    const onSite = host === startHost || (options.allowSubdomains && isSubdomainOfStart(parsed.hostname));
    lastPage = { url: fromUrl, host, onSite };
    return lastPage;
  };

  const externalDenial = (url: URL, host: string, page: PageInfo): DenialReason | undefined => {
    if (isSocialOrMail(url)) return 'URL is a social media or email link';
    if (
      excludedSites.some(
        (site) => (host === site.host || host.endsWith(`.${site.host}`)) && url.pathname.startsWith(site.pathPrefix),
      )
    ) {
      return 'URL matches exclude pattern';
    }
    if (options.allowExternalLinks && page.onSite && !isSiteRoot(url)) return undefined;
    if (options.allowSubdomains && isSubdomainOfStart(url.hostname)) return undefined;
    return 'External URL not allowed';
  };

  /** Patterns, file type and robots: the rules every crawled URL passes, the start URL included. */
  const pathDenial = (
    url: URL,
    internal: boolean,
    robots: RobotsRules | undefined,
    backward: boolean,
  ): DenialReason | undefined => {
    const target = options.regexOnFullURL ? url.href : url.pathname;
    // Internal links are also excluded on their pathname alone, as Firecrawl's link filter does.
    if (
      excludes.some((regex) => regex.test(target) || (internal && options.regexOnFullURL && regex.test(url.pathname)))
    ) {
      return 'URL matches exclude pattern';
    }
    if (includes.length > 0 && !includes.some((regex) => regex.test(target)))
      return 'URL does not match required include pattern';
    if (backward && !options.crawlEntireDomain && !url.pathname.startsWith(startPath)) {
      return 'URL cannot be crawled unless crawlEntireDomain is set to true';
    }
    if (isNeverCrawledFile(url.pathname)) return 'URL points to a file type that is not crawled';
    if (robots && !robots.isAllowed(url)) return ROBOTS_BLOCKED_REASON;
    return undefined;
  };

  const check = (link: string, context: LinkContext): ScopeDecision => {
    if (maxDepth !== undefined && context.fromDepth >= maxDepth) return denied('Maximum discovery depth reached');
    const url = parseHttpUrl(link);
    if (!url) {
      return denied(/^\s*mailto:/i.test(link) ? 'URL is a social media or email link' : 'URL could not be parsed');
    }
    const page = pageInfo(context.fromUrl);
    const host = stripWww(url.hostname);
    const internal = host === page.host;
    if (internal) {
      if (link.includes('#') && !isSpaHashRoute(link)) return denied('URL contains section anchor (#)');
    } else {
      const reason = externalDenial(url, host, page);
      if (reason) return denied(reason);
    }
    const reason = pathDenial(url, internal, context.robots, true);
    return reason ? denied(reason) : ALLOWED;
  };

  return {
    startUrl: start.href,
    check,
    checkStart(url: string, robots?: RobotsRules): ScopeDecision {
      const parsed = parseHttpUrl(url);
      if (!parsed) return denied('URL could not be parsed');
      const reason = pathDenial(parsed, true, robots, false);
      return reason ? denied(reason) : ALLOWED;
    },
    checkSitemapUrl(url: string, robots?: RobotsRules): ScopeDecision {
      return check(url, { fromUrl: start.href, fromDepth: 0, ...(robots ? { robots } : {}) });
    },
  };
}
