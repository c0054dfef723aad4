/**
 * Batch jobs as they run: batch_scrape.* webhooks, cancel, idempotent starts, appending URLs
 * to a running batch, and the per-batch concurrency cap.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import Firecrawl from '@mendable/firecrawl-js';
import { SITE_HOST, startCrawlSite, type CrawlSite } from '../../fixtures/crawl-site.js';
import { API_KEY, sleep, startEngine, startWebhookReceiver, waitForJob, type TestEngine, type WebhookReceiver } from '../crawl/harness.js';

let site: CrawlSite;
let t: TestEngine;
let app: Firecrawl;
let receiver: WebhookReceiver | undefined;

beforeAll(async () => {
  site = await startCrawlSite({ generatedPages: 6, blogPosts: 2, slowMs: 50 });
  t = await startEngine({ hostResolver: site.hostResolver });
  app = new Firecrawl({ apiKey: API_KEY, apiUrl: t.url });
});
afterEach(async () => {
  site.setPageDelay(0);
  await receiver?.close();
  receiver = undefined;
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

/** Distinct URLs of the tiny page (batch scrapes are cached by URL, so each test uses its own). */
const tiny = (tag: string, n: number) => Array.from({ length: n }, (_, i) => site.url(SITE_HOST, `/tiny?${tag}=${i}`));

async function startBatch(body: Record<string, unknown>, headers?: Record<string, string>) {
  const res = await t.call('POST', '/v2/batch/scrape', body, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; url: string; invalidURLs?: string[] };
}

describe('webhooks', () => {
  it('sends batch_scrape.started, one signed page event per document, then batch_scrape.completed', async () => {
    receiver = await startWebhookReceiver();
    const hook = receiver;
    const { id } = await startBatch({
      urls: tiny('hook', 3),
      webhook: { url: hook.url, metadata: { batch: 'b1' }, headers: { 'x-team': 'red' } },
    });
    const { docs } = await waitForJob(t, `/v2/batch/scrape/${id}`);
    await hook.waitFor((all) => all.some((r) => r.body.id === id && r.body.type === 'batch_scrape.completed'));
    await sleep(200);
    const events = hook.received.filter((r) => r.body.id === id);
    const types = events.map((e) => e.body.type);
    expect(types[0]).toBe('batch_scrape.started');
    expect(types.at(-1)).toBe('batch_scrape.completed');
    expect(types.filter((type) => type === 'batch_scrape.page')).toHaveLength(docs.length);
    expect(types.every((type) => type.startsWith('batch_scrape.'))).toBe(true);
    const scrapeIds = new Set(docs.map((d) => d.metadata.scrapeId));
    for (const event of events) {
      expect(event.body.metadata).toEqual({ batch: 'b1' });
      expect(event.headers['x-team']).toBe('red');
      expect(event.headers['x-firecrawl-signature']).toBe(
        `sha256=${createHmac('sha256', t.engine.webhookSecret).update(event.raw).digest('hex')}`,
      );
      if (event.body.type === 'batch_scrape.page') expect(scrapeIds.has(event.body.data[0].metadata.scrapeId)).toBe(true);
    }
  });
});

describe('cancel', () => {
  it('cancels a running batch: idempotent, status cancelled, no page requested afterwards; a finished batch answers 409', async () => {
    site.setPageDelay(250);
    const urls = tiny('cancel', 8);
    const { id } = await startBatch({ urls, maxConcurrency: 1 });
    const deadline = Date.now() + 15_000;
    while ((await t.call('GET', `/v2/batch/scrape/${id}?limit=1`)).body.completed < 1) {
      if (Date.now() > deadline) throw new Error('batch made no progress');
      await sleep(50);
    }
    const cancel = await t.call('DELETE', `/v2/batch/scrape/${id}`);
    // A request written before the cancel may be read by the in-process site a moment later.
    await sleep(30);
    const hitsAtCancel = site.hits.length;
    expect(cancel.body).toEqual({ success: true, status: 'cancelled' });
    expect(await app.cancelBatchScrape(id)).toBe(true);
    await sleep(700);
    expect(site.hits.slice(hitsAtCancel)).toEqual([]);
    const status = await t.call('GET', `/v2/batch/scrape/${id}`);
    expect(status.body.status).toBe('cancelled');
    expect(status.body.completed).toBeGreaterThanOrEqual(1);
    expect(status.body.completed).toBeLessThan(urls.length);
    expect(status.body.next).toBeUndefined();
    const past = await t.call('GET', `/v2/batch/scrape/${id}?skip=${status.body.completed}`);
    expect(past.body.data).toEqual([]);
    expect(past.body.next).toBeUndefined();

    site.setPageDelay(0);
    const finished = await startBatch({ urls: tiny('finished', 1) });
    await waitForJob(t, `/v2/batch/scrape/${finished.id}`);
    expect((await t.call('DELETE', `/v2/batch/scrape/${finished.id}`)).status).toBe(409);
  });

  it('answers 404 for an unknown batch and 400 for a malformed id', async () => {
    expect((await t.call('GET', `/v2/batch/scrape/${randomUUID()}`)).status).toBe(404);
    expect((await t.call('DELETE', `/v2/batch/scrape/${randomUUID()}`)).status).toBe(404);
    expect((await t.call('GET', `/v2/batch/scrape/${randomUUID()}/errors`)).status).toBe(404);
    expect((await t.call('GET', '/v2/batch/scrape/123')).status).toBe(400);
  });
});

describe('idempotency and appending', () => {
  it('returns the same job for a reused x-idempotency-key, over HTTP and from the SDK, and never a crawl', async () => {
    const key = `batch-${randomUUID()}`;
    const urls = tiny('idem', 2);
    const first = await startBatch({ urls }, { 'x-idempotency-key': key });
    const second = await startBatch({ urls }, { 'x-idempotency-key': key });
    expect(second.id).toBe(first.id);
    const viaSdk = await app.startBatchScrape(urls, { idempotencyKey: key });
    expect(viaSdk.id).toBe(first.id);
    const { docs } = await waitForJob(t, `/v2/batch/scrape/${first.id}`);
    expect(docs).toHaveLength(2);

    const crawlKey = `crawl-${randomUUID()}`;
    const crawl = await t.call(
      'POST',
      '/v2/crawl',
      { url: site.url(SITE_HOST, '/gen/1'), sitemap: 'skip' },
      { 'x-idempotency-key': crawlKey },
    );
    expect(crawl.status).toBe(200);
    expect((await t.call('POST', '/v2/crawl', { url: site.url(SITE_HOST, '/gen/1') }, { 'x-idempotency-key': crawlKey })).status).toBe(409);
    expect((await t.call('POST', '/v2/batch/scrape', { urls }, { 'x-idempotency-key': crawlKey })).status).toBe(409);
    await waitForJob(t, `/v2/crawl/${crawl.body.id}`);
  });

  it('appends URLs to a running batch with appendToId, and refuses to append to a finished one', async () => {
    site.setPageDelay(200);
    const firstUrls = tiny('append-a', 2);
    const more = tiny('append-b', 2);
    const { id } = await startBatch({ urls: firstUrls, maxConcurrency: 1 });
    const appended = await startBatch({ urls: more, appendToId: id });
    expect(appended.id).toBe(id);
    expect(appended.url).toBe(`${t.url}/v2/batch/scrape/${id}`);
    const { status, docs } = await waitForJob(t, `/v2/batch/scrape/${id}`);
    expect(status.status).toBe('completed');
    expect(status.total).toBe(4);
    expect(docs.map((d) => d.metadata.sourceURL).sort()).toEqual([...firstUrls, ...more].sort());

    const late = await t.call('POST', '/v2/batch/scrape', { urls: tiny('append-c', 1), appendToId: id });
    expect(late.status).toBe(409);
    const unknown = await t.call('POST', '/v2/batch/scrape', { urls: tiny('append-d', 1), appendToId: randomUUID() });
    expect(unknown.status).toBe(404);
  });
});

describe('concurrency', () => {
  it('never has more of a batch in flight than its maxConcurrency', async () => {
    site.setPageDelay(250);
    site.resetConcurrency();
    const { id } = await startBatch({ urls: tiny('cap', 6), maxConcurrency: 2 });
    const { status } = await waitForJob(t, `/v2/batch/scrape/${id}`);
    expect(status.completed).toBe(6);
    expect(site.maxConcurrent()).toBe(2);
  });
});
