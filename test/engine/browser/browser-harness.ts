/**
 * Builds the real browser stack for tests: a launched Chromium, a small pool and the
 * browser fetcher, plus a FetchRequest with the engine's defaults.
 */
import { LaunchBrowserProvider } from '../../../src-engine/browser/launch-provider.js';
import { BrowserPool, type BrowserPoolOptions } from '../../../src-engine/browser/pool.js';
import { BrowserFetcher, type BrowserFetcherOptions } from '../../../src-engine/fetch/browser-fetcher.js';
import type { FetchRequest } from '../../../src-engine/fetch/types.js';

export const TEST_USER_AGENT = 'Mozilla/5.0 (compatible; TrawlBot/0.1; +https://github.com/trawl-app/trawl)';

export interface BrowserStack {
  provider: LaunchBrowserProvider;
  pool: BrowserPool;
  fetcher: BrowserFetcher;
  close(): Promise<void>;
}

export function createBrowserStack(
  poolOptions: BrowserPoolOptions = { maxContexts: 2 },
  fetcherOptions: Partial<BrowserFetcherOptions> = {},
): BrowserStack {
  const provider = new LaunchBrowserProvider({});
  const pool = new BrowserPool(provider, poolOptions);
  const fetcher = new BrowserFetcher(pool, { userAgent: TEST_USER_AGENT, ...fetcherOptions });
  return { provider, pool, fetcher, close: () => pool.close() };
}

export function fetchRequest(url: string, extra: Partial<FetchRequest> = {}): FetchRequest {
  return { url, timeoutMs: 30_000, skipTlsVerification: false, maxBytes: 50 * 1024 * 1024, ...extra };
}
