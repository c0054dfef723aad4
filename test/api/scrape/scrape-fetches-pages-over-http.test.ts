import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARSET_FIXTURES } from '../../fixtures/site-server.js';
import { createSelfSignedCert, startHttpsServer, type RunningServer } from '../../engine/fetch/local-servers.js';
import { startScrapeStack, type ScrapeStack } from './scrape-stack.js';

/** A small response ceiling so the oversize case streams only a few megabytes. */
const MAX_RESPONSE_BYTES = 1024 * 1024;

describe('scrape fetches pages over HTTP', () => {
  let stack: ScrapeStack;
  /** An HTTPS site whose certificate no authority signed. */
  let selfSigned: RunningServer;
  beforeAll(async () => {
    stack = await startScrapeStack({ maxResponseBytes: MAX_RESPONSE_BYTES });
    selfSigned = await startHttpsServer(createSelfSignedCert(), (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(
        '<!DOCTYPE html><html><head><title>Private berth list</title></head><body><main><p>Berth 12 is reserved for the pilot boat.</p></main></body></html>',
      );
    });
  });
  afterAll(async () => {
    await selfSigned?.close();
    await stack?.close();
  });

  /** Headers the fixture site received with the last request for `path`. */
  function lastHeadersFor(path: string): Record<string, unknown> {
    const request = stack.site.requests.filter((r) => r.url === path).at(-1);
    expect(request, `no request for ${path}`).toBeDefined();
    return request!.headers;
  }

  it('follows redirects: metadata.url is the final page, sourceURL the address exactly as written', async () => {
    const written = `${stack.site.url}/redirect/3?pagewanted=all&et_blog&b=%20two&&a=1`;
    const document = await stack.app.scrape(written, { formats: ['markdown'] });
    expect(document.metadata?.sourceURL).toBe(written);
    expect(document.metadata?.url).toBe(`${stack.site.url}/article.html`);
    expect(document.metadata?.statusCode).toBe(200);
    expect(document.markdown).toContain('Councillors in Port Wenlow voted 31 to 9');
  });

  it('gives up on a redirect chain longer than ten hops with 500 SCRAPE_SITE_ERROR', async () => {
    const { status, body } = await stack.postScrape({ url: `${stack.site.url}/redirect/12` });
    expect(status).toBe(500);
    expect(body).toMatchObject({ success: false, code: 'SCRAPE_SITE_ERROR' });
    expect(String(body.error)).toContain('Too many redirects');
  });

  it('keeps sourceURL untouched for a plain address with an odd query string', async () => {
    const written = `${stack.site.url}/article.html?utm_source=x&ref=&empty&q=a+b%2Fc`;
    const document = await stack.app.scrape(written);
    expect(document.metadata?.sourceURL).toBe(written);
    expect(document.metadata?.url).toBe(written);
  });

  it('returns a 404 page as a successful scrape with statusCode 404', async () => {
    const document = await stack.app.scrape(`${stack.site.url}/status/404`);
    expect(document.metadata?.statusCode).toBe(404);
    expect(document.markdown).toContain('could not serve this page (HTTP 404)');
  });

  it('returns a 500 page as a successful scrape with statusCode 500', async () => {
    const { status, body } = await stack.postScrape({ url: `${stack.site.url}/status/500` });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const data = body.data as { markdown: string; metadata: { statusCode: number } };
    expect(data.metadata.statusCode).toBe(500);
    expect(data.markdown).toContain('(HTTP 500)');
  });

  for (const encoding of ['gzip', 'deflate', 'br'] as const) {
    it(`decompresses a ${encoding}-encoded page`, async () => {
      const document = await stack.app.scrape(`${stack.site.url}/${encoding}/article.html`);
      expect(document.markdown).toContain('Councillors in Port Wenlow voted 31 to 9');
      expect(String(lastHeadersFor(`/${encoding}/article.html`)['accept-encoding'])).toContain(encoding);
    });
  }

  for (const fixture of CHARSET_FIXTURES) {
    it(`decodes a ${fixture.charset} page named in the Content-Type header`, async () => {
      const document = await stack.app.scrape(`${stack.site.url}${fixture.headerPath}`);
      expect(document.markdown).toContain(fixture.expectedText);
      expect(document.metadata?.title).toBe(fixture.title);
    });

    it(`decodes a ${fixture.charset} page named only in a meta charset tag`, async () => {
      const document = await stack.app.scrape(`${stack.site.url}${fixture.metaPath}`);
      expect(document.markdown).toContain(fixture.expectedText);
    });
  }

  it('refuses a response larger than the limit with 500 SCRAPE_CONTENT_TOO_LARGE', async () => {
    const { status, body } = await stack.postScrape({ url: `${stack.site.url}/oversize?mb=3` });
    expect(status).toBe(500);
    expect(body).toMatchObject({ success: false, code: 'SCRAPE_CONTENT_TOO_LARGE' });
    expect(String(body.error)).toContain('too large');
  });

  it('answers 408 SCRAPE_TIMEOUT within the timeout when the page is too slow', async () => {
    const started = Date.now();
    const { status, body } = await stack.postScrape({ url: `${stack.site.url}/slow?ms=20000`, timeout: 1000 });
    const elapsed = Date.now() - started;
    expect(status).toBe(408);
    expect(body).toMatchObject({ success: false, code: 'SCRAPE_TIMEOUT' });
    expect(elapsed).toBeLessThan(5000);
  });

  it('reports a refused connection as 500 SCRAPE_CONNECTION_ERROR', async () => {
    const { status, body } = await stack.postScrape({ url: 'http://127.0.0.1:9/closed-port' });
    expect(status).toBe(500);
    expect(body).toMatchObject({ success: false, code: 'SCRAPE_CONNECTION_ERROR' });
  });

  it('reports an unknown host as 500 SCRAPE_DNS_RESOLUTION_ERROR', async () => {
    const { status, body } = await stack.postScrape({ url: 'http://harbour-office.invalid/tides' });
    expect(status).toBe(500);
    expect(body).toMatchObject({ success: false, code: 'SCRAPE_DNS_RESOLUTION_ERROR' });
    expect(String(body.error)).toContain('DNS resolution failed for hostname: harbour-office.invalid');
  });

  it('surfaces the same failures through the SDK as errors with the HTTP status and code', async () => {
    const timeout = await stack.app.scrape(`${stack.site.url}/slow?ms=20000`, { timeout: 500 }).catch((e: unknown) => e);
    expect(timeout).toMatchObject({ status: 408, code: 'SCRAPE_TIMEOUT' });
    const dns = await stack.app.scrape('http://harbour-office.invalid/').catch((e: unknown) => e);
    expect(dns).toMatchObject({ status: 500, code: 'SCRAPE_DNS_RESOLUTION_ERROR' });
  });

  it('fetches a blocked answer (403, 429) once when no browser can retry it', async () => {
    for (const status of [403, 429]) {
      const path = `/status/${status}`;
      const document = await stack.app.scrape(`${stack.site.url}${path}`, { maxAge: 0 });
      expect(document.metadata).toMatchObject({ statusCode: status, proxyUsed: 'basic' });
      expect(stack.site.hits.filter((hit) => hit === path)).toHaveLength(1);
    }
  });

  it('scrapes a site with a self-signed certificate by default', async () => {
    const document = await stack.app.scrape(`${selfSigned.url}/berths`);
    expect(document.markdown).toContain('Berth 12 is reserved for the pilot boat.');
  });

  it('refuses a self-signed certificate with skipTlsVerification false: 500 SCRAPE_SSL_ERROR', async () => {
    const { status, body } = await stack.postScrape({ url: `${selfSigned.url}/berths`, skipTlsVerification: false });
    expect(status).toBe(500);
    expect(body).toMatchObject({ success: false, code: 'SCRAPE_SSL_ERROR' });
    expect(String(body.error)).toContain('skipTlsVerification');
  });

  it('verifies certificates by default when custom headers are sent, unless skipTlsVerification is true', async () => {
    const headers = { 'X-Harbour-Pass': 'berth-12' };
    const verified = await stack.postScrape({ url: `${selfSigned.url}/berths`, headers });
    expect(verified.status).toBe(500);
    expect(verified.body).toMatchObject({ success: false, code: 'SCRAPE_SSL_ERROR' });
    const skipped = await stack.app.scrape(`${selfSigned.url}/berths`, { headers, skipTlsVerification: true });
    expect(skipped.markdown).toContain('Berth 12 is reserved for the pilot boat.');
  });

  it('sends the request headers given in headers to the site', async () => {
    const document = await stack.app.scrape(`${stack.site.url}/echo-headers`, {
      formats: ['rawHtml'],
      headers: { 'X-Harbour-Pass': 'berth-12', Cookie: 'session=abc123', Referer: 'https://tidewater.example/' },
    });
    const received = JSON.parse(document.rawHtml!) as Record<string, string>;
    expect(received['x-harbour-pass']).toBe('berth-12');
    expect(received.cookie).toBe('session=abc123');
    expect(received.referer).toBe('https://tidewater.example/');
  });

  it('sends a custom User-Agent instead of the engine default', async () => {
    const document = await stack.app.scrape(`${stack.site.url}/echo-headers`, {
      formats: ['rawHtml'],
      headers: { 'User-Agent': 'HarbourBot/2.0 (+https://tidewater.example/bot)' },
    });
    const received = JSON.parse(document.rawHtml!) as Record<string, string>;
    expect(received['user-agent']).toBe('HarbourBot/2.0 (+https://tidewater.example/bot)');
  });

  it('sends the engine User-Agent when none is given', async () => {
    const document = await stack.app.scrape(`${stack.site.url}/echo-headers`, { formats: ['rawHtml'], maxAge: 0 });
    const received = JSON.parse(document.rawHtml!) as Record<string, string>;
    expect(received['user-agent']).toMatch(/TrawlBot/);
  });

  it('turns location.languages into an Accept-Language header', async () => {
    const document = await stack.app.scrape(`${stack.site.url}/echo-headers`, {
      formats: ['rawHtml'],
      location: { country: 'DE', languages: ['de-DE', 'en'] },
      maxAge: 0,
    });
    const received = JSON.parse(document.rawHtml!) as Record<string, string>;
    expect(received['accept-language']).toBe('de-DE, en;q=0.9');
  });
});
