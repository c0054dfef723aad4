import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSite, type BrowserSite } from '../../fixtures/browser-site.js';
import { createBrowserStack, fetchRequest, type BrowserStack } from './browser-harness.js';
import { launchedBrowserPid } from './browser-process.js';

function storageSeen(text: string): { local: string | null; session: string | null; cookie: string } {
  const json = /<pre id="before">([\s\S]*?)<\/pre>/.exec(text)?.[1] ?? '{}';
  return JSON.parse(json.replace(/&quot;/g, '"'));
}

describe('browser pool', () => {
  let site: BrowserSite;
  let stack: BrowserStack;
  beforeAll(async () => {
    site = await startBrowserSite();
    stack = createBrowserStack({ maxContexts: 1, recycleAfterPages: 50 });
  });
  afterAll(async () => {
    await stack.close();
    await site.close();
  });

  it('gives each request a clean state: no cookies, local or session storage from the last one', async () => {
    const first = await stack.fetcher.fetch(fetchRequest(site.url('/storage')));
    expect(storageSeen(first.text)).toEqual({ local: null, session: null, cookie: '' });
    const second = await stack.fetcher.fetch(fetchRequest(site.url('/storage')));
    expect(storageSeen(second.text)).toEqual({ local: null, session: null, cookie: '' });
    expect(second.text).toContain('Server saw cookie: <span id="cookie">none</span>');
  });

  it('keeps state within one action sequence', async () => {
    const result = await stack.fetcher.fetch(
      fetchRequest(site.url('/storage'), {
        actions: [
          { type: 'executeJavascript', script: 'location.reload()' },
          { type: 'wait', selector: '#before' },
          { type: 'executeJavascript', script: "document.getElementById('before').textContent" },
        ],
      }),
    );
    expect(JSON.parse(result.actions!.javascriptReturns[1]!.value as string)).toEqual({
      local: 'yes',
      session: 'yes',
      cookie: 'visited=yes',
    });
  });

  it('reuses one warm browser for many pages', async () => {
    const pid = launchedBrowserPid();
    for (let i = 0; i < 5; i++) await stack.fetcher.fetch(fetchRequest(site.url('/article')));
    expect(launchedBrowserPid()).toBe(pid);
  });

  it('recovers when the browser is killed mid-scrape: the page is retried and succeeds', async () => {
    await stack.fetcher.fetch(fetchRequest(site.url('/article')));
    const pid = launchedBrowserPid();
    expect(pid).toBeDefined();
    const scrape = stack.fetcher.fetch(fetchRequest(site.url('/slow')));
    await new Promise((resolve) => setTimeout(resolve, 800));
    process.kill(pid!, 'SIGKILL');
    const result = await scrape;
    expect(result.text).toContain('finally');
    const relaunched = launchedBrowserPid();
    expect(relaunched).toBeDefined();
    expect(relaunched).not.toBe(pid);
    // Later scrapes keep working on the relaunched browser.
    expect((await stack.fetcher.fetch(fetchRequest(site.url('/spa')))).text).toContain('Rendered by JavaScript');
  });

  it('closes the browser with the pool', async () => {
    const local = createBrowserStack({ maxContexts: 1 });
    await local.fetcher.fetch(fetchRequest(site.url('/article')));
    const browser = await local.provider.acquire();
    await local.close();
    expect(browser.isConnected()).toBe(false);
    await expect(local.fetcher.fetch(fetchRequest(site.url('/article')))).rejects.toMatchObject({
      code: 'BROWSER_UNAVAILABLE',
    });
  });
});
