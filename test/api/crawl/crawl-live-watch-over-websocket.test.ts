/**
 * The live watch of a crawl: the WebSocket protocol spoken directly (key as subprotocol), and
 * the official SDK's watcher, whatever transport it picks on this Node version.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import Firecrawl from '@mendable/firecrawl-js';
import { SITE_HOST, startCrawlSite, type CrawlSite } from '../../fixtures/crawl-site.js';
import { API_KEY, crawlAndWait, startEngine, waitForJob, type TestEngine } from './harness.js';

let site: CrawlSite;
let t: TestEngine;

beforeAll(async () => {
  site = await startCrawlSite({ generatedPages: 6, blogPosts: 2, slowMs: 50 });
  t = await startEngine({ hostResolver: site.hostResolver });
});
afterEach(() => site.setPageDelay(0));
afterAll(async () => {
  await t?.close();
  await site?.close();
});

interface Session {
  frames: any[];
  code: number;
  reason: string;
}

/** Opens the watch socket and collects every frame until the server closes it. */
function watch(path: string, protocol: string | null = API_KEY, timeoutMs = 20_000): Promise<Session> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${t.url.replace(/^http/, 'ws')}${path}`, protocol ? [protocol] : undefined);
    const frames: any[] = [];
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`watch ${path}: no close after ${timeoutMs} ms; frames: ${frames.map((f) => f.type).join(',')}`));
    }, timeoutMs);
    ws.on('message', (data) => frames.push(JSON.parse(String(data))));
    ws.on('close', (code, reason) => {
      clearTimeout(timer);
      resolve({ frames, code, reason: String(reason) });
    });
    ws.on('error', () => undefined);
  });
}

const scrapeIdsOf = (docs: any[]) => docs.map((d) => d.metadata.scrapeId as string);

it('streams catchup, one document frame per new page and a terminal snapshot for a running crawl', async () => {
  site.setPageDelay(150);
  const start = await t.call('POST', '/v2/crawl', { url: site.url(SITE_HOST, '/gen/'), sitemap: 'skip', maxConcurrency: 1 });
  const id = start.body.id as string;
  const session = await watch(`/v2/crawl/${id}`);
  const { docs } = await waitForJob(t, `/v2/crawl/${id}`);

  const [first, ...rest] = session.frames;
  expect(first.type).toBe('catchup');
  expect(first.data).toMatchObject({
    success: true,
    status: 'scraping',
    total: expect.any(Number),
    completed: expect.any(Number),
    data: expect.any(Array),
  });
  expect(first.data.status === 'completed' && first.data.total === 0).toBe(false);

  const streamed = [...first.data.data, ...rest.filter((f) => f.type === 'document').map((f) => f.data)];
  expect(rest.filter((f) => f.type === 'document').length).toBeGreaterThan(0);
  expect(scrapeIdsOf(streamed).sort()).toEqual(scrapeIdsOf(docs).sort());

  const terminal = rest.filter((f) => f.type !== 'document');
  expect(terminal.map((f) => f.type)).toEqual(['catchup', 'done']);
  expect(terminal[0].data).toMatchObject({ status: 'completed', total: 7, completed: 7 });
  // The terminal snapshot carries every document, as a final REST poll would.
  expect(scrapeIdsOf(terminal[0].data.data).sort()).toEqual(scrapeIdsOf(docs).sort());
  expect(session.code).toBe(1000);
  expect(JSON.parse(session.reason)).toEqual({ type: 'done' });
});

it('answers a watch of a finished crawl with its documents and closes at once', async () => {
  const { id, docs } = await crawlAndWait(t, { url: site.url(SITE_HOST, '/gen/'), sitemap: 'skip', limit: 3 });
  const session = await watch(`/v2/crawl/${id}`);
  expect(session.frames[0].type).toBe('catchup');
  expect(session.frames[0].data.status).toBe('completed');
  expect(scrapeIdsOf(session.frames[0].data.data).sort()).toEqual(scrapeIdsOf(docs).sort());
  expect(session.frames.at(-1).type).toBe('done');
  expect(session.code).toBe(1000);
});

it('closes with 3000 for a wrong key and 1008 for an unknown crawl', async () => {
  const { id } = await crawlAndWait(t, { url: site.url(SITE_HOST, '/gen/'), sitemap: 'skip', limit: 1 });
  const wrongKey = await watch(`/v2/crawl/${id}`, 'not-the-key-0123456789');
  expect(wrongKey.code).toBe(3000);
  expect(JSON.parse(wrongKey.reason)).toMatchObject({ type: 'error', error: expect.any(String) });
  expect(wrongKey.frames).toEqual([]);

  const noKey = await watch(`/v2/crawl/${id}`, null);
  expect(noKey.code).toBe(3000);

  const unknown = await watch(`/v2/crawl/${randomUUID()}`);
  expect(unknown.code).toBe(1008);
  expect(JSON.parse(unknown.reason)).toEqual({ type: 'error', error: 'Job not found' });
});

it('lets the SDK watcher follow a crawl to `done`, emitting each document once and handing all of them to `done`', async () => {
  site.setPageDelay(100);
  const app = new Firecrawl({ apiKey: API_KEY, apiUrl: t.url });
  const { id } = await app.startCrawl(site.url(SITE_HOST, '/gen/'), { sitemap: 'skip', maxConcurrency: 1 });
  const watcher = app.watcher(id, { kind: 'crawl', pollInterval: 1, timeout: 30 });
  const documents: any[] = [];
  const snapshots: any[] = [];
  let done: any;
  watcher.on('document', (doc) => documents.push(doc));
  watcher.on('snapshot', (snap) => snapshots.push(snap));
  watcher.on('done', (event) => (done ??= event));
  watcher.on('error', () => undefined);
  await watcher.start();
  expect(done).toMatchObject({ status: 'completed', id, total: 7, completed: 7 });
  expect(snapshots.length).toBeGreaterThan(0);
  const { docs } = await waitForJob(t, `/v2/crawl/${id}`);
  expect(scrapeIdsOf(done.data).sort()).toEqual(scrapeIdsOf(docs).sort());
  expect(documents).toHaveLength(docs.length);
  expect(scrapeIdsOf(documents).sort()).toEqual(scrapeIdsOf(docs).sort());
});

it('lets the SDK watcher follow a cancelled crawl to `done` with status cancelled', async () => {
  site.setPageDelay(200);
  const app = new Firecrawl({ apiKey: API_KEY, apiUrl: t.url });
  const { id } = await app.startCrawl(site.url(SITE_HOST, '/gen/'), { sitemap: 'skip', maxConcurrency: 1 });
  const watcher = app.watcher(id, { kind: 'crawl', pollInterval: 1, timeout: 30 });
  let done: any;
  watcher.on('done', (event) => (done ??= event));
  watcher.on('error', () => undefined);
  const finished = watcher.start();
  await new Promise((r) => setTimeout(r, 500));
  expect(await app.cancelCrawl(id)).toBe(true);
  await finished;
  expect(done).toMatchObject({ status: 'cancelled', id });
  const { docs } = await waitForJob(t, `/v2/crawl/${id}`);
  expect(done.data).toHaveLength(docs.length);
});

it('streams a batch over the batch watch path', async () => {
  const urls = [site.url(SITE_HOST, '/gen/1'), site.url(SITE_HOST, '/gen/2')];
  const start = await t.call('POST', '/v2/batch/scrape', { urls: urls.map((u) => `${u}?watch=1`) });
  const session = await watch(`/v2/batch/scrape/${start.body.id}`);
  const { docs } = await waitForJob(t, `/v2/batch/scrape/${start.body.id}`);
  expect(session.frames[0].type).toBe('catchup');
  const terminal = session.frames.filter((f) => f.type === 'catchup').at(-1);
  expect(terminal.data.status).toBe('completed');
  expect(scrapeIdsOf(terminal.data.data).sort()).toEqual(scrapeIdsOf(docs).sort());
  expect(session.code).toBe(1000);
});
