import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCrawlSite, SITE_HOST, type CrawlSite } from '../../fixtures/crawl-site.js';
import { crawlAndWait, startEngine, type TestEngine } from '../../api/crawl/harness.js';
let site: CrawlSite; let t: TestEngine;
beforeAll(async () => { site = await startCrawlSite({ generatedPages: 8, slowMs: 200 }); t = await startEngine({ hostResolver: site.hostResolver }); });
afterAll(async () => { await t?.close(); await site?.close(); });
it('smoke', async () => {
  const r = await crawlAndWait(t, { url: site.url(SITE_HOST, '/a/') });
  console.log(r.status.status, r.status.total, r.status.completed, r.sources);
  const e = await t.call('GET', `/v2/crawl/${r.id}/errors`);
  console.log(JSON.stringify(e.body));
  console.log(site.hits);
  const r2 = await crawlAndWait(t, { url: site.url(SITE_HOST, '/'), limit: 40 });
  console.log(r2.status.status, r2.status.total, r2.status.completed, r2.sources);
  console.log(JSON.stringify((await t.call('GET', `/v2/crawl/${r2.id}/errors`)).body, null, 1));
});
