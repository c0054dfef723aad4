import type { ScrapeOptions } from '../contracts/index.js';
import { EngineError } from '../errors/engine-error.js';
import type { FetcherCapabilities, FetcherName } from '../fetch/types.js';

export interface ScrapePlan {
  /** The fetcher to start with. */
  fetcher: FetcherName;
  /** Why the browser is required (undefined when the HTTP path may serve the request). */
  browserReason?: string;
  /** Whether the HTTP result may be escalated to the browser when the page needs JavaScript. */
  mayEscalate: boolean;
  wantsScreenshot: boolean;
}

/** The capabilities a request needs, by option (rule 3 of the design: capabilities are declared). */
export function requiredCapabilities(options: ScrapeOptions): { capability: keyof FetcherCapabilities; reason: string }[] {
  const needs: { capability: keyof FetcherCapabilities; reason: string }[] = [];
  if (options.formats.some((f) => f.type === 'screenshot')) needs.push({ capability: 'screenshot', reason: 'the screenshot format' });
  if (options.actions && options.actions.length > 0) needs.push({ capability: 'actions', reason: 'actions' });
  if (options.waitFor > 0) needs.push({ capability: 'waitFor', reason: 'waitFor' });
  if (options.mobile) needs.push({ capability: 'mobile', reason: 'mobile emulation' });
  return needs;
}

/**
 * Chooses the fetcher for a request: the browser when an option needs it (or a setting forces
 * it), else the fast HTTP path. Fails at once, with the setting to change, when the browser is
 * needed but none is available.
 */
export function planScrape(
  options: ScrapeOptions,
  env: { browserAvailable: boolean; forceFetcher?: FetcherName; browserCapabilities: FetcherCapabilities },
): ScrapePlan {
  const needs = requiredCapabilities(options);
  const wantsScreenshot = needs.some((n) => n.capability === 'screenshot');
  const browserReason = needs.length > 0 ? needs.map((n) => n.reason).join(', ') : undefined;
  if (browserReason !== undefined || env.forceFetcher === 'browser') {
    if (!env.browserAvailable) {
      throw new EngineError(
        'BROWSER_UNAVAILABLE',
        `This request needs a browser (${browserReason ?? 'the browser fetcher is forced by settings'}), but no Chromium or Chrome was found. ` +
          'Install Chromium, or set its path with `trawl serve --chromium PATH`, the TRAWL_CHROMIUM environment variable, or Settings → Chromium path.',
      );
    }
    for (const need of needs) {
      if (!env.browserCapabilities[need.capability]) {
        throw new EngineError('BAD_REQUEST', `No fetcher can serve ${need.reason}.`);
      }
    }
    return { fetcher: 'browser', browserReason, mayEscalate: false, wantsScreenshot };
  }
  return { fetcher: 'http', mayEscalate: env.forceFetcher !== 'http' && env.browserAvailable, wantsScreenshot };
}
