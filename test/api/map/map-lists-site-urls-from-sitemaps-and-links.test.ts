/**
 * POST /v2/map against the fixture site: URLs from sitemaps and page links, absolute and
 * de-duplicated, with limit, search, includeSubdomains, sitemap modes and the timeout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Firecrawl from '@mendable/firecrawl-js';
import { BLOG_HOST, DOCS_HOST, OTHER_HOST, SITE_HOST, startCrawlSite, type CrawlSite } from '../../fixtures/crawl-site.js';
import { API_KEY, startEngine, type TestEngine } from '../crawl/harness.js';

let site: CrawlSite;
let t: TestEngine;

beforeAll(async () => {
  site = await startCrawlSite({ generatedPages: 6, blogPosts: 3, slowMs: 50, docsSitemapParts: 3 });
  t = await startEngine({ hostResolver: site.hostResolver });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

async function map(body: Record<string, unknown>): Promise<{ status: number; urls: string[]; body: any }> {
  const res = await t.call('POST', '/v2/map', { url: site.url(SITE_HOST, '/'), ...body });
  return { status: res.status, body: res.body, urls: res.status === 200 ? res.body.links.map((l: { url: string }) => l.url) : [] };
}

const hostOf = (url: string) => new URL(url).hostname;
const withoutQuery = (url: string) => url.replace(/\?.*$/, '');

describe('map', () => {
  it('lists sitemap pages and linked pages as absolute http URLs, each once', async () => {
    const { status, body, urls } = await map({});
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    for (const link of body.links) {
      expect(link).toEqual(expect.objectContaining({ url: expect.stringMatching(/^http:\/\/[^/]+:\d+\//) }));
    }
    expect(new Set(urls).size).toBe(urls.length);
    // Only in a sitemap:
    expect(urls).toEqual(expect.arrayContaining([site.url(SITE_HOST, '/sitemap-only/1'), site.url(SITE_HOST, '/sitemap-only/5')]));
    // Only linked from pages:
    expect(urls).toEqual(
      expect.arrayContaining([site.url(SITE_HOST, '/about'), site.url(SITE_HOST, '/gen/'), site.url(SITE_HOST, '/gen/1')]),
    );
    // Subdomains are included by default; other sites and files are not.
    expect(urls).toEqual(expect.arrayContaining([site.url(BLOG_HOST, '/'), site.url(DOCS_HOST, '/guide')]));
    expect(urls.some((url) => hostOf(url) === OTHER_HOST)).toBe(false);
    expect(urls.some((url) => /\.(png|css|zip)$/.test(url))).toBe(false);
    // Query strings are dropped by default (ignoreQueryParameters defaults to true for map).
    expect(urls.some((url) => url.includes('?'))).toBe(false);
    const titled = body.links.find((l: { url: string }) => l.url === site.url(SITE_HOST, '/about'));
    expect(titled.title).toBe('About');
  });

  it('cuts the list to `limit`', async () => {
    const { urls } = await map({ limit: 5 });
    expect(urls).toHaveLength(5);
  });

  it('keeps only URLs matching `search`', async () => {
    const { urls, body } = await map({ search: 'blog' });
    expect(urls.length).toBeGreaterThan(0);
    for (const link of body.links) expect(`${link.url} ${link.title ?? ''}`.toLowerCase()).toContain('blog');
    expect(urls).toEqual(expect.arrayContaining(site.blogPostPaths.map((path) => site.url(SITE_HOST, path))));
  });

  it('with includeSubdomains false stays on the start host (www aside)', async () => {
    const { urls } = await map({ includeSubdomains: false });
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) expect(hostOf(url).replace(/^www\./, '')).toBe(SITE_HOST);
  });

  it('with sitemap "only" returns exactly the sitemap pages, queries kept when asked', async () => {
    const expected = site.sitemapUrls(SITE_HOST);
    const exact = await map({ sitemap: 'only', ignoreQueryParameters: false });
    expect([...exact.urls].sort()).toEqual([...expected].sort());
    const stripped = await map({ sitemap: 'only' });
    expect([...stripped.urls].sort()).toEqual([...new Set(expected.map(withoutQuery))].sort());
    const ten = await map({ sitemap: 'only', limit: 10 });
    expect(ten.urls).toHaveLength(10);
  });

  it('keeps to the start path when the start URL has one', async () => {
    const { urls } = await map({ url: site.url(SITE_HOST, '/blog/') });
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(new URL(url).pathname.startsWith('/blog/')).toBe(true);
  });

  it('answers 408 MAP_TIMEOUT "Map timed out" when the timeout runs out', async () => {
    const res = await map({ timeout: 1 });
    expect(res.status).toBe(408);
    expect(res.body).toEqual({ success: false, code: 'MAP_TIMEOUT', error: 'Map timed out' });
  });

  it('runs through the SDK with absolute links and the limit honoured', async () => {
    const app = new Firecrawl({ apiKey: API_KEY, apiUrl: t.url });
    const result = await app.map(site.url(SITE_HOST, '/'), { limit: 10 });
    expect(result.links.length).toBeGreaterThan(0);
    expect(result.links.length).toBeLessThanOrEqual(10);
    for (const link of result.links) expect(link.url).toMatch(/^http:\/\//);
  });
});
