/**
 * A bounded set of warm browser contexts shared by every page of every job. Each use gets
 * a clean state (cookies, storage, permissions, popups) reset in place, which costs a
 * fraction of a new context; contexts are recycled after a number of pages or on error.
 * A crashed or killed browser is detected, relaunched through the provider, and the page
 * in flight is retried once.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { EngineError } from '../errors/engine-error.js';
import type { BrowserProvider } from './provider.js';
import { cosmeticFilterScript } from './ad-block.js';
import { DESKTOP_PROFILE, mobileProfile, type DeviceProfile, type Viewport } from './device-profiles.js';
import { acceptLanguageHeader } from './location-profile.js';
import { PENDING_REQUESTS_SCRIPT } from './page-settle.js';
import { RequestBlocking } from './request-blocking.js';
import { STEALTH_DEFAULT_LOCATION, stealthIdentity, stealthInitScript, type StealthIdentity } from './stealth.js';

/** What a page must look like for one use. */
export interface PageOptions {
  /** Render as a phone (viewport, user agent, touch, device scale). */
  mobile?: boolean;
  /** Viewport for this use (default 1920×1080, or the phone's). */
  viewport?: Viewport;
  /** BCP 47 locale (`navigator.language`, `Intl`). */
  locale?: string;
  /** IANA timezone. */
  timezoneId?: string;
  /** Ordered languages: `navigator.languages` and `Accept-Language`. */
  languages?: string[];
  /** User agent that wins over every profile (a request's own `User-Agent` header). */
  userAgent?: string;
  /** User agent of plain desktop pages (the engine's own). */
  defaultUserAgent?: string;
  /** Headers added to every request of this use. */
  extraHeaders?: Record<string, string>;
  /** Accept invalid or self-signed certificates. */
  ignoreHTTPSErrors?: boolean;
  /** Block ads and trackers and hide cookie banners (default true). */
  blockAds?: boolean;
  /** Download images, media and fonts (needed by screenshots and PDFs; default false). */
  allowMedia?: boolean;
  /** Present the hardened fingerprint of `proxy: "stealth"`. */
  stealth?: boolean;
}

export interface BrowserPoolOptions {
  /** Contexts open at once, busy or idle; also the number of pages rendered at once. */
  maxContexts?: number;
  /** A context is closed and replaced after this many uses. */
  recycleAfterPages?: number;
}

interface ContextEntry {
  key: string;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  blocking: RequestBlocking;
  profile: DeviceProfile;
  viewport: Viewport;
  headersSet: boolean;
  uses: number;
  origins: Set<string>;
  crashed: boolean;
}

interface ResolvedContextOptions {
  mobile: boolean;
  userAgent?: string;
  defaultUserAgent?: string;
  locale?: string;
  timezoneId?: string;
  languages?: string[];
  ignoreHTTPSErrors: boolean;
  blockAds: boolean;
  stealth: boolean;
}

const RESET_TIMEOUT_MS = 5_000;

function resolveContextOptions(options: PageOptions): ResolvedContextOptions {
  const stealthDefaults = options.stealth && !options.locale && !options.languages ? STEALTH_DEFAULT_LOCATION : undefined;
  return {
    mobile: options.mobile ?? false,
    userAgent: options.userAgent,
    defaultUserAgent: options.defaultUserAgent,
    locale: options.locale ?? stealthDefaults?.locale,
    timezoneId: options.timezoneId ?? (options.stealth ? STEALTH_DEFAULT_LOCATION.timezoneId : undefined),
    languages: options.languages ?? stealthDefaults?.languages,
    ignoreHTTPSErrors: options.ignoreHTTPSErrors ?? false,
    blockAds: options.blockAds ?? true,
    stealth: options.stealth ?? false,
  };
}

/** True when an error means the browser or the page's renderer is gone, not the site. */
function browserGone(entry: ContextEntry | undefined, browser: Browser | undefined): boolean {
  if (entry) return entry.crashed || !entry.browser.isConnected() || entry.page.isClosed();
  return browser !== undefined && !browser.isConnected();
}

export class BrowserPool {
  private readonly maxContexts: number;
  private readonly recycleAfterPages: number;
  private readonly idle: ContextEntry[] = [];
  private busy = 0;
  private readonly waiters: Array<() => void> = [];
  private closed = false;

  constructor(
    private readonly provider: BrowserProvider,
    options: BrowserPoolOptions = {},
  ) {
    this.maxContexts = Math.max(1, options.maxContexts ?? 4);
    this.recycleAfterPages = Math.max(1, options.recycleAfterPages ?? 100);
  }

  /** True when a browser can be had at all. */
  available(): boolean {
    return this.provider.available();
  }

  /**
   * Runs `fn` with a page prepared for `options`, then resets the page for the next use.
   * When the browser dies during `fn`, `fn` runs once more on a relaunched browser.
   */
  async withPage<T>(options: PageOptions, fn: (page: Page) => Promise<T>): Promise<T> {
    await this.takeSlot();
    try {
      for (let attempt = 0; ; attempt++) {
        let entry: ContextEntry | undefined;
        let browser: Browser | undefined;
        try {
          browser = await this.provider.acquire();
          entry = await this.checkout(browser, options);
          await this.prepare(entry, options);
          const result = await fn(entry.page);
          await this.checkin(entry);
          return result;
        } catch (error) {
          const gone = browserGone(entry, browser);
          if (entry) await this.discard(entry);
          if (!gone || this.closed) throw error;
          if (attempt >= 1) {
            throw new EngineError('SCRAPE_SITE_ERROR', 'The browser crashed while loading the page, twice.', {
              cause: error,
            });
          }
        }
      }
    } finally {
      this.releaseSlot();
    }
  }

  /** Closes every context, then the provider's browser. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const entries = this.idle.splice(0);
    await Promise.all(entries.map((entry) => entry.context.close().catch(() => undefined)));
    for (const wake of this.waiters.splice(0)) wake();
    await this.provider.close();
  }

  private async takeSlot(): Promise<void> {
    if (this.closed) throw new EngineError('BROWSER_UNAVAILABLE', 'The browser pool is shut down.');
    while (this.busy >= this.maxContexts) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
      if (this.closed) throw new EngineError('BROWSER_UNAVAILABLE', 'The browser pool is shut down.');
    }
    this.busy++;
  }

  private releaseSlot(): void {
    this.busy--;
    this.waiters.shift()?.();
  }

  private async checkout(browser: Browser, options: PageOptions): Promise<ContextEntry> {
    const resolved = resolveContextOptions(options);
    const key = JSON.stringify(resolved);
    // Drop contexts of a browser that died while they were idle.
    for (let i = this.idle.length - 1; i >= 0; i--) {
      const entry = this.idle[i]!;
      if (entry.browser !== browser || !entry.browser.isConnected()) {
        this.idle.splice(i, 1);
        void entry.context.close().catch(() => undefined);
      }
    }
    const index = this.idle.findIndex((entry) => entry.key === key);
    if (index >= 0) return this.idle.splice(index, 1)[0]!;
    // Keep the total of open contexts within bounds: the least recently used idle one goes.
    while (this.idle.length > 0 && this.idle.length + this.busy > this.maxContexts) {
      const oldest = this.idle.shift()!;
      void oldest.context.close().catch(() => undefined);
    }
    return this.createEntry(browser, key, resolved);
  }

  private async createEntry(browser: Browser, key: string, options: ResolvedContextOptions): Promise<ContextEntry> {
    const version = browser.version();
    const profile = options.mobile ? mobileProfile(version) : DESKTOP_PROFILE;
    const identity: StealthIdentity | undefined = options.stealth
      ? stealthIdentity(version, options.mobile ? profile.userAgent : undefined)
      : undefined;
    const userAgent = options.userAgent ?? identity?.userAgent ?? profile.userAgent ?? options.defaultUserAgent;
    const headers: Record<string, string> = { ...identity?.headers };
    if (options.languages?.length) headers['Accept-Language'] = acceptLanguageHeader(options.languages);
    const context = await browser.newContext({
      viewport: profile.viewport,
      screen: profile.screen,
      deviceScaleFactor: profile.deviceScaleFactor,
      isMobile: profile.isMobile,
      hasTouch: profile.hasTouch,
      userAgent,
      locale: options.locale,
      timezoneId: options.timezoneId,
      ignoreHTTPSErrors: options.ignoreHTTPSErrors,
      serviceWorkers: 'block',
      acceptDownloads: false,
      extraHTTPHeaders: headers,
    });
    try {
      await context.addInitScript({ content: PENDING_REQUESTS_SCRIPT });
      if (options.blockAds) await context.addInitScript({ content: cosmeticFilterScript() });
      if (identity) await context.addInitScript({ content: stealthInitScript(identity) });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      if (identity || options.languages?.length) {
        const currentAgent = userAgent ?? (await page.evaluate(() => navigator.userAgent));
        await cdp.send('Emulation.setUserAgentOverride', {
          userAgent: currentAgent,
          acceptLanguage: options.languages?.join(','),
          platform: identity?.platform,
          userAgentMetadata: identity?.userAgentMetadata as never,
        });
      }
      const entry: ContextEntry = {
        key,
        browser,
        context,
        page,
        cdp,
        blocking: new RequestBlocking(cdp),
        profile,
        viewport: profile.viewport,
        headersSet: false,
        uses: 0,
        origins: new Set(),
        crashed: false,
      };
      page.on('crash', () => {
        entry.crashed = true;
      });
      page.on('framenavigated', (frame) => {
        const origin = safeOrigin(frame.url());
        if (origin) entry.origins.add(origin);
      });
      return entry;
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
  }

  /** Per-use settings that do not need a context of their own. */
  private async prepare(entry: ContextEntry, options: PageOptions): Promise<void> {
    const tasks: Promise<unknown>[] = [
      entry.blocking.apply({ blockAds: options.blockAds ?? true, allowMedia: options.allowMedia ?? false }),
    ];
    const viewport = options.viewport ?? entry.profile.viewport;
    if (viewport.width !== entry.viewport.width || viewport.height !== entry.viewport.height) {
      entry.viewport = viewport;
      tasks.push(entry.page.setViewportSize(viewport));
    }
    const headers = options.extraHeaders ?? {};
    const hasHeaders = Object.keys(headers).length > 0;
    if (hasHeaders || entry.headersSet) {
      entry.headersSet = hasHeaders;
      tasks.push(entry.page.setExtraHTTPHeaders(headers));
    }
    await Promise.all(tasks);
  }

  /** Resets the page's state and returns it to the idle set, or closes it when worn out. */
  private async checkin(entry: ContextEntry): Promise<void> {
    entry.uses++;
    if (this.closed || entry.uses >= this.recycleAfterPages || browserGone(entry, undefined)) {
      await this.discard(entry);
      return;
    }
    try {
      await this.reset(entry);
    } catch {
      await this.discard(entry);
      return;
    }
    this.idle.push(entry);
  }

  private async reset(entry: ContextEntry): Promise<void> {
    const { page, context, cdp } = entry;
    // Session storage belongs to the tab, not the origin's store: clear it in place first.
    await page
      .evaluate(() => {
        try {
          sessionStorage.clear();
        } catch {
          // opaque origins have no storage
        }
      })
      .catch(() => undefined);
    const extraPages = context.pages().filter((other) => other !== page);
    await Promise.all(extraPages.map((other) => other.close().catch(() => undefined)));
    await page.goto('about:blank', { timeout: RESET_TIMEOUT_MS });
    const origins = [...entry.origins];
    entry.origins.clear();
    await Promise.all([
      context.clearCookies(),
      context.clearPermissions(),
      ...origins.map((origin) => cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })),
    ]);
  }

  private async discard(entry: ContextEntry): Promise<void> {
    if (entry.browser.isConnected()) await entry.context.close().catch(() => undefined);
  }
}

function safeOrigin(url: string): string | undefined {
  if (!url.startsWith('http:') && !url.startsWith('https:')) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
