/**
 * Volume: a batch of 10,000 URLs is accepted in one request and answered promptly; it is
 * cancelled right after acceptance, so the test never scrapes them all.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SITE_HOST, startCrawlSite, type CrawlSite } from '../../fixtures/crawl-site.js';
import { sleep, startEngine, type TestEngine } from '../crawl/harness.js';

let site: CrawlSite;
let t: TestEngine;

beforeAll(async () => {
  site = await startCrawlSite({ generatedPages: 1, blogPosts: 1, slowMs: 50 });
  t = await startEngine({ hostResolver: site.hostResolver });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

it('accepts 10,000 URLs in one request, counts them all, and cancels cleanly', async () => {
  site.setPageDelay(200);
  const urls = Array.from({ length: 10_000 }, (_, i) => site.url(SITE_HOST, `/tiny?n=${i}`));
  const started = Date.now();
  const res = await t.call('POST', '/v2/batch/scrape', { urls, maxConcurrency: 2 });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: true, id: expect.any(String), invalidURLs: [] });
  expect(Date.now() - started).toBeLessThan(15_000);
  const id = res.body.id as string;

  const status = await t.call('GET', `/v2/batch/scrape/${id}?limit=5`);
  expect(status.body.status).toBe('scraping');
  expect(status.body.total).toBe(10_000);

  const cancel = await t.call('DELETE', `/v2/batch/scrape/${id}`);
  expect(cancel.body).toEqual({ success: true, status: 'cancelled' });
  // A request written before the cancel may be read by the in-process site a moment later.
  await sleep(30);
  const hitsAtCancel = site.hits.length;
  await sleep(500);
  expect(site.hits.length).toBe(hitsAtCancel);
  expect(hitsAtCancel).toBeLessThan(50);

  const after = await t.call('GET', `/v2/batch/scrape/${id}`);
  expect(after.body.status).toBe('cancelled');
  expect(after.body.completed).toBeLessThan(50);
  expect(after.body.data).toHaveLength(after.body.completed);
});
