import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSite, type BrowserSite } from '../../fixtures/browser-site.js';
import { createBrowserStack, fetchRequest, type BrowserStack } from './browser-harness.js';

interface Echo {
  languages: string[];
  language: string;
  timezone: string;
  userAgent: string;
  width: number;
  touchPoints: number;
  pixelRatio: number;
  webdriver: boolean;
  plugins: number;
  hasChrome: boolean;
}

function readEcho(text: string): Echo {
  const json = /<pre id="out">([\s\S]*?)<\/pre>/.exec(text)?.[1] ?? '{}';
  return JSON.parse(json.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as Echo;
}

describe('device, location and stealth', () => {
  let site: BrowserSite;
  let stack: BrowserStack;
  beforeAll(async () => {
    site = await startBrowserSite();
    stack = createBrowserStack();
  });
  afterAll(async () => {
    await stack.close();
    await site.close();
  });

  it('desktop pages use a 1920 wide viewport and the engine user agent', async () => {
    const echo = readEcho((await stack.fetcher.fetch(fetchRequest(site.url('/echo')))).text);
    expect(echo.width).toBe(1920);
    expect(echo.userAgent).toContain('TrawlBot');
    expect(echo.touchPoints).toBe(0);
  });

  it('mobile renders as a real phone: viewport, user agent, touch and device scale', async () => {
    const echo = readEcho((await stack.fetcher.fetch(fetchRequest(site.url('/echo'), { mobile: true }))).text);
    expect(echo.width).toBe(412);
    expect(echo.userAgent).toMatch(/Android .*Mobile Safari/);
    expect(echo.touchPoints).toBeGreaterThan(0);
    expect(echo.pixelRatio).toBeCloseTo(2.625);
  });

  it('location languages reach Accept-Language and navigator.languages; country sets the timezone', async () => {
    const result = await stack.fetcher.fetch(
      fetchRequest(site.url('/echo'), { location: { country: 'ch', languages: ['fr-CH', 'de'] } }),
    );
    const echo = readEcho(result.text);
    expect(echo.languages).toEqual(['fr-CH', 'de']);
    expect(echo.language).toBe('fr-CH');
    expect(echo.timezone).toBe('Europe/Zurich');
    const seen = site.requests.filter((r) => r.path === '/echo').at(-1)!;
    expect(seen.headers['accept-language']).toBe('fr-CH,de;q=0.9');
  });

  it('a country alone gives its locale and timezone', async () => {
    const echo = readEcho(
      (await stack.fetcher.fetch(fetchRequest(site.url('/echo'), { location: { country: 'jp' } }))).text,
    );
    expect(echo.language).toBe('ja-JP');
    expect(echo.timezone).toBe('Asia/Tokyo');
  });

  it('stealth hides automation marks and presents a real browser with a consistent locale', async () => {
    const result = await stack.fetcher.fetch(fetchRequest(site.url('/echo'), { stealth: true }));
    const echo = readEcho(result.text);
    expect(echo.webdriver).toBe(false);
    expect(echo.userAgent).not.toMatch(/HeadlessChrome|TrawlBot/);
    expect(echo.plugins).toBeGreaterThan(0);
    expect(echo.hasChrome).toBe(true);
    expect(echo.language).toBe('en-US');
    expect(echo.timezone).toBe('America/New_York');
    const seen = site.requests.filter((r) => r.path === '/echo').at(-1)!;
    expect(seen.headers['sec-ch-ua']).toContain('Google Chrome');
    expect(seen.headers['accept-language']).toMatch(/^en-US/);
  });

  it('a site refusing bots answers 403 to the plain browser and 200 to stealth', async () => {
    const plain = await stack.fetcher.fetch(fetchRequest(site.url('/forbidden-unless-real')));
    expect(plain.statusCode).toBe(403);
    const stealth = await stack.fetcher.fetch(fetchRequest(site.url('/forbidden-unless-real'), { stealth: true }));
    expect(stealth.statusCode).toBe(200);
  });
});
