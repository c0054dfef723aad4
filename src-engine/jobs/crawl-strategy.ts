import type { CrawlRequest } from '../contracts/index.js';
import { EngineError } from '../errors/engine-error.js';
import { fetchRobots, type CrawlResourceFetcher, type RobotsRules } from '../crawl/robots.js';
import { createCrawlScope, ROBOTS_BLOCKED_REASON, type CrawlScope } from '../crawl/scope.js';
import { discoverSitemapUrls } from '../crawl/sitemap.js';
import { crawlDedupeKey, normalizeCrawlUrl } from '../crawl/url-key.js';
import type { ScrapeOutcome } from '../scrape/scrape-service.js';
import type { NewPage, PageRecord } from '../store/pages-repo.js';
import { extractDiscoveryLinks } from '../transform/links.js';
import type { ActiveJob, JobStrategy } from './active-job.js';

/** The crawler options a crawl job keeps (the validated request minus scrape options). */
export type CrawlerSettings = Pick<
  CrawlRequest,
  | 'url' | 'includePaths' | 'excludePaths' | 'maxDiscoveryDepth' | 'crawlEntireDomain' | 'allowExternalLinks'
  | 'allowSubdomains' | 'ignoreRobotsTxt' | 'robotsUserAgent' | 'sitemap' | 'deduplicateSimilarURLs'
  | 'ignoreQueryParameters' | 'regexOnFullURL' | 'limit'
>;

/**
 * Crawl discovery on top of the shared page loop: seeds the start URL and the sitemap, follows
 * links found in each page's raw HTML through the scope rules, and records robots.txt denials.
 */
export class CrawlStrategy implements JobStrategy {
  readonly keepRawHtml = true;
  private readonly scope: CrawlScope;
  private readonly robots = new Map<string, Promise<RobotsRules | undefined>>();
  private startUrl: string;

  constructor(
    private readonly settings: CrawlerSettings,
    private readonly fetchResource: CrawlResourceFetcher,
    private readonly defaultRobotsAgent: string,
  ) {
    this.startUrl = settings.url;
    this.scope = createCrawlScope({
      startUrl: settings.url,
      includePaths: settings.includePaths.filter((p) => p.trim() !== ''),
      excludePaths: settings.excludePaths.filter((p) => p.trim() !== ''),
      regexOnFullURL: settings.regexOnFullURL,
      crawlEntireDomain: settings.crawlEntireDomain,
      allowSubdomains: settings.allowSubdomains,
      allowExternalLinks: settings.allowExternalLinks,
      maxDiscoveryDepth: settings.maxDiscoveryDepth,
    });
  }

  private key(url: string): string {
    return crawlDedupeKey(url, {
      deduplicateSimilarURLs: this.settings.deduplicateSimilarURLs,
      ignoreQueryParameters: this.settings.ignoreQueryParameters,
    });
  }

  /**
   * The URL queued and scraped: the fragment is dropped but the query is kept, so the first
   * spelling seen is the one scraped (its sourceURL keeps the query); `ignoreQueryParameters`
   * acts through the dedupe key only (wire contract 6.5).
   */
  private normalize(url: string): string {
    return normalizeCrawlUrl(url, { ignoreQueryParameters: false });
  }

  /** robots.txt of an origin, fetched once per crawl; undefined when robots are ignored. */
  private robotsFor(url: string): Promise<RobotsRules | undefined> {
    if (this.settings.ignoreRobotsTxt) return Promise.resolve(undefined);
    const origin = new URL(url).origin;
    let rules = this.robots.get(origin);
    if (!rules) {
      rules = fetchRobots(origin, this.fetchResource, { userAgent: this.settings.robotsUserAgent ?? this.defaultRobotsAgent }).catch(
        () => undefined,
      );
      this.robots.set(origin, rules);
    }
    return rules;
  }

  async kickoff(job: ActiveJob): Promise<void> {
    const { pages } = job.deps.tables;
    const start = this.normalize(this.startUrl);
    const robots = await this.robotsFor(start);
    // A start URL that robots.txt disallows is never requested (it is listed under robotsBlocked).
    const startBlocked = robots !== undefined && !robots.isAllowed(start);
    if (job.stopped) return;
    const seeded = pages.enqueue(
      job.id,
      [{ url: start, dedupeKey: this.key(start), depth: 0, state: startBlocked ? 'robots-blocked' : 'queued' }],
      this.settings.limit,
    );
    job.markQueueChanged();
    // A kickoff resumed after a restart finds the start URL already queued: `started` was sent then.
    if (seeded.length > 0) job.emitWebhook('crawl.started', { success: true });
    if (this.settings.sitemap === 'skip') return;
    const found = await discoverSitemapUrls(start, {
      robotsSitemaps: robots?.sitemaps ?? [],
      fetchResource: (url, options) => this.fetchAllowedSitemap(url, options),
      maxUrls: this.settings.limit * 2 + 100,
      signal: job.signal,
    });
    if (job.stopped) return;
    const additions: NewPage[] = [];
    for (const raw of found) {
      const url = this.normalize(raw);
      const decision = this.scope.checkSitemapUrl(url, await this.robotsFor(url));
      if (decision.allowed) additions.push({ url, dedupeKey: this.key(url), depth: 0 });
      else if (decision.reason === ROBOTS_BLOCKED_REASON) additions.push({ url, dedupeKey: this.key(url), depth: 0, state: 'robots-blocked' });
    }
    if (job.stopped) return;
    pages.enqueue(job.id, additions, this.settings.limit);
    job.markQueueChanged();
  }

  /** Fetches a sitemap document unless robots.txt disallows its path (answered as a 404 then). */
  private async fetchAllowedSitemap(url: string, options?: { signal?: AbortSignal }) {
    const robots = await this.robotsFor(url);
    if (robots && !robots.isAllowed(url)) return { statusCode: 404, contentType: 'text/plain', body: Buffer.alloc(0) };
    return this.fetchResource(url, options);
  }

  async afterScrape(job: ActiveJob, page: PageRecord, outcome: ScrapeOutcome): Promise<{ reject?: EngineError }> {
    const { pages } = job.deps.tables;
    const isStart = page.seq === 0;
    const finalUrl = this.normalize(outcome.finalUrl);
    if (finalUrl !== this.normalize(page.url)) {
      if (!pages.claimAlias(job.id, this.key(finalUrl), page.seq)) {
        return { reject: new EngineError('SCRAPE_RACED_REDIRECT_ERROR', 'Redirected to a page this crawl already visits') };
      }
      if (!isStart) {
        const decision = this.scope.check(finalUrl, { fromUrl: page.url, fromDepth: Math.max(0, page.depth - 1), robots: await this.robotsFor(finalUrl) });
        if (!decision.allowed) return { reject: new EngineError('BAD_REQUEST', `Redirect target rejected: ${decision.reason}`, { status: 400 }) };
      }
    }

    if (outcome.rawHtml) await this.discover(job, finalUrl, page.depth, outcome.rawHtml);

    if (isStart) {
      // Wire contract 6.3: the start page's links are followed even when its own URL is out of scope.
      const decision = this.scope.checkStart(this.normalize(page.url), await this.robotsFor(page.url));
      if (!decision.allowed) return { reject: new EngineError('BAD_REQUEST', decision.reason, { status: 400 }) };
    }
    return {};
  }

  private async discover(job: ActiveJob, pageUrl: string, depth: number, rawHtml: string): Promise<void> {
    const links = extractDiscoveryLinks(rawHtml, pageUrl);
    const additions: NewPage[] = [];
    const seen = new Set<string>();
    for (const link of links) {
      const decision = this.scope.check(link, { fromUrl: pageUrl, fromDepth: depth, robots: await this.robotsFor(link) });
      if (!decision.allowed && decision.reason !== ROBOTS_BLOCKED_REASON) continue;
      const url = this.normalize(link);
      const key = this.key(url);
      if (seen.has(key)) continue;
      seen.add(key);
      additions.push(
        decision.allowed ? { url, dedupeKey: key, depth: depth + 1 } : { url, dedupeKey: key, depth: depth + 1, state: 'robots-blocked' },
      );
    }
    if (additions.length === 0 || job.stopped) return;
    const added = job.deps.tables.pages.enqueue(job.id, additions, this.settings.limit);
    if (added.length > 0) job.markQueueChanged();
  }
}
