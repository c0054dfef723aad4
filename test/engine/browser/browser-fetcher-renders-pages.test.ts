import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSite, type BrowserSite } from '../../fixtures/browser-site.js';
import { createBrowserStack, fetchRequest, type BrowserStack } from './browser-harness.js';
import { isEngineError } from '../../../src-engine/errors/engine-error.js';

describe('browser fetcher renders pages', () => {
  let site: BrowserSite;
  let stack: BrowserStack;
  beforeAll(async () => {
    site = await startBrowserSite();
    stack = createBrowserStack();
  });
  afterAll(async () => {
    await stack.close();
    await site.close();
  });

  it('returns content rendered by JavaScript', async () => {
    const result = await stack.fetcher.fetch(fetchRequest(site.url('/spa')));
    expect(result.fetcher).toBe('browser');
    expect(result.statusCode).toBe(200);
    expect(result.contentType).toContain('text/html');
    expect(result.text).toContain('Rendered by JavaScript');
  });

  it('waits for data the page loads after it rendered', async () => {
    const result = await stack.fetcher.fetch(fetchRequest(site.url('/spa-fetch')));
    expect(result.text).toContain('Loaded after render');
  });

  it('reports the status of the main navigation and the final URL after redirects', async () => {
    const missing = await stack.fetcher.fetch(fetchRequest(site.url('/missing')));
    expect(missing.statusCode).toBe(404);
    const redirected = await stack.fetcher.fetch(fetchRequest(site.url('/redirect')));
    expect(redirected.url).toBe(site.url('/article'));
    expect(redirected.statusCode).toBe(200);
  });

  it('sends request headers and the engine user agent', async () => {
    await stack.fetcher.fetch(fetchRequest(site.url('/headers'), { headers: { 'X-Trawl-Test': 'yes' } }));
    const seen = site.requests.filter((r) => r.path === '/headers').at(-1)!;
    expect(seen.headers['x-trawl-test']).toBe('yes');
    expect(seen.headers['user-agent']).toContain('TrawlBot');
  });

  it('returns JSON bodies as they were served', async () => {
    const result = await stack.fetcher.fetch(fetchRequest(site.url('/data.json')));
    expect(result.contentType).toContain('application/json');
    expect(JSON.parse(result.text)).toEqual({ ok: true, n: 3 });
  });

  it('honours waitFor within the budget', async () => {
    const started = Date.now();
    await stack.fetcher.fetch(fetchRequest(site.url('/article'), { waitFor: 700 }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
  });

  it('fails with SCRAPE_TIMEOUT when the budget runs out', async () => {
    const error = await stack.fetcher.fetch(fetchRequest(site.url('/slow'), { timeoutMs: 1_000 })).catch((e) => e);
    expect(isEngineError(error) && error.code).toBe('SCRAPE_TIMEOUT');
    expect(error.status).toBe(408);
    // The pool is still usable afterwards.
    const result = await stack.fetcher.fetch(fetchRequest(site.url('/article')));
    expect(result.text).toContain('Herring season');
  });

  it('stops when the request is cancelled', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const error = await stack.fetcher
      .fetch(fetchRequest(site.url('/slow'), { signal: controller.signal }))
      .catch((e) => e);
    expect(isEngineError(error) && error.code).toBe('JOB_CANCELLED');
  });

  it('maps a refused connection to SCRAPE_CONNECTION_ERROR', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const error = await stack.fetcher.fetch(fetchRequest(`http://127.0.0.1:${closed}/`)).catch((e) => e);
    expect(isEngineError(error) && error.code).toBe('SCRAPE_CONNECTION_ERROR');
  });
});
