import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../support/start-engine.js';

let engine: TestEngine;
let port: number;

beforeAll(async () => {
  engine = await startTestEngine();
  port = engine.engine.port;
});

afterAll(async () => {
  await engine?.close();
});

/** No response may ever allow every origin. */
function expectNoWildcardCors(headers: Record<string, string | string[] | undefined>): void {
  expect(headers['access-control-allow-origin']).not.toBe('*');
  expect(headers['access-control-allow-credentials']).toBeUndefined();
}

describe('Host guard (DNS rebinding defence)', () => {
  const foreignHosts = ['evil.example', 'evil.example:80', '127.0.0.1.nip.io', 'localhost.evil.example', '[::1]evil.example', 'localhost:80:evil'];
  for (const host of foreignHosts) {
    it(`refuses Host ${host} with 403 JSON, on /health and on /v2 with the right key`, async () => {
      for (const path of ['/health', '/v2/concurrency-check']) {
        const res = await engine.request('GET', path, { headers: { host } });
        expect(res.status, path).toBe(403);
        expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN', error: expect.any(String) });
        expectNoWildcardCors(res.headers);
      }
    });
  }

  it('refuses a foreign Host even for a CORS preflight from the app origin', async () => {
    const res = await engine.request('OPTIONS', '/v2/scrape', {
      auth: false,
      headers: { host: 'evil.example', origin: 'app://trawl', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(403);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  const loopbackHosts = () => ['localhost', `localhost:${port}`, '127.0.0.1', `127.0.0.1:${port}`, '[::1]', `[::1]:${port}`, `LOCALHOST:${port}`];
  it('allows localhost, 127.0.0.1 and [::1], with and without the port', async () => {
    for (const host of loopbackHosts()) {
      const health = await engine.request('GET', '/health', { headers: { host } });
      expect(health.status, host).toBe(200);
      const v2 = await engine.request('GET', '/v2/concurrency-check', { headers: { host } });
      expect(v2.status, host).toBe(200);
    }
  });

  it('builds absolute job URLs from the validated Host it was called with', async () => {
    const res = await engine.request('POST', '/v2/batch/scrape', {
      headers: { host: `localhost:${port}` },
      body: { urls: ['http://127.0.0.1:9/never-fetched'] },
    });
    expect(res.status).toBe(200);
    expect(res.body.url).toBe(`http://localhost:${port}/v2/batch/scrape/${res.body.id}`);
    await engine.request('DELETE', `/v2/batch/scrape/${res.body.id}`);
  });
});

describe('Origin guard (browser callers)', () => {
  it('refuses a foreign Origin with 403 and no CORS allowance, even with the right key', async () => {
    for (const origin of ['http://evil.example', 'https://example.com', 'null', `http://127.0.0.1:${port + 1}`, `http://localhost:${port}`]) {
      const res = await engine.request('GET', '/v2/concurrency-check', { headers: { origin } });
      expect(res.status, origin).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
      expectNoWildcardCors(res.headers);
    }
  });

  it('does not answer a CORS preflight from a foreign origin', async () => {
    const res = await engine.request('OPTIONS', '/v2/scrape', {
      auth: false,
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(res.status).toBe(403);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
    expect(res.headers['access-control-allow-headers']).toBeUndefined();
  });

  it('allows the desktop app origin app://trawl: preflight answered, requests echo the origin (never *)', async () => {
    const preflight = await engine.request('OPTIONS', '/v2/scrape', {
      auth: false,
      headers: { origin: 'app://trawl', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('app://trawl');
    expect(String(preflight.headers['access-control-allow-methods'])).toMatch(/POST/);
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toMatch(/authorization/);
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toMatch(/content-type/);
    expect(String(preflight.headers.vary)).toMatch(/Origin/);

    const call = await engine.request('GET', '/v2/concurrency-check', { headers: { origin: 'app://trawl' } });
    expect(call.status).toBe(200);
    expect(call.headers['access-control-allow-origin']).toBe('app://trawl');
  });

  it("allows the engine's own origin (the UI served by the engine)", async () => {
    const own = `http://127.0.0.1:${port}`;
    const preflight = await engine.request('OPTIONS', '/v2/crawl', {
      auth: false,
      headers: { origin: own, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(own);
    const call = await engine.request('GET', '/v2/team/credit-usage', { headers: { origin: own } });
    expect(call.status).toBe(200);
    expectNoWildcardCors(call.headers);
    const viaLocalhost = await engine.request('GET', '/health', { headers: { host: `localhost:${port}`, origin: `http://localhost:${port}` } });
    expect(viaLocalhost.status).toBe(200);
  });

  it('still requires the key from an allowed origin', async () => {
    const res = await engine.request('GET', '/v2/concurrency-check', { auth: false, headers: { origin: 'app://trawl' } });
    expect(res.status).toBe(401);
  });

  it('sends no CORS headers at all to callers without an Origin (scripts, SDKs)', async () => {
    const res = await engine.request('GET', '/v2/concurrency-check');
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
