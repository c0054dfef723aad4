/**
 * Resumability: a crawl running in `trawl serve` is killed with SIGKILL mid-way; a new
 * `trawl serve` on the same data folder finishes it, and the documents equal those of an
 * uninterrupted run: none lost, none duplicated, finished pages not fetched again. The same
 * holds for an engine closed normally, also while its crawl is still reading sitemaps.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DOCS_HOST, startCrawlSite, type CrawlSite } from '../../fixtures/crawl-site.js';
import { API_KEY, sleep, startEngine, startWebhookReceiver, waitForJob, type TestEngine } from './harness.js';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const IP_HOST = '127.0.0.1';

let site: CrawlSite;
let dataDir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  site = await startCrawlSite({ generatedPages: 10, blogPosts: 2, slowMs: 50, docsSitemapParts: 3 });
  dataDir = mkdtempSync(join(tmpdir(), 'trawl-resume-'));
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await site?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts `trawl serve` on any free port and resolves with the address it prints. */
async function serve(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'bin', 'trawl.mjs'), 'serve', '--port', '0', '--data-dir', dataDir, '--api-key', API_KEY],
    {
      cwd: ROOT,
      env: { ...process.env, TRAWL_API_KEY: '', TRAWL_PORT: '', TRAWL_DATA_DIR: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`trawl serve printed no address in time:\n${output}`)), 45_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+)\/#key=(\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        expect(match[2]).toBe(API_KEY);
        resolveUrl(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`trawl serve exited (${code}):\n${output}`)));
  });
  return { child, url };
}

async function call(base: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

/** Every document of a job, following `next`. */
async function allDocs(base: string, id: string): Promise<any[]> {
  const docs: any[] = [];
  let next: string | undefined = `${base}/v2/crawl/${id}`;
  while (next) {
    const page = await call('', 'GET', next);
    docs.push(...page.data);
    next = page.status === 'scraping' ? undefined : page.next;
  }
  return docs;
}

const crawlBody = () => ({ url: site.url(IP_HOST, '/gen/'), sitemap: 'skip' });

it('finishes a crawl after SIGKILL and restart with the same documents as an uninterrupted run', async () => {
  // The uninterrupted run, in process.
  const reference: TestEngine = await startEngine();
  let expected: string[];
  try {
    const start = await reference.call('POST', '/v2/crawl', crawlBody());
    const { docs } = await waitForJob(reference, `/v2/crawl/${start.body.id}`);
    expected = docs.map((d) => d.metadata.sourceURL).sort();
  } finally {
    await reference.close();
  }
  expect(expected).toHaveLength(11);

  // The interrupted run: one page at a time with a pause, killed after a few pages.
  const first = await serve();
  const started = await call(first.url, 'POST', '/v2/crawl', { ...crawlBody(), delay: 0.3 });
  expect(started.success).toBe(true);
  const id = started.id as string;
  let doneBeforeKill: string[] = [];
  const deadline = Date.now() + 30_000;
  while (doneBeforeKill.length < 3) {
    if (Date.now() > deadline) throw new Error('the crawl made no progress before the kill');
    await sleep(100);
    doneBeforeKill = (await allDocs(first.url, id)).map((d) => d.metadata.sourceURL);
  }
  expect(doneBeforeKill.length).toBeLessThan(expected.length);
  const killed = new Promise((r) => first.child.once('exit', r));
  first.child.kill('SIGKILL');
  await killed;
  const status = await fetch(`${first.url}/health`).then(
    () => 'still answering',
    () => 'gone',
  );
  expect(status).toBe('gone');
  const hitsAtRestart = site.hits.length;

  // The restart continues the job on its own.
  const second = await serve();
  let final: any;
  const finishBy = Date.now() + 60_000;
  for (;;) {
    final = await call(second.url, 'GET', `/v2/crawl/${id}?limit=1`);
    if (final.status !== 'scraping') break;
    if (Date.now() > finishBy) throw new Error(`resumed crawl still scraping: ${JSON.stringify({ ...final, data: undefined })}`);
    await sleep(200);
  }
  expect(final.status).toBe('completed');
  const docs = await allDocs(second.url, id);
  const sources = docs.map((d) => d.metadata.sourceURL).sort();
  expect(sources).toEqual(expected);
  expect(new Set(docs.map((d) => d.metadata.scrapeId)).size).toBe(docs.length);
  expect(final.completed).toBe(expected.length);

  // Pages finished before the kill were not fetched again.
  const refetched = site.hits
    .slice(hitsAtRestart)
    .filter((hit) => doneBeforeKill.some((url) => url === `http://${hit.replace(/^127\.0\.0\.1/, `127.0.0.1:${site.port}`)}`));
  expect(refetched).toEqual([]);
  expect(site.hits.slice(hitsAtRestart).filter((hit) => hit.startsWith(`${IP_HOST}/gen/`)).length).toBeGreaterThan(0);

  second.child.kill('SIGTERM');
  await new Promise((r) => second.child.once('exit', r));
});

/** Waits until the job (on an in-process engine) has at least `n` documents. */
async function untilCompleted(t: TestEngine, id: string, n: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((await t.call('GET', `/v2/crawl/${id}?limit=1`)).body.completed < n) {
    if (Date.now() > deadline) throw new Error(`crawl ${id} did not reach ${n} documents`);
    await sleep(50);
  }
}

it('continues a crawl after the engine is closed and started again on the same data folder', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'trawl-close-'));
  try {
    const first = await startEngine({ dataDir: folder, hostResolver: site.hostResolver });
    const start = await first.call('POST', '/v2/crawl', { url: site.url(IP_HOST, '/gen/'), sitemap: 'skip', delay: 0.2 });
    const id = start.body.id as string;
    await untilCompleted(first, id, 2);
    await first.close();

    const second = await startEngine({ dataDir: folder, hostResolver: site.hostResolver });
    try {
      const { status, docs } = await waitForJob(second, `/v2/crawl/${id}`, 40_000);
      expect(status.status).toBe('completed');
      const sources = docs.map((d) => d.metadata.sourceURL).sort();
      expect(sources).toEqual([site.url(IP_HOST, '/gen/'), ...site.generatedPaths.map((path) => site.url(IP_HOST, path))].sort());
      expect(new Set(docs.map((d) => d.metadata.scrapeId)).size).toBe(docs.length);
    } finally {
      await second.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

it('reads the sitemaps again when the engine closed during the crawl kickoff, and announces the crawl once', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'trawl-kickoff-'));
  const receiver = await startWebhookReceiver();
  site.setResourceDelay(1500);
  try {
    const first = await startEngine({ dataDir: folder, hostResolver: site.hostResolver });
    const before = site.hits.length;
    const start = await first.call('POST', '/v2/crawl', { url: site.url(DOCS_HOST, '/guide'), webhook: receiver.url });
    const id = start.body.id as string;
    await untilCompleted(first, id, 1);
    // The sitemap index is still on its way: no sitemap page has been requested yet.
    expect(site.hits.slice(before).filter((hit) => hit.includes('/guide/page-'))).toEqual([]);
    await first.close();
    site.setResourceDelay(0);

    const second = await startEngine({ dataDir: folder, hostResolver: site.hostResolver });
    try {
      const { status, docs } = await waitForJob(second, `/v2/crawl/${id}`, 40_000);
      expect(status.status).toBe('completed');
      const sources = docs.map((d) => d.metadata.sourceURL).sort();
      const docsPages = (...paths: string[]) => paths.map((path) => site.url(DOCS_HOST, path));
      expect(sources).toEqual([...docsPages('/guide', '/guide/intro'), ...site.sitemapUrls(DOCS_HOST)].sort());
      await receiver.waitFor((all) => all.some((r) => r.body.id === id && r.body.type === 'crawl.completed'));
      // Delivery is at least once (an event in flight at close is sent again): receivers dedupe by webhookId.
      const unique = new Map(receiver.received.filter((r) => r.body.id === id).map((r) => [r.body.webhookId, r.body.type]));
      const types = [...unique.values()];
      expect(types.filter((type) => type === 'crawl.started')).toHaveLength(1);
      expect(types.filter((type) => type === 'crawl.page')).toHaveLength(docs.length);
    } finally {
      await second.close();
    }
  } finally {
    site.setResourceDelay(0);
    await receiver.close();
    rmSync(folder, { recursive: true, force: true });
  }
});
