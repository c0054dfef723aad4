import { request as undiciRequest } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../fixtures/site-server.js';
import { startTestEngine, type HttpMethod, type TestEngine } from '../../support/start-engine.js';

const SOME_UUID = '6f1c2b9e-1d2a-4b7c-9e1f-1234567890ab';

interface Route {
  method: HttpMethod;
  path: string;
  body?: unknown;
}

/** Every /v2 route of the engine, with an id where the path needs one. */
function everyV2Route(ids: { crawl: string; batch: string }, siteUrl: string): Route[] {
  return [
    { method: 'POST', path: '/v2/scrape', body: { url: `${siteUrl}/index.html` } },
    { method: 'POST', path: '/v2/map', body: { url: siteUrl } },
    { method: 'POST', path: '/v2/crawl', body: { url: `${siteUrl}/index.html`, limit: 1 } },
    { method: 'POST', path: '/v2/crawl/params-preview', body: { url: siteUrl, prompt: 'only the blog' } },
    { method: 'GET', path: '/v2/crawl/active' },
    { method: 'GET', path: '/v2/crawl/ongoing' },
    { method: 'GET', path: `/v2/crawl/${ids.crawl}` },
    { method: 'GET', path: `/v2/crawl/${ids.crawl}/errors` },
    { method: 'DELETE', path: `/v2/crawl/${ids.crawl}` },
    { method: 'POST', path: '/v2/batch/scrape', body: { urls: [`${siteUrl}/index.html`] } },
    { method: 'GET', path: `/v2/batch/scrape/${ids.batch}` },
    { method: 'GET', path: `/v2/batch/scrape/${ids.batch}/errors` },
    { method: 'DELETE', path: `/v2/batch/scrape/${ids.batch}` },
    { method: 'GET', path: '/v2/concurrency-check' },
    { method: 'GET', path: '/v2/team/credit-usage' },
    { method: 'GET', path: '/v2/team/token-usage' },
    { method: 'GET', path: '/v2/jobs' },
    { method: 'GET', path: `/v2/jobs/${ids.crawl}/pages` },
    { method: 'GET', path: '/v2/settings' },
    { method: 'PUT', path: '/v2/settings', body: {} },
    { method: 'POST', path: '/v2/settings/rotate-webhook-secret' },
    { method: 'POST', path: '/v2/settings/llm-test' },
    { method: 'POST', path: '/v2/search', body: { query: 'harbour' } },
    { method: 'POST', path: '/v2/extract', body: { urls: [siteUrl], prompt: 'x' } },
    { method: 'GET', path: `/v2/extract/${SOME_UUID}` },
    // Routes that must not run without a key even though their effect is drastic or endless.
    { method: 'POST', path: '/v2/settings/rotate-key' },
    { method: 'GET', path: '/v2/events' },
    // Paths the engine does not serve are refused before anything says they do not exist.
    { method: 'GET', path: '/v2/no-such-route' },
  ];
}

/** The bad credentials a client can present, with the message each one earns. */
const BAD_AUTHORIZATIONS: { name: string; headers: (key: string) => Record<string, string>; error: RegExp }[] = [
  { name: 'no Authorization header', headers: () => ({}), error: /^Unauthorized$/ },
  { name: 'a wrong token', headers: () => ({ authorization: 'Bearer not-the-key-at-all-123' }), error: /Invalid token/ },
  { name: 'a token that only starts like the key', headers: (key) => ({ authorization: `Bearer ${key.slice(0, -1)}` }), error: /Invalid token/ },
  { name: '"Bearer" without a token', headers: () => ({ authorization: 'Bearer' }), error: /Token missing/ },
  { name: '"Bearer " followed by spaces only', headers: () => ({ authorization: 'Bearer    ' }), error: /Token missing/ },
  { name: 'another scheme carrying the right key', headers: (key) => ({ authorization: `Basic ${key}` }), error: /^Unauthorized/ },
];

let engine: TestEngine;
let site: FixtureSite;
let routes: Route[];

beforeAll(async () => {
  site = await startFixtureSite();
  engine = await startTestEngine();
  // Slow pages keep both jobs running, so that cancelling them is a success.
  const crawl = await engine.request('POST', '/v2/crawl', { body: { url: `${site.url}/slow?ms=30000`, limit: 1 } });
  const batch = await engine.request('POST', '/v2/batch/scrape', { body: { urls: [`${site.url}/slow?ms=30000`] } });
  expect(crawl.status).toBe(200);
  expect(batch.status).toBe(200);
  routes = everyV2Route({ crawl: crawl.body.id, batch: batch.body.id }, site.url);
});

afterAll(async () => {
  await engine?.close();
  await site?.close();
});

describe('every /v2 route requires the Bearer key', () => {
  for (const bad of BAD_AUTHORIZATIONS) {
    it(`answers 401 {success:false, error} to ${bad.name}, on every route`, async () => {
      for (const route of routes) {
        const res = await engine.request(route.method, route.path, { body: route.body, headers: bad.headers(engine.key), auth: false });
        expect(res.status, `${route.method} ${route.path}`).toBe(401);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.body).toMatchObject({ success: false, error: expect.stringMatching(bad.error) });
      }
    });
  }

  it('refuses a request without the key before reading its body (a 20 MB body still gets 401)', async () => {
    const res = await engine.request('POST', '/v2/scrape', {
      body: 'x'.repeat(20 * 1024 * 1024),
      headers: { 'content-type': 'application/json' },
      auth: false,
    });
    expect(res.status).toBe(401);
  });

  it('answers 2xx to the right key on every route it serves (search and extract: 400 NOT_SUPPORTED)', async () => {
    for (const route of routes) {
      if (route.path === '/v2/settings/rotate-key' || route.path === '/v2/events' || route.path === '/v2/no-such-route') continue;
      const res = await engine.request(route.method, route.path, { body: route.body });
      const where = `${route.method} ${route.path}: ${res.text.slice(0, 200)}`;
      if (/\/v2\/(search|extract)/.test(route.path)) {
        expect(res.status, where).toBe(400);
        expect(res.body.code, where).toBe('NOT_SUPPORTED');
      } else {
        expect(res.status, where).toBeGreaterThanOrEqual(200);
        expect(res.status, where).toBeLessThan(300);
      }
    }
  });

  it('accepts the scheme name in any case and answers 404 JSON for an unknown /v2 path', async () => {
    const lower = await engine.request('GET', '/v2/concurrency-check', { headers: { authorization: `bearer ${engine.key}` } });
    expect(lower.status).toBe(200);
    const unknown = await engine.request('GET', '/v2/no-such-route');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('opens the live event stream only with the right key', async () => {
    const abort = new AbortController();
    const res = await undiciRequest(`${engine.url}/v2/events`, {
      headers: { authorization: `Bearer ${engine.key}` },
      signal: abort.signal,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    abort.abort();
    await res.body.text().catch(() => undefined);
  });

  it('rotating the key answers 2xx with a new key; the old key is refused from then on', async () => {
    const oldKey = engine.key;
    const rotated = await engine.request('POST', '/v2/settings/rotate-key');
    expect(rotated.status).toBe(200);
    expect(rotated.body.apiKey).toEqual(expect.any(String));
    expect(rotated.body.apiKey).not.toBe(oldKey);
    const withOld = await engine.request('GET', '/v2/jobs', { headers: { authorization: `Bearer ${oldKey}` } });
    expect(withOld.status).toBe(401);
    const withNew = await engine.request('GET', '/v2/jobs', { headers: { authorization: `Bearer ${rotated.body.apiKey}` } });
    expect(withNew.status).toBe(200);
  });
});

describe('/health', () => {
  it('answers without a key with the version and uptime only', async () => {
    const res = await engine.request('GET', '/health', { auth: false });
    expect(res.status).toBe(200);
    expect(res.body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(res.body.uptimeSeconds).toEqual(expect.any(Number));
    expect(res.body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(Object.keys(res.body).sort()).toEqual(['status', 'success', 'uptimeSeconds', 'version']);
    expect(res.text).not.toContain(engine.key);
    expect(res.text).not.toContain(engine.dataDir);
  });
});
