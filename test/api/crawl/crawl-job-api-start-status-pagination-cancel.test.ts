/**
 * The crawl job API over HTTP and through the official SDK: start, status shape, pagination
 * to the end, cancel, errors, the active list, and the answers for unknown or malformed ids.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import Firecrawl from '@mendable/firecrawl-js';
import { SITE_HOST, startCrawlSite, type CrawlSite } from '../../fixtures/crawl-site.js';
import { API_KEY, crawlAndWait, sleep, startEngine, waitForJob, type TestEngine } from './harness.js';

let site: CrawlSite;
let t: TestEngine;
let app: Firecrawl;

beforeAll(async () => {
  site = await startCrawlSite({ generatedPages: 8, blogPosts: 2, slowMs: 50 });
  t = await startEngine({ hostResolver: site.hostResolver });
  app = new Firecrawl({ apiKey: API_KEY, apiUrl: t.url });
});
afterEach(() => site.setPageDelay(0));
afterAll(async () => {
  await t?.close();
  await site?.close();
});

const genCrawl = { url: '', sitemap: 'skip' as const };
const genUrl = () => site.url(SITE_HOST, '/gen/');

/**
 * The number of requests the site has seen once requests already on the wire have been read:
 * the site runs in this process, so a request the engine wrote before a cancel may be read a
 * moment after the DELETE answer.
 */
async function settledHitCount(): Promise<number> {
  await sleep(30);
  return site.hits.length;
}

/** Waits until the job has at least `n` documents. */
async function waitForCompleted(id: string, n: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const { body } = await t.call('GET', `/v2/crawl/${id}?limit=1`);
    if (body.completed >= n) return;
    await sleep(50);
  }
  throw new Error(`crawl ${id} did not reach ${n} documents`);
}

describe('starting a crawl and reading its status', () => {
  it('answers the start with success, id and the absolute status URL, and is never completed with total 0 at once', async () => {
    const start = await t.call('POST', '/v2/crawl', { ...genCrawl, url: genUrl() });
    expect(start.status).toBe(200);
    expect(start.body).toEqual({ success: true, id: expect.any(String), url: `${t.url}/v2/crawl/${start.body.id}` });
    const first = await t.call('GET', `/v2/crawl/${start.body.id}`);
    expect(first.body.status === 'completed' && first.body.total === 0).toBe(false);
    await waitForJob(t, `/v2/crawl/${start.body.id}`);
  });

  it('reports status, total, completed, creditsUsed, expiresAt and data', async () => {
    const { status, docs } = await crawlAndWait(t, { ...genCrawl, url: genUrl() });
    expect(status).toMatchObject({
      success: true,
      status: 'completed',
      total: 9,
      completed: 9,
      creditsUsed: 9,
      expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/),
      data: expect.any(Array),
    });
    expect(Date.parse(status.expiresAt)).toBeGreaterThan(Date.now());
    expect(status.next).toBeUndefined();
    expect(docs).toHaveLength(9);
    for (const doc of docs) {
      expect(doc.markdown).toEqual(expect.any(String));
      expect(doc.metadata).toMatchObject({
        sourceURL: expect.any(String),
        url: expect.any(String),
        statusCode: 200,
        scrapeId: expect.any(String),
        creditsUsed: 1,
      });
      expect(doc.rawHtml).toBeUndefined();
    }
  });

  it('walks `next` with ?limit=2 to the end: every document exactly once, no `next` on the last page', async () => {
    const { id } = await crawlAndWait(t, { ...genCrawl, url: genUrl() });
    const seen: string[] = [];
    let url: string | undefined = `${t.url}/v2/crawl/${id}?limit=2`;
    let hops = 0;
    while (url) {
      const { status, body }: { status: number; body: any } = await t.call('GET', url);
      expect(status).toBe(200);
      expect(body.data.length).toBeLessThanOrEqual(2);
      seen.push(...body.data.map((d: { metadata: { scrapeId: string } }) => d.metadata.scrapeId));
      if (body.next) expect(body.next).toMatch(new RegExp(`^${t.url}/v2/crawl/${id}\\?skip=\\d+&limit=2$`));
      url = body.next;
      hops += 1;
    }
    expect(hops).toBe(5);
    expect(seen).toHaveLength(9);
    expect(new Set(seen).size).toBe(9);
  });

  it('answers `skip` past the end with no data and no next', async () => {
    const { id } = await crawlAndWait(t, { ...genCrawl, url: genUrl() });
    const past = await t.call('GET', `/v2/crawl/${id}?skip=50`);
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual([]);
    expect(past.body.next).toBeUndefined();
    expect((await t.call('GET', `/v2/crawl/${id}?skip=-1`)).status).toBe(400);
    expect((await t.call('GET', `/v2/crawl/${id}?limit=0`)).status).toBe(400);
  });

  it('lets the SDK start, wait for and page through a crawl', async () => {
    const job = await app.crawl(genUrl(), { sitemap: 'skip', pollInterval: 1, limit: 4 });
    expect(job.status).toBe('completed');
    expect(job.completed).toBe(4);
    expect(job.data).toHaveLength(4);
    const started = await app.startCrawl(genUrl(), { sitemap: 'skip' });
    expect(started).toEqual({ id: expect.any(String), url: `${t.url}/v2/crawl/${started.id}` });
    await waitForJob(t, `/v2/crawl/${started.id}`);
    const status = await app.getCrawlStatus(started.id);
    expect(status.data).toHaveLength(9);
    expect(status.next ?? null).toBeNull();
  });
});

describe('cancelling a crawl', () => {
  it('stops the crawl: status cancelled, idempotent, and no page is requested after DELETE returns', async () => {
    site.setPageDelay(250);
    const start = await t.call('POST', '/v2/crawl', { ...genCrawl, url: genUrl(), maxConcurrency: 1 });
    const id = start.body.id as string;
    await waitForCompleted(id, 2);
    const cancel = await t.call('DELETE', `/v2/crawl/${id}`);
    const hitsAtCancel = await settledHitCount();
    expect(cancel.status).toBe(200);
    expect(cancel.body).toEqual({ success: true, status: 'cancelled' });
    await sleep(800);
    expect(site.hits.slice(hitsAtCancel)).toEqual([]);

    const again = await t.call('DELETE', `/v2/crawl/${id}`);
    expect(again.body).toEqual({ success: true, status: 'cancelled' });
    expect(await app.cancelCrawl(id)).toBe(true);

    const status = await t.call('GET', `/v2/crawl/${id}`);
    expect(status.body.status).toBe('cancelled');
    expect(status.body.completed).toBeGreaterThanOrEqual(2);
    expect(status.body.completed).toBeLessThan(9);
    expect(status.body.data).toHaveLength(status.body.completed);
    expect(status.body.next).toBeUndefined();
  });

  it('answers 409 to cancelling a finished crawl', async () => {
    const { id } = await crawlAndWait(t, { ...genCrawl, url: genUrl(), limit: 2 });
    const res = await t.call('DELETE', `/v2/crawl/${id}`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, error: expect.any(String) });
    expect((await t.call('GET', `/v2/crawl/${id}`)).body.status).toBe('completed');
  });
});

describe('listing and errors', () => {
  it('lists a running crawl under /v2/crawl/active and /ongoing, and not once it has finished', async () => {
    site.setPageDelay(200);
    const before = Date.now();
    const { id } = await app.startCrawl(genUrl(), { sitemap: 'skip', maxConcurrency: 1 });
    for (const path of ['/v2/crawl/active', '/v2/crawl/ongoing']) {
      const res = await t.call('GET', path);
      expect(res.status).toBe(200);
      const entry = res.body.crawls.find((c: { id: string }) => c.id === id);
      expect(entry).toMatchObject({ id, teamId: expect.any(String), url: genUrl(), options: expect.objectContaining({ sitemap: 'skip' }) });
      expect(entry.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Math.abs(Date.parse(entry.created_at) - before)).toBeLessThan(5_000);
    }
    const sdkList = await app.getActiveCrawls();
    expect(sdkList.crawls.map((c) => c.id)).toContain(id);

    site.setPageDelay(0);
    await waitForJob(t, `/v2/crawl/${id}`);
    const after = await t.call('GET', '/v2/crawl/active');
    expect(after.body.crawls.map((c: { id: string }) => c.id)).not.toContain(id);
  });

  it('answers the errors endpoint with success, errors and robotsBlocked', async () => {
    const { id } = await crawlAndWait(t, { ...genCrawl, url: genUrl(), limit: 2 });
    const res = await t.call('GET', `/v2/crawl/${id}/errors`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, errors: [], robotsBlocked: [] });
  });

  it('answers 404 for an unknown job id and 400 for an id that is not a UUID', async () => {
    const unknown = randomUUID();
    for (const [method, path] of [
      ['GET', `/v2/crawl/${unknown}`],
      ['DELETE', `/v2/crawl/${unknown}`],
      ['GET', `/v2/crawl/${unknown}/errors`],
    ] as const) {
      const res = await t.call(method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toMatchObject({ success: false, error: expect.any(String) });
    }
    for (const [method, path] of [
      ['GET', '/v2/crawl/not-a-uuid'],
      ['DELETE', '/v2/crawl/not-a-uuid'],
      ['GET', '/v2/crawl/invalid-job-id-12345/errors'],
    ] as const) {
      const res = await t.call(method, path);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'Invalid job ID format. Job ID must be a valid UUID.' });
    }
    await expect(app.getCrawlErrors('invalid-job-id-12345')).rejects.toThrow();
  });

  it('does not answer a crawl id on the batch routes', async () => {
    const { id } = await crawlAndWait(t, { ...genCrawl, url: genUrl(), limit: 1 });
    expect((await t.call('GET', `/v2/batch/scrape/${id}`)).status).toBe(404);
  });
});
