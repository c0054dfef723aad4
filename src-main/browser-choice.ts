import type { Browser } from 'playwright-core';
import type { BrowserProvider } from '../src-engine/browser/provider.js';
import type { BrowserChoice } from './settings.js';

/** Where a Chromium can come from in the desktop app. */
export type BrowserSource = 'electron' | 'system';

/**
 * The order in which browsers are tried for a setting: `auto` prefers the app's own
 * Chromium (nothing else to install) and falls back to one found on the machine.
 */
export function browserSourceOrder(choice: BrowserChoice): BrowserSource[] {
  if (choice === 'electron') return ['electron'];
  if (choice === 'system') return ['system'];
  return ['electron', 'system'];
}

/**
 * A BrowserProvider over an ordered list of providers. `acquire` skips unavailable ones and
 * falls through to the next when one fails; a provider that failed is not tried again in
 * this run, so every later scrape goes straight to the one that works.
 */
export class FallbackBrowserProvider implements BrowserProvider {
  readonly #providers: BrowserProvider[];
  readonly #failed = new Set<BrowserProvider>();
  #active: BrowserProvider | undefined;

  constructor(
    providers: BrowserProvider[],
    private readonly onFallback: (failed: BrowserProvider, error: unknown) => void = () => undefined,
  ) {
    this.#providers = providers;
  }

  /** The provider in use, or the first one that will be tried. */
  get description(): string {
    return (this.#active ?? this.#candidates()[0])?.description ?? 'no browser available';
  }

  available(): boolean {
    return this.#candidates().length > 0;
  }

  async acquire(): Promise<Browser> {
    let lastError: unknown = new Error('No browser is available: install Chromium or Chrome, or choose one in Settings');
    for (const provider of this.#candidates()) {
      try {
        const browser = await provider.acquire();
        this.#active = provider;
        return browser;
      } catch (error) {
        lastError = error;
        this.#failed.add(provider);
        if (this.#active === provider) this.#active = undefined;
        this.onFallback(provider, error);
      }
    }
    throw lastError;
  }

  async close(): Promise<void> {
    await Promise.all(this.#providers.map((provider) => provider.close().catch(() => undefined)));
  }

  #candidates(): BrowserProvider[] {
    return this.#providers.filter((provider) => !this.#failed.has(provider) && provider.available());
  }
}
