import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEngine, waitForJob, type TestEngine } from '../crawl/harness.js';

let server: Server;
let origin: string;
let t: TestEngine;
const hits: { path: string; at: number }[] = [];

beforeAll(async () => {
  let limitedCalls = 0;
  server = createServer((req, res) => {
    hits.push({ path: req.url ?? '', at: Date.now() });
    if (req.url === '/limited' && limitedCalls++ === 0) {
      res.writeHead(429, { 'content-type': 'text/html', 'retry-after': '2' });
      res.end('<html><body><p>Slow down</p></body></html>');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<html><head><title>${req.url}</title></head><body><main><p>Page ${req.url} has arrived with enough words to count as content for the reader.</p></main></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await startEngine();
});

afterAll(async () => {
  await t?.close();
  await new Promise((r) => server.close(r));
});

it('a 429 with Retry-After is retried after the wait, and the host is left alone meanwhile', async () => {
  const start = await t.call('POST', '/v2/batch/scrape', { urls: [`${origin}/limited`, `${origin}/other`], maxConcurrency: 1 });
  expect(start.status).toBe(200);
  const { status, docs } = await waitForJob(t, `/v2/batch/scrape/${start.body.id}`, 30_000);
  expect(status.status).toBe('completed');
  const limited = docs.find((d) => d.metadata.sourceURL.endsWith('/limited'));
  expect(limited.metadata.statusCode).toBe(200);

  const limitedHits = hits.filter((h) => h.path === '/limited');
  expect(limitedHits).toHaveLength(2);
  expect(limitedHits[1]!.at - limitedHits[0]!.at).toBeGreaterThanOrEqual(1900);
  // Nothing else was sent to the host during the back-off window.
  const during = hits.filter((h) => h.at > limitedHits[0]!.at && h.at < limitedHits[0]!.at + 1900);
  expect(during).toEqual([]);
}, 40_000);
