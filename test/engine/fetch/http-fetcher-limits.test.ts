import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../../../src-engine/errors/engine-error.js';
import { HttpFetcher } from '../../../src-engine/fetch/http-fetcher.js';
import type { FetchRequest } from '../../../src-engine/fetch/types.js';
import { startHttpServer, type RunningServer } from './local-servers.js';

function request(url: string, extra: Partial<FetchRequest> = {}): FetchRequest {
  return { url, timeoutMs: 5_000, skipTlsVerification: false, maxBytes: 10_000, ...extra };
}

async function failure(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

describe('HttpFetcher limits', () => {
  let server: RunningServer;
  const timers = new Set<NodeJS.Timeout>();
  const fetcher = new HttpFetcher({ userAgent: 'TrawlTest/1.0' });

  beforeAll(async () => {
    server = await startHttpServer((req, res) => {
      switch (req.url) {
        case '/declared-large':
          res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '50000' });
          res.end('x'.repeat(50_000));
          return;
        case '/chunked-large':
          res.writeHead(200, { 'content-type': 'text/plain' });
          for (let i = 0; i < 20; i++) res.write('y'.repeat(1_000));
          res.end();
          return;
        case '/gzip-bomb':
          res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
          res.end(gzipSync(Buffer.alloc(5_000_000, 0x61)));
          return;
        case '/slow-headers': {
          const timer = setTimeout(() => res.writeHead(200).end('late'), 10_000);
          timers.add(timer);
          return;
        }
        case '/slow-body': {
          res.writeHead(200, { 'content-type': 'text/plain' });
          const timer = setInterval(() => res.write('.'), 100);
          timers.add(timer);
          res.on('close', () => clearInterval(timer));
          return;
        }
        default:
          res.writeHead(200, { 'content-type': 'text/plain' }).end('small');
      }
    });
  });

  afterAll(async () => {
    for (const timer of timers) clearTimeout(timer);
    await fetcher.close();
    await server.close();
  });

  it.each(['/declared-large', '/chunked-large', '/gzip-bomb'])('refuses %s past maxBytes', async (path) => {
    const error = await failure(fetcher.fetch(request(`${server.url}${path}`)));
    expect(error.code).toBe('SCRAPE_CONTENT_TOO_LARGE');
    expect(error.message).toMatch(/too large.*10000 bytes/);
  });

  it('times out waiting for headers within the budget', async () => {
    const started = Date.now();
    const error = await failure(fetcher.fetch(request(`${server.url}/slow-headers`, { timeoutMs: 300 })));
    expect(error.code).toBe('SCRAPE_TIMEOUT');
    expect(error.status).toBe(408);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('times out on a body that never ends', async () => {
    const started = Date.now();
    const error = await failure(
      fetcher.fetch(request(`${server.url}/slow-body`, { timeoutMs: 400, maxBytes: 1_000_000 })),
    );
    expect(error.code).toBe('SCRAPE_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('stops when the caller aborts and surfaces the abort reason', async () => {
    const controller = new AbortController();
    const reason = new EngineError('JOB_CANCELLED', 'crawl cancelled');
    setTimeout(() => controller.abort(reason), 100);
    const started = Date.now();
    const error = await failure(fetcher.fetch(request(`${server.url}/slow-headers`, { signal: controller.signal })));
    expect(error).toBe(reason);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const error = await failure(fetcher.fetch(request(`${server.url}/`, { signal: AbortSignal.abort() })));
    expect(error.code).toBe('JOB_CANCELLED');
  });

  it('keeps working after failures (the pool stays healthy)', async () => {
    const result = await fetcher.fetch(request(`${server.url}/`));
    expect(result.text).toBe('small');
  });
});
