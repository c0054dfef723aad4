import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBrowserNavigation, startBrowserApiStack, type BrowserApiStack } from './browser-stack.js';

/** The JSON the `/echo` page writes from what its browser presents. */
function echoed(markdown: string | undefined): Record<string, any> {
  const match = /\{"languages"[^\n]*\}/.exec(markdown ?? '');
  if (!match) throw new Error(`no echo in the markdown: ${markdown}`);
  return JSON.parse(match[0].replace(/\\_/g, '_'));
}

describe('scrape presents the asked device and location, blocks ads, and retries blocked pages with stealth', () => {
  let stack: BrowserApiStack;
  beforeAll(async () => {
    // ads.doubleclick.net is served by the fixture site, so an ad request that got through would be logged there.
    stack = await startBrowserApiStack({ hostResolver: (host) => (host === 'ads.doubleclick.net' ? '127.0.0.1' : undefined) });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('renders as a desktop by default', async () => {
    const document = await stack.app.scrape(stack.site.url('/echo'), { formats: ['markdown'], waitFor: 50, maxAge: 0 });
    const page = echoed(document.markdown);
    expect(page.width).toBe(1920);
    expect(page.touchPoints).toBe(0);
    expect(page.userAgent).not.toMatch(/Mobile|Android/);
  });

  it('mobile reaches the page as a phone: viewport, touch and user agent', async () => {
    const mark = stack.site.requests.length;
    const document = await stack.app.scrape(stack.site.url('/echo'), { formats: ['markdown'], mobile: true, maxAge: 0 });
    const page = echoed(document.markdown);
    expect(page.width).toBeLessThan(500);
    expect(page.touchPoints).toBeGreaterThan(0);
    expect(page.pixelRatio).toBeGreaterThan(1);
    expect(page.userAgent).toMatch(/Android.*Mobile/);
    const load = stack.requestsSince(mark).find((r) => r.path === '/echo')!;
    expect(load.headers['user-agent']).toMatch(/Android.*Mobile/);
  });

  it('location languages become navigator.languages and the Accept-Language the site receives', async () => {
    const mark = stack.site.requests.length;
    const document = await stack.app.scrape(stack.site.url('/echo'), {
      formats: ['markdown'],
      location: { country: 'DE', languages: ['de-DE', 'de', 'en'] },
      waitFor: 50,
      maxAge: 0,
    });
    const page = echoed(document.markdown);
    expect(page.languages).toEqual(['de-DE', 'de', 'en']);
    expect(page.language).toBe('de-DE');
    expect(page.timezone).toBe('Europe/Berlin');
    const load = stack.requestsSince(mark).find((r) => r.path === '/echo')!;
    expect(isBrowserNavigation(load)).toBe(true);
    expect(load.headers['accept-language']).toMatch(/^de-DE,de;q=0\.9,en;q=0\.8$/);
  });

  it('never lets a blocked ad request reach the server, while the page own script loads', async () => {
    const mark = stack.site.requests.length;
    const document = await stack.app.scrape(stack.site.url('/ads'), { formats: ['markdown'], waitFor: 300, maxAge: 0 });
    expect(document.markdown).toContain('Page with ads');
    const seen = stack.requestsSince(mark);
    expect(seen.some((r) => r.path === '/own-script.js')).toBe(true);
    expect(seen.some((r) => r.path.startsWith('/pagead/'))).toBe(false);
    expect(seen.some((r) => r.host.startsWith('ads.doubleclick.net'))).toBe(false);
  });

  it('lets the same ad requests through with blockAds false (the ad host does reach the server)', async () => {
    const mark = stack.site.requests.length;
    await stack.app.scrape(stack.site.url('/ads'), { formats: ['markdown'], waitFor: 300, blockAds: false, maxAge: 0 });
    const seen = stack.requestsSince(mark);
    expect(seen.some((r) => r.path.startsWith('/pagead/'))).toBe(true);
    expect(seen.some((r) => r.host.startsWith('ads.doubleclick.net'))).toBe(true);
  });

  it('proxy auto retries a 403 answer with stealth and reports metadata.proxyUsed "stealth"', async () => {
    const mark = stack.site.requests.length;
    const document = await stack.app.scrape(stack.site.url('/forbidden-unless-real'), { formats: ['markdown'], proxy: 'auto', maxAge: 0 });
    expect(document.metadata?.statusCode).toBe(200);
    expect(document.metadata?.proxyUsed).toBe('stealth');
    expect(document.metadata?.creditsUsed).toBe(5);
    expect(document.markdown).toContain('tidal flats');
    expect(document.markdown).not.toContain('Bots not allowed');
    const loads = stack.requestsSince(mark).filter((r) => r.path === '/forbidden-unless-real');
    expect(loads).toHaveLength(2);
    expect(loads[1]!.headers['user-agent']).not.toMatch(/HeadlessChrome|TrawlBot/);
  });

  it('proxy stealth goes straight to the stealth browser', async () => {
    const mark = stack.site.requests.length;
    const document = await stack.app.scrape(stack.site.url('/forbidden-unless-real'), { formats: ['markdown'], proxy: 'stealth', maxAge: 0 });
    expect(document.metadata?.statusCode).toBe(200);
    expect(document.metadata?.proxyUsed).toBe('stealth');
    expect(document.metadata?.creditsUsed).toBe(5);
    const loads = stack.requestsSince(mark).filter((r) => r.path === '/forbidden-unless-real');
    expect(loads).toHaveLength(1);
    expect(isBrowserNavigation(loads[0]!)).toBe(true);
  });

  it('proxy auto is the default, and proxy basic keeps the 403 answer', async () => {
    const byDefault = await stack.app.scrape(stack.site.url('/forbidden-unless-real'), { formats: ['markdown'], maxAge: 0 });
    expect(byDefault.metadata?.proxyUsed).toBe('stealth');

    const basic = await stack.app.scrape(stack.site.url('/forbidden-unless-real'), { formats: ['markdown'], proxy: 'basic', maxAge: 0 });
    expect(basic.metadata?.statusCode).toBe(403);
    expect(basic.metadata?.proxyUsed).toBe('basic');
    expect(basic.markdown).toContain('Bots not allowed');
  });
});
