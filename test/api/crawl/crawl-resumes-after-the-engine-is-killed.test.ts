/**
 * Resumability: a crawl running in `trawl serve` is killed with SIGKILL mid-way; a new
 * `trawl serve` on the same data folder finishes it, and the documents equal those of an
 * uninterrupted run: none lost, none duplicated, finished pages not fetched again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCrawlSite, type CrawlSite } from '../../fixtures/crawl-site.js';
import { API_KEY, sleep, startEngine, waitForJob, type TestEngine } from './harness.js';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const IP_HOST = '127.0.0.1';

let site: CrawlSite;
let dataDir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  site = await startCrawlSite({ generatedPages: 10, blogPosts: 2, slowMs: 50 });
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
