/**
 * The BrowserProvider of the headless engine: launches a Chromium found on the machine
 * (never downloads one), keeps it warm for every page of every job, and launches it again
 * after a crash or a kill.
 */
import path from 'node:path';
import type { Browser, LaunchOptions } from 'playwright-core';
import { EngineError } from '../errors/engine-error.js';
import type { BrowserProvider } from './provider.js';
import { findChromium } from './find-chromium.js';
import { SCRAPING_CHROMIUM_ARGS } from './launch-flags.js';

export interface LaunchBrowserProviderOptions {
  /** Explicit executable (`--chromium` / `TRAWL_CHROMIUM`); otherwise well-known paths are probed. */
  executablePath?: string;
  /** Proxy for every page request, e.g. `http://user:pass@host:port`. */
  proxyUrl?: string;
}

/** Splits a proxy URL into Playwright's launch option (credentials apart from the server). */
function toPlaywrightProxy(proxyUrl: string): NonNullable<LaunchOptions['proxy']> {
  const parsed = new URL(proxyUrl);
  const server = `${parsed.protocol}//${parsed.host}`;
  return {
    server,
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
  };
}

/** Where the user points Trawl at a browser. */
const CHOOSE_BROWSER_HINT =
  'Point Trawl at a working Chromium, Chrome or Edge with `trawl serve --chromium PATH`, the TRAWL_CHROMIUM environment variable, or Settings → Chromium path.';

/** The first meaningful line of a launch error, without Playwright's call log. */
function launchFailureMessage(executablePath: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const reason = (message.split('\n').find((line) => line.trim() !== '') ?? message).replace(/^browserType\.launch: /, '').trim();
  return `The browser at ${executablePath} could not be started (${reason}).`;
}

export class LaunchBrowserProvider implements BrowserProvider {
  readonly description: string;
  private readonly executablePath: string | undefined;
  private readonly proxyUrl: string | undefined;
  private launching: Promise<Browser> | undefined;
  private browser: Browser | undefined;
  private closed = false;

  constructor(options: LaunchBrowserProviderOptions = {}) {
    this.executablePath = findChromium(options.executablePath);
    this.proxyUrl = options.proxyUrl;
    if (this.executablePath) {
      this.description = path.basename(this.executablePath);
    } else if (options.executablePath) {
      this.description = `no browser at ${options.executablePath}`;
    } else {
      this.description = 'no browser found';
    }
  }

  /** The executable that is (or would be) launched, when one was found. */
  get executable(): string | undefined {
    return this.executablePath;
  }

  available(): boolean {
    return this.executablePath !== undefined;
  }

  /** Returns the running browser, launching it on first use and again after it died. */
  async acquire(): Promise<Browser> {
    if (this.closed) throw new Error('The browser provider is closed.');
    if (this.browser?.isConnected()) return this.browser;
    if (!this.executablePath) throw new Error(`Cannot launch a browser: ${this.description}.`);
    this.launching ??= this.launch(this.executablePath).finally(() => {
      this.launching = undefined;
    });
    return this.launching;
  }

  private async launch(executablePath: string): Promise<Browser> {
    let browser: Browser;
    try {
      // Loaded on first launch: an engine that never renders never pays for playwright-core.
      const { chromium } = await import('playwright-core');
      browser = await chromium.launch({
        executablePath,
        headless: true,
        args: [...SCRAPING_CHROMIUM_ARGS],
        proxy: this.proxyUrl ? toPlaywrightProxy(this.proxyUrl) : undefined,
        // The engine decides when to stop; signals go to the engine's own shutdown.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
    } catch (error) {
      if (this.closed) throw error;
      // A file that is not a working Chromium is a setting to fix, not a failure of the page.
      throw new EngineError('BROWSER_UNAVAILABLE', `${launchFailureMessage(executablePath, error)} ${CHOOSE_BROWSER_HINT}`, {
        cause: error,
      });
    }
    browser.on('disconnected', () => {
      if (this.browser === browser) this.browser = undefined;
    });
    if (this.closed) {
      await browser.close().catch(() => undefined);
      throw new Error('The browser provider is closed.');
    }
    this.browser = browser;
    return browser;
  }

  async close(): Promise<void> {
    this.closed = true;
    const pending = this.launching;
    const browser = this.browser;
    this.browser = undefined;
    await pending?.catch(() => undefined);
    if (browser?.isConnected()) await browser.close().catch(() => undefined);
  }
}
