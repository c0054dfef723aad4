import type { PreviewedCrawlOptions } from '../api/client';

const lines = (text: string) => text.split('\n').map((s) => s.trim()).filter(Boolean);

/** The crawler options of a crawl (its scrape options live in a {@link ScrapeOptionsForm}). */
export class CrawlOptionsForm {
  url = $state('');
  prompt = $state('');
  includePaths = $state('');
  excludePaths = $state('');
  maxDiscoveryDepth = $state<number | null>(null);
  limit = $state<number | null>(null);
  crawlEntireDomain = $state(false);
  allowExternalLinks = $state(false);
  allowSubdomains = $state(false);
  ignoreRobotsTxt = $state(false);
  robotsUserAgent = $state('');
  sitemap = $state<'include' | 'skip' | 'only'>('include');
  deduplicateSimilarURLs = $state(true);
  ignoreQueryParameters = $state(false);
  regexOnFullURL = $state(false);
  delay = $state<number | null>(null);
  maxConcurrency = $state<number | null>(null);
  webhookUrl = $state('');
  webhookEvents = $state<Record<'started' | 'page' | 'completed' | 'failed', boolean>>({
    started: true, page: true, completed: true, failed: true,
  });
  webhookHeaders = $state<{ name: string; value: string }[]>([]);
  webhookMetadata = $state('');

  /** The crawl request without `scrapeOptions`, only fields that differ from the defaults. */
  build(): { body: Record<string, unknown>; localIssues: { path: (string | number)[]; message: string }[] } {
    const b: Record<string, unknown> = { url: this.url.trim() };
    const localIssues: { path: (string | number)[]; message: string }[] = [];
    if (this.prompt.trim()) b.prompt = this.prompt.trim();
    if (lines(this.includePaths).length) b.includePaths = lines(this.includePaths);
    if (lines(this.excludePaths).length) b.excludePaths = lines(this.excludePaths);
    if (this.maxDiscoveryDepth !== null) b.maxDiscoveryDepth = this.maxDiscoveryDepth;
    if (this.limit !== null) b.limit = this.limit;
    if (this.crawlEntireDomain) b.crawlEntireDomain = true;
    if (this.allowExternalLinks) b.allowExternalLinks = true;
    if (this.allowSubdomains) b.allowSubdomains = true;
    if (this.ignoreRobotsTxt) b.ignoreRobotsTxt = true;
    if (this.robotsUserAgent.trim()) b.robotsUserAgent = this.robotsUserAgent.trim();
    if (this.sitemap !== 'include') b.sitemap = this.sitemap;
    if (!this.deduplicateSimilarURLs) b.deduplicateSimilarURLs = false;
    if (this.ignoreQueryParameters) b.ignoreQueryParameters = true;
    if (this.regexOnFullURL) b.regexOnFullURL = true;
    if (this.delay !== null) b.delay = this.delay;
    if (this.maxConcurrency !== null) b.maxConcurrency = this.maxConcurrency;
    if (this.webhookUrl.trim()) {
      const webhook: Record<string, unknown> = {
        url: this.webhookUrl.trim(),
        events: Object.entries(this.webhookEvents).filter(([, on]) => on).map(([name]) => name),
      };
      const headers = this.webhookHeaders.filter((h) => h.name.trim());
      if (headers.length) webhook.headers = Object.fromEntries(headers.map((h) => [h.name.trim(), h.value]));
      if (this.webhookMetadata.trim()) {
        try {
          webhook.metadata = JSON.parse(this.webhookMetadata);
        } catch (error) {
          localIssues.push({ path: ['webhook', 'metadata'], message: `Not valid JSON: ${(error as Error).message}` });
        }
      }
      b.webhook = webhook;
    }
    return { body: b, localIssues };
  }

  /** Fills the form with the options a prompt produced; returns the names of the fields set. */
  applyPreview(data: PreviewedCrawlOptions): string[] {
    const set: string[] = [];
    const bool = (key: 'crawlEntireDomain' | 'allowExternalLinks' | 'allowSubdomains' | 'ignoreQueryParameters' | 'deduplicateSimilarURLs') => {
      if (typeof data[key] === 'boolean') {
        this[key] = data[key] as boolean;
        set.push(key);
      }
    };
    if (Array.isArray(data.includePaths)) {
      this.includePaths = (data.includePaths as string[]).join('\n');
      set.push('includePaths');
    }
    if (Array.isArray(data.excludePaths)) {
      this.excludePaths = (data.excludePaths as string[]).join('\n');
      set.push('excludePaths');
    }
    const depth = data.maxDiscoveryDepth ?? data.maxDepth;
    if (typeof depth === 'number') {
      this.maxDiscoveryDepth = depth;
      set.push('maxDiscoveryDepth');
    }
    if (typeof data.limit === 'number') {
      this.limit = data.limit;
      set.push('limit');
    }
    if (typeof data.delay === 'number') {
      this.delay = data.delay > 0 ? data.delay : null;
      set.push('delay');
    }
    if (data.sitemap === 'include' || data.sitemap === 'skip' || data.sitemap === 'only') {
      this.sitemap = data.sitemap;
      set.push('sitemap');
    }
    bool('crawlEntireDomain');
    bool('allowExternalLinks');
    bool('allowSubdomains');
    bool('ignoreQueryParameters');
    bool('deduplicateSimilarURLs');
    return set;
  }

  /**
   * Fills the form from a crawl request (a job's options, to run it again): the inverse of
   * {@link build}. Absent options return to their defaults; `scrapeOptions` is left to the
   * scrape options form.
   */
  load(options: Record<string, unknown>): void {
    const str = (value: unknown) => (typeof value === 'string' ? value : '');
    const num = (value: unknown) => (typeof value === 'number' ? value : null);
    const list = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
    this.url = str(options.url);
    this.prompt = str(options.prompt);
    this.includePaths = list(options.includePaths).join('\n');
    this.excludePaths = list(options.excludePaths).join('\n');
    this.maxDiscoveryDepth = num(options.maxDiscoveryDepth ?? options.maxDepth);
    this.limit = num(options.limit);
    this.crawlEntireDomain = options.crawlEntireDomain === true;
    this.allowExternalLinks = options.allowExternalLinks === true;
    this.allowSubdomains = options.allowSubdomains === true;
    this.ignoreRobotsTxt = options.ignoreRobotsTxt === true;
    this.robotsUserAgent = str(options.robotsUserAgent);
    this.sitemap = options.sitemap === 'skip' || options.sitemap === 'only' ? options.sitemap : 'include';
    this.deduplicateSimilarURLs = options.deduplicateSimilarURLs !== false;
    this.ignoreQueryParameters = options.ignoreQueryParameters === true;
    this.regexOnFullURL = options.regexOnFullURL === true;
    this.delay = num(options.delay) || null;
    this.maxConcurrency = num(options.maxConcurrency);
    const webhook = typeof options.webhook === 'string' ? { url: options.webhook } : ((options.webhook ?? {}) as Record<string, unknown>);
    this.webhookUrl = str(webhook.url);
    const events = Array.isArray(webhook.events) ? list(webhook.events) : undefined;
    for (const name of ['started', 'page', 'completed', 'failed'] as const) this.webhookEvents[name] = events ? events.includes(name) : true;
    const headers = webhook.headers && typeof webhook.headers === 'object' ? Object.entries(webhook.headers as Record<string, unknown>) : [];
    this.webhookHeaders = headers.map(([name, value]) => ({ name, value: String(value) }));
    this.webhookMetadata = webhook.metadata === undefined ? '' : JSON.stringify(webhook.metadata);
  }
}
