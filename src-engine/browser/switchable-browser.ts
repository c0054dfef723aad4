import type { BrowserProvider } from './provider.js';
import { BrowserPool } from './pool.js';
import { BROWSER_CAPABILITIES, BrowserFetcher } from '../fetch/browser-fetcher.js';
import type { Fetcher, FetchRequest, FetchResult } from '../fetch/types.js';

/**
 * The engine's browser fetcher, whose provider can be replaced at run time (a new Chromium path
 * in Settings) without restarting the engine. The old pool is closed once replaced.
 */
export class SwitchableBrowser implements Fetcher {
  readonly name = 'browser' as const;
  readonly capabilities = BROWSER_CAPABILITIES;
  private pool: BrowserPool;
  private fetcher: BrowserFetcher;

  constructor(
    private provider: BrowserProvider,
    private readonly fetcherOptions: ConstructorParameters<typeof BrowserFetcher>[1],
    private readonly ownsProvider: boolean,
  ) {
    this.pool = new BrowserPool(provider);
    this.fetcher = new BrowserFetcher(this.pool, fetcherOptions);
  }

  available(): boolean {
    return this.provider.available();
  }

  description(): string {
    return this.provider.description;
  }

  fetch(request: FetchRequest): Promise<FetchResult> {
    return this.fetcher.fetch(request);
  }

  async replaceProvider(provider: BrowserProvider): Promise<void> {
    const oldPool = this.pool;
    const oldProvider = this.provider;
    this.provider = provider;
    this.pool = new BrowserPool(provider);
    this.fetcher = new BrowserFetcher(this.pool, this.fetcherOptions);
    await oldPool.close().catch(() => undefined);
    if (this.ownsProvider) await oldProvider.close().catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.pool.close().catch(() => undefined);
    if (this.ownsProvider) await this.provider.close().catch(() => undefined);
  }
}
