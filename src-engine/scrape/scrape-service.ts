import type { ScrapedDocument, ScrapeOptions } from '../contracts/index.js';
import { EngineError, toEngineError } from '../errors/engine-error.js';
import type { FetchRequest, FetchResult, Fetcher } from '../fetch/types.js';
import type { LlmClient } from '../llm/chat-client.js';
import type { StoreTables } from '../store/store.js';
import { cacheEligible, cacheKeyFor } from './cache-key.js';
import { planScrape } from './plan.js';
import { buildDocument, transformContent } from './build-document.js';
import { needsJavaScript } from './needs-javascript.js';
import { StepTimer } from './step-timer.js';

export interface ScrapeTarget {
  /** The URL to fetch (normalised). */
  url: string;
  /** The URL exactly as the client wrote it (`metadata.sourceURL`). */
  sourceURL: string;
  options: ScrapeOptions;
  zeroDataRetention: boolean;
  scrapeId: string;
  signal?: AbortSignal;
  /** Crawls need the raw HTML for link discovery even when `rawHtml` was not requested. */
  keepRawHtml?: boolean;
}

export interface ScrapeOutcome {
  document: ScrapedDocument;
  /** Raw HTML of the page (when kept), for link discovery. */
  rawHtml?: string;
  finalUrl: string;
  statusCode: number;
  bytes: number;
  /** The Retry-After header of the answer, for politeness back-off on 429/503. */
  retryAfter?: string;
}

export interface ScrapeServiceDeps {
  http: Fetcher;
  browser?: Fetcher;
  browserAvailable: () => boolean;
  forceFetcher?: 'http' | 'browser';
  maxResponseBytes: number;
  /** The store tables for cache and change history (disk); undefined entries are skipped. */
  tables: () => StoreTables;
  llm: () => LlmClient | undefined;
  log: (level: 'debug' | 'info' | 'error', message: string) => void;
}

/** Default per-page budget (decision 13). */
const DEFAULT_TIMEOUT_MS = 60_000;
/**
 * Answers that `proxy: "auto"` retries with the stealth profile. A 429 is not among them: it
 * asks for patience, and an immediate second request would ignore its Retry-After.
 */
const BLOCKING_STATUSES = new Set([401, 403]);
/** Firecrawl's wording when the engine could not honour an option. */
const UNSUPPORTED_FEATURES_WARNING = 'The engine used does not support the following features: ';

/**
 * One URL in, one document out: plan → cache → fetch (HTTP, escalating to the browser when the
 * page needs JavaScript or the proxy mode asks for stealth) → transform → formats → document.
 */
export class ScrapeService {
  constructor(private readonly deps: ScrapeServiceDeps) {}

  async scrape(target: ScrapeTarget): Promise<ScrapeOutcome> {
    const { options } = target;
    const timer = new StepTimer();
    const budgetMs = options.timeout ?? DEFAULT_TIMEOUT_MS;
    const deadline = Date.now() + budgetMs;
    this.rejectZdrViolations(target);

    const plan = timer.time('plan', () =>
      planScrape(options, {
        browserAvailable: this.deps.browserAvailable(),
        forceFetcher: this.deps.forceFetcher,
        browserCapabilities: this.deps.browser?.capabilities ?? {
          javascript: false,
          screenshot: false,
          actions: false,
          mobile: false,
          pdf: false,
          waitFor: false,
        },
      }),
    );

    const useCache = cacheEligible(options, target.zeroDataRetention);
    const cacheKey = useCache ? cacheKeyFor(target.url, options) : undefined;
    const maxAge = options.maxAge ?? 172_800_000;
    if (cacheKey) {
      const cached = timer.time('cache-lookup', () => this.deps.tables().cache.get(cacheKey));
      if (cached && Date.now() - cached.cachedAt <= maxAge && !target.keepRawHtml) {
        const document: ScrapedDocument = structuredClone(cached.document);
        document.metadata = {
          ...document.metadata,
          sourceURL: target.sourceURL,
          scrapeId: target.scrapeId,
          cacheState: 'hit',
          cachedAt: new Date(cached.cachedAt).toISOString(),
        };
        return { document, finalUrl: String(document.metadata.url ?? target.url), statusCode: document.metadata.statusCode, bytes: 0 };
      }
    }

    // The stealth profile lives in the browser; without one the page is fetched plainly, and
    // the document says so instead of claiming (and billing) a stealth fetch that never happened.
    const stealthWanted = options.proxy === 'stealth';
    const stealthFirst = stealthWanted && this.deps.browserAvailable();
    let proxyUsed: 'basic' | 'stealth' = stealthFirst ? 'stealth' : 'basic';
    let fetched = await timer.timeAsync('fetch', () =>
      this.fetchWith(plan.fetcher === 'browser' || stealthFirst ? 'browser' : 'http', target, deadline, stealthFirst),
    );

    if (
      options.proxy === 'auto' &&
      BLOCKING_STATUSES.has(fetched.statusCode) &&
      this.deps.browserAvailable() &&
      this.remaining(deadline) > 1000
    ) {
      // Firecrawl's `auto`: a blocked answer is retried once with the stealth profile. Only the
      // browser has one; repeating the same plain request would just hit a rate limit again.
      const retried = await this.fetchWith('browser', target, deadline, true).catch(() => undefined);
      if (retried && !BLOCKING_STATUSES.has(retried.statusCode)) {
        fetched = retried;
        proxyUsed = 'stealth';
      }
    }

    // Escalation is decided on the transformed content; formats (and their side effects, such as
    // change history and model calls) are produced once, from the final page only.
    let transformed = await transformContent({ target, fetched, deadline, timer });
    let escalationWarning: string | undefined;
    if (fetched.fetcher === 'http' && plan.mayEscalate && transformed.kind === 'html' && this.remaining(deadline) > 2000) {
      const escalate = needsJavaScript({ html: fetched.text, mainContentText: transformed.markdown, contentType: fetched.contentType });
      if (escalate) {
        this.deps.log('debug', `escalating ${target.url} to the browser: the page needs JavaScript`);
        const rendered = await this.fetchWith('browser', target, deadline, proxyUsed === 'stealth').catch((error: unknown) => {
          // The page as served over HTTP is still an answer; the document says what is missing.
          escalationWarning = `The page seems to need JavaScript, but rendering it in the browser failed (${toEngineError(error).message}); this is the page as served over HTTP.`;
          return undefined;
        });
        if (rendered) {
          fetched = rendered;
          transformed = await transformContent({ target, fetched, deadline, timer });
        }
      }
    }
    const built = await buildDocument(
      {
        target,
        fetched,
        deadline,
        proxyUsed,
        cacheState: cacheKey ? 'miss' : undefined,
        timer,
        llm: this.deps.llm(),
        tables: this.deps.tables(),
      },
      transformed,
    );

    if (escalationWarning) {
      built.document.warning = built.document.warning ? `${built.document.warning} ${escalationWarning}` : escalationWarning;
    }
    if (stealthWanted && !stealthFirst) {
      const warning = `${UNSUPPORTED_FEATURES_WARNING}stealthProxy (no browser is available) -- your scrape may be partial.`;
      built.document.warning = built.document.warning ? `${built.document.warning} ${warning}` : warning;
    }

    // Error answers (429, 5xx, 404…) are not kept: a later scrape should ask the site again.
    if (cacheKey && options.storeInCache && fetched.statusCode < 400) {
      timer.time('cache-store', () => this.deps.tables().cache.put(cacheKey, target.url, built.document));
    }
    this.deps.log('debug', `scraped ${target.url} via ${fetched.fetcher}: ${timer.summary()}`);
    const outcome: ScrapeOutcome = {
      document: built.document,
      finalUrl: fetched.url,
      statusCode: fetched.statusCode,
      bytes: fetched.body.length,
    };
    if (fetched.headers['retry-after']) outcome.retryAfter = fetched.headers['retry-after'];
    if (target.keepRawHtml && built.kind === 'html') outcome.rawHtml = fetched.text;
    return outcome;
  }

  private remaining(deadline: number): number {
    return deadline - Date.now();
  }

  private async fetchWith(name: 'http' | 'browser', target: ScrapeTarget, deadline: number, stealth: boolean): Promise<FetchResult> {
    const fetcher = name === 'browser' ? this.deps.browser : this.deps.http;
    if (!fetcher) throw new EngineError('BROWSER_UNAVAILABLE', 'No browser is available for this request.');
    const timeoutMs = this.remaining(deadline);
    if (timeoutMs <= 0) throw new EngineError('SCRAPE_TIMEOUT', 'Scrape timed out');
    const { options } = target;
    const screenshot = options.formats.find((f) => f.type === 'screenshot');
    const request: FetchRequest = {
      url: target.url,
      timeoutMs,
      signal: target.signal,
      headers: options.headers,
      skipTlsVerification: options.skipTlsVerification ?? true,
      location: options.location,
      maxBytes: this.deps.maxResponseBytes,
      waitFor: options.waitFor,
      mobile: options.mobile,
      blockAds: options.blockAds,
      actions: options.actions,
      screenshot: screenshot?.type === 'screenshot' ? screenshot : undefined,
      stealth,
    };
    return fetcher.fetch(request);
  }

  /** Zero-data-retention scrapes cannot produce screenshots or PDFs (Appendix D). */
  private rejectZdrViolations(target: ScrapeTarget): void {
    if (!target.zeroDataRetention) return;
    const { options } = target;
    const feature = options.formats.some((f) => f.type === 'screenshot')
      ? 'Screenshot format'
      : options.actions?.some((a) => a.type === 'screenshot' || a.type === 'pdf')
        ? 'Screenshot and PDF actions'
        : undefined;
    if (feature) {
      throw new EngineError('SCRAPE_ZDR_VIOLATION_ERROR', `${feature} is not supported when using zeroDataRetention.`, { status: 400 });
    }
  }
}
