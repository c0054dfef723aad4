/**
 * Crawl webhooks against a real receiver on 127.0.0.1: event order, one page event per
 * document, metadata and custom headers, the `events` filter, signatures and retries.
 */
import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { SITE_HOST, startCrawlSite, type CrawlSite } from '../../fixtures/crawl-site.js';
import { sleep, startEngine, startWebhookReceiver, waitForJob, type TestEngine, type WebhookReceiver } from './harness.js';

let site: CrawlSite;
let t: TestEngine;
let receiver: WebhookReceiver;

beforeAll(async () => {
  site = await startCrawlSite({ generatedPages: 6, blogPosts: 2, slowMs: 50 });
  t = await startEngine({ hostResolver: site.hostResolver });
});
afterEach(async () => {
  site.setPageDelay(0);
  await receiver?.close();
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

const eventsOf = (id: string) => receiver.received.filter((r) => r.body.id === id);
const typesOf = (id: string) => eventsOf(id).map((r) => r.body.type as string);
const isTerminal = (type: string) => /^crawl\.(completed|failed|cancelled)$/.test(type);

async function startCrawl(body: Record<string, unknown>): Promise<string> {
  const res = await t.call('POST', '/v2/crawl', body);
  expect(res.status).toBe(200);
  return res.body.id;
}

it('sends started, one page event per document, then completed, each signed and carrying metadata and headers', async () => {
  receiver = await startWebhookReceiver();
  const id = await startCrawl({
    url: site.url(SITE_HOST, '/gen/'),
    sitemap: 'skip',
    limit: 4,
    webhook: { url: receiver.url, headers: { 'x-run': 'nightly' }, metadata: { run: 'r1', owner: 'qa' } },
  });
  const { docs } = await waitForJob(t, `/v2/crawl/${id}`);
  await receiver.waitFor(() => typesOf(id).some(isTerminal));
  await sleep(200);

  const types = typesOf(id);
  expect(types[0]).toBe('crawl.started');
  expect(types.at(-1)).toBe('crawl.completed');
  expect(types.slice(1, -1).every((type) => type === 'crawl.page')).toBe(true);
  expect(types.filter((type) => type === 'crawl.page')).toHaveLength(docs.length);
  expect(docs).toHaveLength(4);

  const scrapeIds = new Set(docs.map((d) => d.metadata.scrapeId));
  for (const event of eventsOf(id)) {
    expect(event.body).toMatchObject({ success: true, id, metadata: { run: 'r1', owner: 'qa' }, error: null, data: expect.any(Array) });
    expect(event.headers['x-run']).toBe('nightly');
    expect(event.headers['content-type']).toContain('application/json');
    const expected = `sha256=${createHmac('sha256', t.engine.webhookSecret).update(event.raw).digest('hex')}`;
    expect(event.headers['x-firecrawl-signature']).toBe(expected);
    if (event.body.type === 'crawl.page') {
      expect(event.body.data).toHaveLength(1);
      expect(scrapeIds.has(event.body.data[0].metadata.scrapeId)).toBe(true);
    } else {
      expect(event.body.data).toEqual([]);
    }
  }
  // Every document was announced once.
  expect(
    new Set(
      eventsOf(id)
        .filter((e) => e.body.type === 'crawl.page')
        .map((e) => e.body.data[0].metadata.scrapeId),
    ),
  ).toEqual(scrapeIds);
});

it('honours the events filter and reports a cancelled crawl under `completed`', async () => {
  receiver = await startWebhookReceiver();
  const completedOnly = await startCrawl({
    url: site.url(SITE_HOST, '/gen/'),
    sitemap: 'skip',
    limit: 3,
    webhook: { url: receiver.url, events: ['completed'] },
  });
  await waitForJob(t, `/v2/crawl/${completedOnly}`);
  await receiver.waitFor(() => typesOf(completedOnly).length > 0);

  site.setPageDelay(300);
  const cancelled = await startCrawl({
    url: site.url(SITE_HOST, '/gen/'),
    sitemap: 'skip',
    maxConcurrency: 1,
    webhook: { url: receiver.url, events: ['completed'] },
  });
  await sleep(400);
  expect((await t.call('DELETE', `/v2/crawl/${cancelled}`)).status).toBe(200);
  await receiver.waitFor(() => typesOf(cancelled).length > 0);
  await sleep(300);

  expect(typesOf(completedOnly)).toEqual(['crawl.completed']);
  expect(typesOf(cancelled)).toEqual(['crawl.cancelled']);
});

it('sends crawl.failed with the error when the start page cannot be scraped', async () => {
  receiver = await startWebhookReceiver();
  const id = await startCrawl({ url: site.url(SITE_HOST, '/report.pdf'), sitemap: 'skip', webhook: receiver.url });
  const { status } = await waitForJob(t, `/v2/crawl/${id}`);
  expect(status.status).toBe('failed');
  await receiver.waitFor(() => typesOf(id).some(isTerminal));
  const failed = eventsOf(id).find((e) => e.body.type === 'crawl.failed')!;
  expect(failed.body).toMatchObject({ success: false, id, error: expect.any(String) });
  expect(failed.body.error.length).toBeGreaterThan(0);
  expect(typesOf(id)).toEqual(['crawl.started', 'crawl.failed']);
});

it('retries a delivery the receiver refused, keeps the order, and never holds up the crawl', async () => {
  receiver = await startWebhookReceiver();
  receiver.failNext(1);
  const id = await startCrawl({ url: site.url(SITE_HOST, '/gen/'), sitemap: 'skip', limit: 2, webhook: { url: receiver.url } });
  const { status } = await waitForJob(t, `/v2/crawl/${id}`);
  expect(status.status).toBe('completed');
  await receiver.waitFor(() => typesOf(id).some(isTerminal), 20_000);
  expect(receiver.failedCount()).toBe(1);
  expect(typesOf(id)).toEqual(['crawl.started', 'crawl.page', 'crawl.page', 'crawl.completed']);
});
