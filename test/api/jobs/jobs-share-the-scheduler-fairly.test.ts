import { afterAll, beforeAll, expect, it } from 'vitest';
import { SITE_HOST, startCrawlSite, type CrawlSite } from '../../fixtures/crawl-site.js';
import { sleep, startEngine, waitForJob, type TestEngine } from '../crawl/harness.js';

let site: CrawlSite;
let t: TestEngine;

beforeAll(async () => {
  site = await startCrawlSite({ generatedPages: 300 });
  t = await startEngine({ hostResolver: site.hostResolver, globalConcurrency: 2, perHostConcurrency: 8 });
});

afterAll(async () => {
  await t?.close();
  await site?.close();
});

it('a small batch started behind a large crawl finishes while the crawl is still running', async () => {
  site.setPageDelay(40);
  const big = await t.call('POST', '/v2/crawl', { url: site.url(SITE_HOST, '/gen/'), limit: 300, sitemap: 'skip' });
  expect(big.status).toBe(200);
  // Let the crawl fill the queue and occupy every slot first.
  await sleep(600);
  const small = await t.call('POST', '/v2/batch/scrape', {
    urls: [1, 2, 3].map((n) => site.url(SITE_HOST, `/tiny?n=${n}`)),
  });
  expect(small.status).toBe(200);
  const done = await waitForJob(t, `/v2/batch/scrape/${small.body.id}`, 30_000);
  expect(done.status.status).toBe('completed');
  expect(done.docs).toHaveLength(3);

  const bigStatus = await t.call('GET', `/v2/crawl/${big.body.id}?limit=1`);
  expect(bigStatus.body.status).toBe('scraping');
  expect(bigStatus.body.completed).toBeLessThan(300);
  await t.call('DELETE', `/v2/crawl/${big.body.id}`);
}, 60_000);
