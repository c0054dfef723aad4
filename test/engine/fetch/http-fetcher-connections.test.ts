import net from 'node:net';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../../../src-engine/errors/engine-error.js';
import { HttpFetcher } from '../../../src-engine/fetch/http-fetcher.js';
import type { FetchRequest } from '../../../src-engine/fetch/types.js';
import {
  createSelfSignedCert,
  startForwardProxy,
  startHttpServer,
  startHttpsServer,
  type RunningServer,
} from './local-servers.js';

function request(url: string, extra: Partial<FetchRequest> = {}): FetchRequest {
  return { url, timeoutMs: 5_000, skipTlsVerification: false, maxBytes: 100_000, ...extra };
}

async function failure(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

const hostResolver = (hostname: string): string | undefined =>
  hostname === 'site.test' || hostname.endsWith('.site.test') || hostname === 'other.test' ? '127.0.0.1' : undefined;

describe('HttpFetcher connections', () => {
  let plain: RunningServer;
  let secure: RunningServer;
  const serverNames: (string | false | null)[] = [];
  const fetcher = new HttpFetcher({ userAgent: 'TrawlTest/1.0', hostResolver });

  beforeAll(async () => {
    plain = await startHttpServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`host=${req.headers.host} path=${req.url}`);
    });
    secure = await startHttpsServer(createSelfSignedCert(), (req, res) => {
      serverNames.push((req.socket as TLSSocket).servername);
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`secure host=${req.headers.host}`);
    });
  });

  afterAll(async () => {
    await fetcher.close();
    await plain.close();
    await secure.close();
  });

  it('accepts a self-signed certificate when skipTlsVerification is true', async () => {
    const result = await fetcher.fetch(request(`${secure.url}/`, { skipTlsVerification: true }));
    expect(result.statusCode).toBe(200);
    expect(result.text).toContain('secure');
  });

  it('fails with SCRAPE_SSL_ERROR on a self-signed certificate when verification is on', async () => {
    const error = await failure(fetcher.fetch(request(`${secure.url}/`, { skipTlsVerification: false })));
    expect(error.code).toBe('SCRAPE_SSL_ERROR');
    expect(error.message).toContain('skipTlsVerification');
  });

  it('fails with SCRAPE_CONNECTION_ERROR when the port refuses connections', async () => {
    const port = await closedPort();
    const error = await failure(fetcher.fetch(request(`http://127.0.0.1:${port}/`)));
    expect(error.code).toBe('SCRAPE_CONNECTION_ERROR');
    expect(error.retryable).toBe(true);
  });

  it('fails fast with SCRAPE_DNS_RESOLUTION_ERROR for a host that does not resolve', async () => {
    const started = Date.now();
    const error = await failure(fetcher.fetch(request('http://no-such-host.invalid/page', { timeoutMs: 3_000 })));
    expect(error.code).toBe('SCRAPE_DNS_RESOLUTION_ERROR');
    expect(error.message).toContain('DNS resolution failed for hostname: no-such-host.invalid');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('connects to the resolver’s address while keeping the Host header', async () => {
    const result = await fetcher.fetch(request(`http://site.test:${plain.port}/about`));
    expect(result.url).toBe(`http://site.test:${plain.port}/about`);
    expect(result.text).toBe(`host=site.test:${plain.port} path=/about`);
    const blog = await fetcher.fetch(request(`http://blog.site.test:${plain.port}/`));
    expect(blog.text).toBe(`host=blog.site.test:${plain.port} path=/`);
  });

  it('keeps the TLS server name of a resolved host', async () => {
    const result = await fetcher.fetch(request(`https://site.test:${secure.port}/`, { skipTlsVerification: true }));
    expect(result.text).toBe(`secure host=site.test:${secure.port}`);
    expect(serverNames.at(-1)).toBe('site.test');
  });

  it('still asks DNS for hosts the resolver does not know', async () => {
    const error = await failure(fetcher.fetch(request('http://unknown.invalid/', { timeoutMs: 3_000 })));
    expect(error.code).toBe('SCRAPE_DNS_RESOLUTION_ERROR');
  });
});

describe('HttpFetcher through a proxy', () => {
  let target: RunningServer;
  let secure: RunningServer;
  let proxy: Awaited<ReturnType<typeof startForwardProxy>>;
  let fetcher: HttpFetcher;

  beforeAll(async () => {
    target = await startHttpServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`via proxy ${req.url}`);
    });
    secure = await startHttpsServer(createSelfSignedCert(), (req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`tunnelled ${req.url}`);
    });
    proxy = await startForwardProxy();
    const proxyUrl = new URL(proxy.url);
    proxyUrl.username = 'user';
    proxyUrl.password = 'pass';
    fetcher = new HttpFetcher({ userAgent: 'TrawlTest/1.0', proxyUrl: proxyUrl.href });
  });

  afterAll(async () => {
    await fetcher.close();
    await proxy.close();
    await target.close();
    await secure.close();
  });

  it('sends plain-HTTP requests to the proxy with its credentials', async () => {
    const result = await fetcher.fetch(request(`${target.url}/through`));
    expect(result.text).toBe('via proxy /through');
    expect(proxy.log.requests).toContain(`GET ${target.url}/through`);
    expect(proxy.log.authorizations).toContain(`Basic ${Buffer.from('user:pass').toString('base64')}`);
  });

  it('tunnels HTTPS requests through CONNECT', async () => {
    const result = await fetcher.fetch(request(`${secure.url}/secret`, { skipTlsVerification: true }));
    expect(result.text).toBe('tunnelled /secret');
    expect(proxy.log.requests).toContain(`CONNECT 127.0.0.1:${secure.port}`);
  });
});

/** A port that was just free: bound, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
