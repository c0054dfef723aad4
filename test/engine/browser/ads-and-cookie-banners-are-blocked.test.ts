import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSite, type BrowserSite } from '../../fixtures/browser-site.js';
import { createBrowserStack, fetchRequest, type BrowserStack } from './browser-harness.js';
import { compileFilters, isBlockedUrl } from '../../../src-engine/browser/ad-block.js';

describe('ad and cookie-banner blocking', () => {
  let site: BrowserSite;
  let stack: BrowserStack;
  beforeAll(async () => {
    site = await startBrowserSite();
    // ads.doubleclick.net is served by the fixture server, so a request that got through would be logged.
    stack = createBrowserStack({ maxContexts: 2 }, {
      hostResolver: (host) => (host === 'ads.doubleclick.net' ? '127.0.0.1' : undefined),
    });
  });
  afterAll(async () => {
    await stack.close();
    await site.close();
  });

  it('compiles host, path and element rules', () => {
    const compiled = compileFilters('! comment\n||ads.example^\n||t.example/px\n/banner.js\n##.promo\nsite.example##.x\n@@||ok.example^\n||opt.example^$third-party');
    expect(compiled.hiddenSelectors).toEqual(['.promo']);
    expect(isBlockedUrl('https://ads.example/a.js', compiled.blockedUrlPatterns)).toBe(true);
    expect(isBlockedUrl('https://cdn.ads.example:8080/a.js', compiled.blockedUrlPatterns)).toBe(true);
    expect(isBlockedUrl('https://badads.example/a.js', compiled.blockedUrlPatterns)).toBe(false);
    expect(isBlockedUrl('https://t.example/px?id=1', compiled.blockedUrlPatterns)).toBe(true);
    expect(isBlockedUrl('https://site.example/js/banner.js', compiled.blockedUrlPatterns)).toBe(true);
    expect(isBlockedUrl('https://opt.example/x', compiled.blockedUrlPatterns)).toBe(false);
  });

  it('blocked ad requests never reach the server, the page own scripts do', async () => {
    const before = site.requests.length;
    const result = await stack.fetcher.fetch(fetchRequest(site.url('/ads')));
    const seen = site.requests.slice(before);
    expect(result.text).toContain('Page with ads');
    expect(seen.some((r) => r.path === '/own-script.js')).toBe(true);
    expect(seen.some((r) => r.path.startsWith('/pagead/'))).toBe(false);
    expect(seen.some((r) => r.host.startsWith('ads.doubleclick.net'))).toBe(false);
  });

  it('blockAds false lets ads through (host names still resolved for the fixture)', async () => {
    const before = site.requests.length;
    await stack.fetcher.fetch(fetchRequest(site.url('/ads'), { blockAds: false }));
    const seen = site.requests.slice(before);
    expect(seen.some((r) => r.path.startsWith('/pagead/'))).toBe(true);
    expect(seen.some((r) => r.host.startsWith('ads.doubleclick.net'))).toBe(true);
  });

  it('cookie banners are hidden without changing the HTML', async () => {
    const result = await stack.fetcher.fetch(
      fetchRequest(site.url('/cookie-banner'), {
        actions: [{ type: 'executeJavascript', script: "getComputedStyle(document.getElementById('cookie-banner')).display" }],
      }),
    );
    expect(result.actions!.javascriptReturns[0]!.value).toBe('none');
    expect(result.text).toContain('id="cookie-banner"');
    expect(result.text).not.toContain('adoptedStyleSheets');
    const shown = await stack.fetcher.fetch(
      fetchRequest(site.url('/cookie-banner'), {
        blockAds: false,
        actions: [{ type: 'executeJavascript', script: "getComputedStyle(document.getElementById('cookie-banner')).display" }],
      }),
    );
    expect(shown.actions!.javascriptReturns[0]!.value).toBe('block');
  });
});
