/**
 * The fetcher for pages that need a real browser: renders the URL in a pooled Chromium
 * page with the request's device, location, headers and blocking, waits for the page to
 * settle, runs the actions, captures the screenshot and returns the final HTML together
 * with the status and headers of the main navigation. The whole fetch shares one budget.
 */
import type { Page, Response } from 'playwright-core';
import { EngineError, isEngineError } from '../errors/engine-error.js';
import { isBlockedUrl } from '../browser/ad-block.js';
import { Deadline } from '../browser/deadline.js';
import { routeResolvedHosts, type HostResolver } from '../browser/host-route.js';
import { locationProfile } from '../browser/location-profile.js';
import { navigationError } from '../browser/navigation-error.js';
import { waitForPageSettled } from '../browser/page-settle.js';
import type { BrowserPool, PageOptions } from '../browser/pool.js';
import { captureScreenshot, runActions } from './actions.js';
import type { ActionResults, Fetcher, FetcherCapabilities, FetchRequest, FetchResult } from './types.js';

export interface BrowserFetcherOptions {
  /** User agent of plain desktop pages (the engine's own). */
  userAgent: string;
  /** Resolves host names to local addresses instead of DNS (hermetic multi-host fixtures). */
  hostResolver?: HostResolver;
}

/** Longest wait for the `load` event once the document is parsed. */
const LOAD_CAP_MS = 10_000;
/** Longest wait for data requests started by the page after `load`. */
const SETTLE_CAP_MS = 3_000;

/** Message of the 400 answered when a request needs a browser and none is configured or found. */
export const BROWSER_UNAVAILABLE_MESSAGE =
  'This request needs a browser (JavaScript rendering, screenshot, actions, waitFor or mobile), but no ' +
  'Chromium, Chrome or Edge was found. Install one, or point Trawl at it with the --chromium flag or the ' +
  'TRAWL_CHROMIUM environment variable.';

function splitUserAgent(headers: Record<string, string> | undefined): {
  userAgent?: string;
  rest: Record<string, string>;
} {
  const rest: Record<string, string> = {};
  let userAgent: string | undefined;
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === 'user-agent') userAgent = value;
    else rest[name] = value;
  }
  return { userAgent, rest };
}

function isHtmlType(contentType: string): boolean {
  return contentType === '' || /html|xml/i.test(contentType);
}

/** What a real browser serves: everything. Declared once for every browser-backed fetcher. */
export const BROWSER_CAPABILITIES: FetcherCapabilities = {
  javascript: true,
  screenshot: true,
  actions: true,
  mobile: true,
  pdf: true,
  waitFor: true,
};

export class BrowserFetcher implements Fetcher {
  readonly name = 'browser' as const;
  readonly capabilities = BROWSER_CAPABILITIES;

  constructor(
    private readonly pool: BrowserPool,
    private readonly options: BrowserFetcherOptions,
  ) {}

  async fetch(request: FetchRequest): Promise<FetchResult> {
    if (!this.pool.available()) throw new EngineError('BROWSER_UNAVAILABLE', BROWSER_UNAVAILABLE_MESSAGE);
    const deadline = new Deadline(request.timeoutMs, request.signal);
    try {
      return await deadline.race(
        this.pool.withPage(this.pageOptions(request), (page) => this.render(page, request, deadline)),
        `loading ${request.url}`,
      );
    } catch (error) {
      throw navigationError(error, request.url);
    }
  }

  private pageOptions(request: FetchRequest): PageOptions {
    const { userAgent, rest } = splitUserAgent(request.headers);
    const location = locationProfile(request.location);
    const needsMedia =
      request.screenshot !== undefined ||
      (request.actions ?? []).some((action) => action.type === 'screenshot' || action.type === 'pdf');
    return {
      mobile: request.mobile ?? false,
      viewport: request.screenshot?.viewport,
      locale: location.locale,
      timezoneId: location.timezoneId,
      languages: location.languages,
      userAgent,
      defaultUserAgent: this.options.userAgent,
      extraHeaders: rest,
      ignoreHTTPSErrors: request.skipTlsVerification,
      // A page the user asked for loads even when its own host is on a filter list.
      blockAds: (request.blockAds ?? true) && !isBlockedUrl(request.url),
      allowMedia: needsMedia,
      stealth: request.stealth ?? false,
    };
  }

  private async render(page: Page, request: FetchRequest, deadline: Deadline): Promise<FetchResult> {
    const unroute = this.options.hostResolver ? await routeResolvedHosts(page, this.options.hostResolver) : undefined;
    try {
      const response = await this.navigate(page, request.url, deadline);
      if (request.waitFor) await deadline.race(page.waitForTimeout(request.waitFor), 'waiting (waitFor)');
      let actions: ActionResults | undefined;
      if (request.actions?.length) actions = await runActions(page, request.actions, deadline);
      const screenshot = request.screenshot
        ? await captureScreenshot(page, request.screenshot, deadline)
        : undefined;
      return await this.capture(page, response, request, deadline, { screenshot, actions });
    } finally {
      await unroute?.();
    }
  }

  private async navigate(page: Page, url: string, deadline: Deadline): Promise<Response | null> {
    let response: Response | null;
    try {
      response = await deadline.race(
        page.goto(url, { waitUntil: 'domcontentloaded', timeout: deadline.remaining() }),
        `loading ${url}`,
      );
    } catch (error) {
      throw isEngineError(error) ? error : navigationError(error, url);
    }
    // Late subresources must not hold the scrape: `load` is waited for, up to a cap.
    await deadline
      .race(page.waitForLoadState('load', { timeout: Math.min(LOAD_CAP_MS, deadline.remaining()) }), 'loading')
      .catch((error: unknown) => {
        if (isEngineError(error)) throw error;
      });
    await deadline.race(
      waitForPageSettled(page, Math.min(SETTLE_CAP_MS, deadline.remaining())),
      'waiting for the page to render',
    );
    return response;
  }

  private async capture(
    page: Page,
    response: Response | null,
    request: FetchRequest,
    deadline: Deadline,
    extras: { screenshot?: string; actions?: ActionResults },
  ): Promise<FetchResult> {
    const headers = response ? response.headers() : {};
    const contentType = headers['content-type'] ?? '';
    let text: string;
    let body: Buffer;
    if (!isHtmlType(contentType) && response && !request.actions?.length) {
      // JSON, text and the like: the response itself, not the viewer page Chromium wraps it in.
      body = await deadline.race(response.body(), 'reading the response');
      text = body.toString('utf8');
    } else {
      text = await deadline.race(page.content(), 'reading the page');
      body = Buffer.from(text, 'utf8');
    }
    if (body.length > request.maxBytes) {
      throw new EngineError(
        'SCRAPE_CONTENT_TOO_LARGE',
        `The page is larger than the limit of ${request.maxBytes} bytes.`,
      );
    }
    return {
      url: page.url(),
      statusCode: response?.status() ?? 200,
      contentType,
      headers,
      body,
      text,
      fetcher: 'browser',
      screenshot: extras.screenshot,
      actions: extras.actions,
    };
  }
}
