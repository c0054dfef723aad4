import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../../../src-engine/fetch/http-fetcher.js';
import { formatAcceptLanguage } from '../../../src-engine/fetch/request-headers.js';
import type { FetchRequest } from '../../../src-engine/fetch/types.js';
import { startHttpServer, type RunningServer } from './local-servers.js';

function request(url: string, extra: Partial<FetchRequest> = {}): FetchRequest {
  return { url, timeoutMs: 5_000, skipTlsVerification: false, maxBytes: 100_000, ...extra };
}

describe('HttpFetcher request headers', () => {
  let server: RunningServer;
  let other: RunningServer;
  const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
  const fetcher = new HttpFetcher({ userAgent: 'TrawlBot-Test/2.0' });

  beforeAll(async () => {
    other = await startHttpServer((req, res) => {
      seen.push({ path: `other${req.url}`, headers: req.headers });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('other');
    });
    server = await startHttpServer((req, res) => {
      seen.push({ path: req.url ?? '', headers: req.headers });
      if (req.url === '/to-other') {
        res.writeHead(302, { location: `${other.url}/landing` }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });

  afterAll(async () => {
    await fetcher.close();
    await server.close();
    await other.close();
  });

  function last(path: string): IncomingHttpHeaders {
    const entry = [...seen].reverse().find((e) => e.path === path);
    if (!entry) throw new Error(`no request for ${path}`);
    return entry.headers;
  }

  it('sends Trawl’s User-Agent, a browser-like Accept and supported encodings by default', async () => {
    await fetcher.fetch(request(`${server.url}/plain`));
    const headers = last('/plain');
    expect(headers['user-agent']).toBe('TrawlBot-Test/2.0');
    expect(headers.accept).toContain('text/html');
    expect(headers['accept-encoding']).toBe('gzip, deflate, br');
    expect(headers['accept-language']).toBeUndefined();
  });

  it('lets request headers override ours whatever their case', async () => {
    await fetcher.fetch(
      request(`${server.url}/custom`, {
        headers: { 'USER-AGENT': 'MyScript/1.0', 'X-Api-Token': 'secret', Accept: 'application/json' },
      }),
    );
    const headers = last('/custom');
    expect(headers['user-agent']).toBe('MyScript/1.0');
    expect(headers['x-api-token']).toBe('secret');
    expect(headers.accept).toBe('application/json');
  });

  it('derives Accept-Language from the location languages', async () => {
    await fetcher.fetch(request(`${server.url}/lang`, { location: { country: 'de', languages: ['de', 'en'] } }));
    expect(last('/lang')['accept-language']).toBe('de, en;q=0.9');
  });

  it('drops credentials but keeps other headers on a cross-origin redirect', async () => {
    const result = await fetcher.fetch(
      request(`${server.url}/to-other`, { headers: { Authorization: 'Bearer abc', 'X-Trace': '1' } }),
    );
    expect(result.url).toBe(`${other.url}/landing`);
    expect(last('/to-other').authorization).toBe('Bearer abc');
    const landing = last('other/landing');
    expect(landing.authorization).toBeUndefined();
    expect(landing['x-trace']).toBe('1');
  });

  it('formats quality values for longer language lists', () => {
    expect(formatAcceptLanguage(['fr-CH', 'fr', 'en', 'de'])).toBe('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7');
    expect(formatAcceptLanguage([])).toBeUndefined();
    expect(formatAcceptLanguage(undefined)).toBeUndefined();
  });
});
