import { describe, expect, it } from 'vitest';
import { chromiumCandidates, findChromium } from '../../../src-engine/browser/find-chromium.js';
import { LaunchBrowserProvider } from '../../../src-engine/browser/launch-provider.js';
import { BrowserPool } from '../../../src-engine/browser/pool.js';
import { BrowserFetcher } from '../../../src-engine/fetch/browser-fetcher.js';
import { EngineError } from '../../../src-engine/errors/engine-error.js';
import { fetchRequest, TEST_USER_AGENT } from './browser-harness.js';

describe('finding a browser', () => {
  it('prefers the headless shell on Linux, then Chromium, Chrome and Edge', () => {
    const linux = chromiumCandidates('linux', {});
    expect(linux[0]).toBe('/usr/bin/chromium-headless-shell');
    const order = ['chromium-headless-shell', '/usr/bin/chromium', 'google-chrome', 'msedge'].map((name) =>
      linux.findIndex((path) => path.includes(name)),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('knows the macOS and Windows install locations', () => {
    expect(chromiumCandidates('darwin', { HOME: '/Users/ann' })).toContain(
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    );
    const windows = chromiumCandidates('win32', { PROGRAMFILES: 'C:\\Program Files', LOCALAPPDATA: 'C:\\Users\\ann\\AppData\\Local' });
    expect(windows).toContain('C:\\Program Files\\Microsoft\\Edge\\Application\\msedge.exe');
    expect(windows).toContain('C:\\Users\\ann\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe');
  });

  it('an explicit path wins, and a missing explicit path finds nothing', () => {
    expect(findChromium('/usr/bin/chromium')).toBe('/usr/bin/chromium');
    expect(findChromium('/nowhere/chrome')).toBeUndefined();
  });

  it('finds an installed browser without configuration', () => {
    expect(findChromium()).toBeDefined();
  });
});

describe('no browser', () => {
  it('requests that need a browser get a clear 400 naming the setting', async () => {
    const provider = new LaunchBrowserProvider({ executablePath: '/nowhere/chrome' });
    expect(provider.available()).toBe(false);
    const fetcher = new BrowserFetcher(new BrowserPool(provider), { userAgent: TEST_USER_AGENT });
    const error = await fetcher.fetch(fetchRequest('http://127.0.0.1:1/')).catch((e) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error.code).toBe('BROWSER_UNAVAILABLE');
    expect(error.status).toBe(400);
    expect(error.message).toContain('--chromium');
    expect(error.message).toContain('TRAWL_CHROMIUM');
  });
});
