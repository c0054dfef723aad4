/**
 * Pacing seen from the site: `delay` runs a crawl one page at a time with the gap between
 * requests, and `maxConcurrency` caps how many of its pages are requested at once.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { SITE_HOST, startCrawlSite, type CrawlSite } from '../../fixtures/crawl-site.js';
import { crawlAndWait, startEngine, type TestEngine } from './harness.js';

let site: CrawlSite;
let t: TestEngine;

beforeAll(async () => {
  site = await startCrawlSite({ generatedPages: 8, blogPosts: 2, slowMs: 50 });
  t = await startEngine({ hostResolver: site.hostResolver });
});
afterEach(() => site.setPageDelay(0));
afterAll(async () => {
  await t?.close();
  await site?.close();
});

/** Requests to the generated section (robots.txt and sitemaps aside) made since `from`. */
const genRequests = (from: number) => site.timeline.filter((r) => r.start >= from && r.hit.startsWith(`${SITE_HOST}/gen/`));

it('with delay scrapes one page at a time, waiting `delay` seconds after each page before requesting the next', async () => {
  site.setPageDelay(100);
  const from = Date.now();
  const { status } = await crawlAndWait(t, { url: site.url(SITE_HOST, '/gen/'), sitemap: 'skip', limit: 4, delay: 0.4 });
  expect(status.completed).toBe(4);
  const requests = genRequests(from).sort((a, b) => a.start - b.start);
  expect(requests).toHaveLength(4);
  for (let i = 1; i < requests.length; i++) {
    expect(requests[i]!.start - requests[i - 1]!.end).toBeGreaterThanOrEqual(395);
  }
});

it('with maxConcurrency never has more of its pages in flight than the cap, and reaches it', async () => {
  site.setPageDelay(300);
  site.resetConcurrency();
  const { status } = await crawlAndWait(t, { url: site.url(SITE_HOST, '/gen/'), sitemap: 'skip', maxConcurrency: 2 });
  expect(status.completed).toBe(9);
  expect(site.maxConcurrent()).toBe(2);
});

it('without maxConcurrency runs several pages of one host at once, within the per-host limit', async () => {
  site.setPageDelay(300);
  site.resetConcurrency();
  const { status } = await crawlAndWait(t, { url: site.url(SITE_HOST, '/gen/'), sitemap: 'skip' });
  expect(status.completed).toBe(9);
  expect(site.maxConcurrent()).toBeGreaterThan(2);
  expect(site.maxConcurrent()).toBeLessThanOrEqual(4);
});
