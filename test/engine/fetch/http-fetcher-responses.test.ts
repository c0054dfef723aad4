import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../../../src-engine/fetch/http-fetcher.js';
import type { FetchRequest } from '../../../src-engine/fetch/types.js';
import { startHttpServer, type RunningServer } from './local-servers.js';

const page = '<html><head><title>Hello</title></head><body><p>Grüße aus dem Test</p></body></html>';

function request(url: string, extra: Partial<FetchRequest> = {}): FetchRequest {
  return { url, timeoutMs: 5_000, skipTlsVerification: false, maxBytes: 1_000_000, ...extra };
}

describe('HttpFetcher responses', () => {
  let server: RunningServer;
  const sockets = new Set<unknown>();
  const fetcher = new HttpFetcher({ userAgent: 'TrawlTest/1.0' });

  beforeAll(async () => {
    server = await startHttpServer((req, res) => {
      sockets.add(req.socket);
      const path = req.url ?? '/';
      const hop = /^\/hop\/(\d+)$/.exec(path);
      if (hop) {
        const n = Number(hop[1]);
        res.writeHead(n === 0 ? 200 : 302, n === 0 ? { 'content-type': 'text/plain' } : { location: `/hop/${n - 1}` });
        res.end(n === 0 ? 'arrived' : 'moving');
        return;
      }
      switch (path) {
        case '/start':
          res.writeHead(301, { location: '/middle?x=1' }).end();
          return;
        case '/middle?x=1':
          res.writeHead(307, { location: `${server.url}/final` }).end();
          return;
        case '/final':
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-marker': 'final' }).end(page);
          return;
        case '/loop':
          res.writeHead(302, { location: '/loop' }).end();
          return;
        case '/missing':
          res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not here</h1>');
          return;
        case '/broken':
          res.writeHead(500, { 'content-type': 'text/plain' }).end('server exploded');
          return;
        case '/gzip':
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' });
          res.end(gzipSync(page));
          return;
        case '/deflate':
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'deflate' });
          res.end(deflateSync(page));
          return;
        case '/deflate-raw':
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'deflate' });
          res.end(deflateRawSync(page));
          return;
        case '/br':
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br' });
          res.end(brotliCompressSync(page));
          return;
        case '/no-type':
          res.writeHead(200).end('plain bytes');
          return;
        default:
          res.writeHead(404).end();
      }
    });
  });

  afterAll(async () => {
    await fetcher.close();
    await server.close();
  });

  it('follows a redirect chain and reports the final url', async () => {
    const result = await fetcher.fetch(request(`${server.url}/start`));
    expect(result.url).toBe(`${server.url}/final`);
    expect(result.statusCode).toBe(200);
    expect(result.headers['x-marker']).toBe('final');
    expect(result.text).toBe(page);
    expect(result.fetcher).toBe('http');
  });

  it('follows ten redirects but refuses an eleventh', async () => {
    const ten = await fetcher.fetch(request(`${server.url}/hop/10`));
    expect(ten.text).toBe('arrived');
    expect(ten.url).toBe(`${server.url}/hop/0`);
    await expect(fetcher.fetch(request(`${server.url}/hop/11`))).rejects.toMatchObject({ code: 'SCRAPE_SITE_ERROR' });
    await expect(fetcher.fetch(request(`${server.url}/loop`))).rejects.toThrow(/Too many redirects/);
  });

  it('returns 404 and 500 pages as results with their status codes', async () => {
    const missing = await fetcher.fetch(request(`${server.url}/missing`));
    expect(missing.statusCode).toBe(404);
    expect(missing.text).toContain('Not here');
    const broken = await fetcher.fetch(request(`${server.url}/broken`));
    expect(broken.statusCode).toBe(500);
    expect(broken.contentType).toBe('text/plain');
    expect(broken.text).toBe('server exploded');
  });

  it.each(['/gzip', '/deflate', '/deflate-raw', '/br'])('decompresses %s bodies', async (path) => {
    const result = await fetcher.fetch(request(`${server.url}${path}`));
    expect(result.body.toString('utf8')).toBe(page);
    expect(result.text).toBe(page);
  });

  it('reports an empty content type when the server sends none', async () => {
    const result = await fetcher.fetch(request(`${server.url}/no-type`));
    expect(result.contentType).toBe('');
    expect(result.text).toBe('plain bytes');
  });

  it('reuses keep-alive connections across requests', async () => {
    sockets.clear();
    for (let i = 0; i < 25; i++) await fetcher.fetch(request(`${server.url}/final`));
    expect(sockets.size).toBeLessThanOrEqual(2);
  });

  it('declares what it can serve', () => {
    expect(fetcher.name).toBe('http');
    expect(fetcher.capabilities).toEqual({
      javascript: false,
      screenshot: false,
      actions: false,
      mobile: false,
      pdf: true,
      waitFor: false,
    });
  });

  it('serves robots-style resources through fetchResource', async () => {
    const resource = await fetcher.fetchResource(`${server.url}/start`, { timeoutMs: 5_000 });
    expect(resource.url).toBe(`${server.url}/final`);
    expect(resource.statusCode).toBe(200);
    expect(Buffer.isBuffer(resource.body)).toBe(true);
    expect(resource.body.toString('utf8')).toBe(page);
  });
});
