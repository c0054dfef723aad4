/**
 * Batch scrape input handling and outcomes: invalid URLs dropped or refused, sourceURL kept
 * exactly as given, per-URL failures in `/errors` while the batch completes, and the SDK.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Firecrawl from '@mendable/firecrawl-js';
import { SITE_HOST, startCrawlSite, type CrawlSite } from '../../fixtures/crawl-site.js';
import { API_KEY, startEngine, waitForJob, type TestEngine } from '../crawl/harness.js';

let site: CrawlSite;
let t: TestEngine;

beforeAll(async () => {
  site = await startCrawlSite({ generatedPages: 4, blogPosts: 2, slowMs: 50 });
  t = await startEngine({ hostResolver: site.hostResolver });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

const INVALID = ['ftp://site.test/file', 'not a url', 'http://exa mple.com/', ''];

describe('invalid URLs', () => {
  it('with ignoreInvalidURLs true drops invalid URLs, lists them in invalidURLs and scrapes the rest', async () => {
    const valid = [site.url(SITE_HOST, '/gen/1'), site.url(SITE_HOST, '/gen/2')];
    const res = await t.call('POST', '/v2/batch/scrape', { urls: [valid[0], ...INVALID, valid[1]], ignoreInvalidURLs: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      id: expect.any(String),
      url: `${t.url}/v2/batch/scrape/${res.body.id}`,
      invalidURLs: INVALID,
    });
    const { status, docs } = await waitForJob(t, `/v2/batch/scrape/${res.body.id}`);
    expect(status.status).toBe('completed');
    expect(docs.map((d) => d.metadata.sourceURL).sort()).toEqual(valid.sort());
  });

  it('answers an empty invalidURLs when every URL is valid and ignoreInvalidURLs is left at its default', async () => {
    const res = await t.call('POST', '/v2/batch/scrape', { urls: [site.url(SITE_HOST, '/gen/3')] });
    expect(res.status).toBe(200);
    expect(res.body.invalidURLs).toEqual([]);
    await waitForJob(t, `/v2/batch/scrape/${res.body.id}`);
  });

  it('with ignoreInvalidURLs false refuses the batch with a 400 naming each invalid URL', async () => {
    const before = (await t.call('GET', '/v2/jobs')).body.jobs.length;
    const res = await t.call('POST', '/v2/batch/scrape', { urls: [site.url(SITE_HOST, '/gen/1'), ...INVALID], ignoreInvalidURLs: false });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST', error: 'Bad Request', details: expect.any(Array) });
    const text = JSON.stringify(res.body.details);
    for (const url of INVALID.filter(Boolean)) expect(text).toContain(JSON.stringify(url).slice(1, -1));
    expect(res.body.details).toHaveLength(INVALID.length);
    expect((await t.call('GET', '/v2/jobs')).body.jobs.length).toBe(before);
  });

  it('with ignoreInvalidURLs false and valid URLs answers without an invalidURLs field', async () => {
    const res = await t.call('POST', '/v2/batch/scrape', { urls: [site.url(SITE_HOST, '/gen/4')], ignoreInvalidURLs: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: expect.any(String), url: `${t.url}/v2/batch/scrape/${res.body.id}` });
    expect('invalidURLs' in res.body).toBe(false);
    await waitForJob(t, `/v2/batch/scrape/${res.body.id}`);
  });

  it('refuses an empty list and a list with no valid URL', async () => {
    expect((await t.call('POST', '/v2/batch/scrape', { urls: [] })).status).toBe(400);
    expect((await t.call('POST', '/v2/batch/scrape', { urls: ['ftp://x.test/'], ignoreInvalidURLs: true })).status).toBe(400);
  });
});

describe('outcomes', () => {
  it('keeps each sourceURL exactly as given, query and spelling included', async () => {
    const given = [site.url(SITE_HOST, '/products?id=2&ref=nav'), `site.test:${site.port}/gen/1`, site.url(SITE_HOST, '/tiny?b=2&a=1')];
    const res = await t.call('POST', '/v2/batch/scrape', { urls: given });
    const { docs } = await waitForJob(t, `/v2/batch/scrape/${res.body.id}`);
    expect(docs.map((d) => d.metadata.sourceURL).sort()).toEqual([...given].sort());
    const product = docs.find((d) => d.metadata.sourceURL === given[0]);
    expect(product.metadata.title).toBe('Product 2');
  });

  it('completes with the pages that worked and lists each failed URL in /errors', async () => {
    const refused = 'http://127.0.0.1:1/unreachable';
    const urls = [
      site.url(SITE_HOST, '/gen/2'),
      site.url(SITE_HOST, '/report.pdf'),
      refused,
      site.url(SITE_HOST, '/nowhere'),
      site.url(SITE_HOST, '/error'),
    ];
    const res = await t.call('POST', '/v2/batch/scrape', { urls });
    const { status, docs } = await waitForJob(t, `/v2/batch/scrape/${res.body.id}`);
    expect(status.status).toBe('completed');
    expect(docs.map((d) => d.metadata.sourceURL).sort()).toEqual([urls[0], urls[3], urls[4]].sort());
    expect(docs.find((d) => d.metadata.sourceURL === urls[3]).metadata.statusCode).toBe(404);
    expect(docs.find((d) => d.metadata.sourceURL === urls[4]).metadata.statusCode).toBe(500);

    const errors = await t.call('GET', `/v2/batch/scrape/${res.body.id}/errors`);
    expect(errors.status).toBe(200);
    expect(errors.body.success).toBe(true);
    expect(errors.body.robotsBlocked).toEqual([]);
    expect(errors.body.errors.map((e: { url: string }) => e.url).sort()).toEqual([urls[1], refused].sort());
    for (const entry of errors.body.errors) {
      expect(entry).toMatchObject({
        id: expect.any(String),
        url: expect.any(String),
        error: expect.any(String),
        code: expect.stringMatching(/^[A-Z_]+$/),
      });
    }
  });

  it('runs through the SDK: batchScrape waits and returns the documents; errors and status read back', async () => {
    const app = new Firecrawl({ apiKey: API_KEY, apiUrl: t.url });
    const urls = [site.url(SITE_HOST, '/gen/1'), site.url(SITE_HOST, '/gen/2'), site.url(SITE_HOST, '/gen/3')];
    const job = await app.batchScrape(urls, { options: { formats: ['markdown', 'links'] }, pollInterval: 1 });
    expect(job.status).toBe('completed');
    expect(job.completed).toBe(3);
    expect(job.data.map((d) => d.metadata?.sourceURL).sort()).toEqual(urls.sort());
    for (const doc of job.data) {
      expect(doc.markdown).toContain('Generated');
      expect(Array.isArray(doc.links)).toBe(true);
    }
    const started = await app.startBatchScrape([site.url(SITE_HOST, '/gen/4')], { ignoreInvalidURLs: true });
    expect(started.url).toBe(`${t.url}/v2/batch/scrape/${started.id}`);
    await waitForJob(t, `/v2/batch/scrape/${started.id}`);
    const status = await app.getBatchScrapeStatus(started.id);
    expect(status).toMatchObject({ status: 'completed', completed: 1, total: 1 });
    expect((await app.getBatchScrapeErrors(started.id)).errors).toEqual([]);
  });
});
