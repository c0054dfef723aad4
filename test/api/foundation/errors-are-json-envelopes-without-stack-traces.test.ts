import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine, type TestResponse } from '../../support/start-engine.js';

let engine: TestEngine;
const errorBodies: { what: string; res: TestResponse }[] = [];

beforeAll(async () => {
  engine = await startTestEngine();
});

afterAll(async () => {
  await engine?.close();
});

/** Records an error answer so the last test can check that none of them leaks internals. */
function keep(what: string, res: TestResponse): TestResponse {
  errorBodies.push({ what, res });
  return res;
}

function expectEnvelope(res: TestResponse, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.body).toMatchObject({ success: false, code, error: expect.any(String) });
}

describe('request bodies', () => {
  it('answers 413 with the JSON envelope to a body over 10 MB', async () => {
    const body = JSON.stringify({ url: 'http://127.0.0.1:9/', padding: 'x'.repeat(10 * 1024 * 1024) });
    const res = keep('too large', await engine.request('POST', '/v2/scrape', { body, headers: { 'content-type': 'application/json' } }));
    expectEnvelope(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(res.body.error).toMatch(/10 MB/);
  });

  it('accepts a body just under 10 MB (the limit is not lower)', async () => {
    const body = JSON.stringify({ url: 'not a url at all', padding: 'x'.repeat(9 * 1024 * 1024) });
    const res = await engine.request('POST', '/v2/scrape', { body, headers: { 'content-type': 'application/json' } });
    // Read and validated: the strict schema names the unknown key instead of refusing the size.
    expectEnvelope(res, 400, 'BAD_REQUEST');
    expect(JSON.stringify(res.body.details)).toMatch(/padding/);
  });

  it('answers 400 BAD_REQUEST_INVALID_JSON to malformed JSON', async () => {
    for (const text of ['{bad', '{"url": "http://a.test",}', '[1, 2', "{'url': 'x'}"]) {
      const res = keep(`malformed ${text}`, await engine.request('POST', '/v2/scrape', { body: text, headers: { 'content-type': 'application/json' } }));
      expect(res.status, text).toBe(400);
      expect(res.body).toEqual({ success: false, code: 'BAD_REQUEST_INVALID_JSON', error: 'Bad request, malformed JSON' });
    }
  });

  it('reads a JSON body whatever content-type the client declares', async () => {
    const res = keep('no content type', await engine.request('POST', '/v2/scrape', { body: JSON.stringify({ url: 'x', formats: ['bogus'] }), headers: { 'content-type': 'text/plain' } }));
    expectEnvelope(res, 400, 'BAD_REQUEST');
    expect(res.body.error).toBe('Bad Request');
  });

  it('answers 400 (never 5xx) to a body that is not a JSON object', async () => {
    for (const text of ['null', '"a string"', '[1,2]', '42']) {
      const res = keep(`not an object ${text}`, await engine.request('POST', '/v2/crawl', { body: text, headers: { 'content-type': 'application/json' } }));
      expectEnvelope(res, 400, 'BAD_REQUEST');
    }
    const empty = keep('empty body', await engine.request('POST', '/v2/map'));
    expectEnvelope(empty, 400, 'BAD_REQUEST');
  });

  it('answers 400 (never 5xx) to a body whose compression is broken or unsupported', async () => {
    const broken = keep(
      'broken gzip',
      await engine.request('POST', '/v2/scrape', { body: '{"url":"x"}', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } }),
    );
    expectEnvelope(broken, 400, 'BAD_REQUEST');
    const unknown = keep(
      'unknown encoding',
      await engine.request('POST', '/v2/scrape', { body: '{"url":"x"}', headers: { 'content-type': 'application/json', 'content-encoding': 'zstd-unknown' } }),
    );
    expectEnvelope(unknown, 400, 'BAD_REQUEST');
    const good = await engine.request('POST', '/v2/scrape', {
      body: gzipSync(JSON.stringify({ url: 'x', formats: ['bogus'] })),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(good.body.error).toBe('Bad Request');
  });
});

describe('routes', () => {
  it('answers 404 JSON to an unknown route, inside and outside /v2', async () => {
    for (const [method, path] of [
      ['GET', '/v2/nope'],
      ['POST', '/v2/crawl/x/y/z'],
      ['GET', '/v2/scrape'],
      ['PUT', '/v2/crawl/6f1c2b9e-1d2a-4b7c-9e1f-1234567890ab'],
      ['GET', '/no-such-page'],
      ['DELETE', '/health'],
    ] as const) {
      const res = keep(`${method} ${path}`, await engine.request(method, path));
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('answers 400 (never 5xx) to a path parameter that cannot be decoded', async () => {
    const res = keep('bad escape', await engine.request('GET', '/v2/crawl/%E0%A4%A'));
    expectEnvelope(res, 400, 'BAD_REQUEST');
  });

  it('answers 400 to a job id that is not a UUID and 404 to an unknown one', async () => {
    const bad = keep('bad id', await engine.request('GET', '/v2/crawl/invalid-job-id-12345/errors'));
    expectEnvelope(bad, 400, 'BAD_REQUEST');
    expect(bad.body.error).toBe('Invalid job ID format. Job ID must be a valid UUID.');
    const unknown = keep('unknown id', await engine.request('GET', '/v2/batch/scrape/6f1c2b9e-1d2a-4b7c-9e1f-1234567890ab'));
    expectEnvelope(unknown, 404, 'NOT_FOUND');
  });
});

describe('validation errors', () => {
  const invalidBodies: [string, string, unknown, RegExp][] = [
    ['scrape without url', '/v2/scrape', {}, /url/i],
    ['scrape with a ftp url', '/v2/scrape', { url: 'ftp://example.com/file' }, /unsupported protocol/],
    ['scrape with an unknown key', '/v2/scrape', { url: 'http://a.test', maxDepth: 2 }, /maxDepth|Unrecognized/],
    ['scrape with waitFor over half of timeout', '/v2/scrape', { url: 'http://a.test', waitFor: 8000, timeout: 15000 }, /waitFor must not exceed half of timeout/],
    ['crawl with an invalid include regex', '/v2/crawl', { url: 'http://a.test', includePaths: ['(unclosed'] }, /Invalid regular expression/],
    ['crawl with v1 options', '/v2/crawl', { url: 'http://a.test', crawlerOptions: {} }, /crawlerOptions|Unrecognized/],
    ['batch with no urls', '/v2/batch/scrape', { urls: [] }, /at least one URL/],
    ['map with limit 0', '/v2/map', { url: 'http://a.test', limit: 0 }, /limit|>=/],
  ];
  for (const [what, path, body, message] of invalidBodies) {
    it(`answers 400 {success:false, code:"BAD_REQUEST", error:"Bad Request", details:[…]} to a ${what}`, async () => {
      const res = keep(what, await engine.request('POST', path, { body }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST', error: 'Bad Request' });
      expect(Array.isArray(res.body.details)).toBe(true);
      expect(res.body.details.length).toBeGreaterThan(0);
      for (const issue of res.body.details) {
        expect(issue).toMatchObject({ code: expect.any(String), message: expect.any(String), path: expect.any(Array) });
      }
      expect(JSON.stringify(res.body.details)).toMatch(message);
    });
  }

  it('points waitFor errors at the waitFor field', async () => {
    const res = keep('waitFor path', await engine.request('POST', '/v2/scrape', { body: { url: 'http://a.test', waitFor: 20000, timeout: 15000 } }));
    expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: ['waitFor'] })]));
  });
});

describe('error bodies', () => {
  it('never carry a stack trace, a source path or internal error names', () => {
    expect(errorBodies.length).toBeGreaterThan(20);
    for (const { what, res } of errorBodies) {
      expect(res.body, what).toBeDefined();
      expect(res.body.success, what).toBe(false);
      expect(res.body, what).not.toHaveProperty('stack');
      const text = res.text;
      expect(text, what).not.toMatch(/\bat [\w.<>]+ \(/);
      expect(text, what).not.toMatch(/\.(ts|js|mjs):\d+/);
      expect(text, what).not.toMatch(/node_modules|node:internal/);
      expect(text, what).not.toMatch(/(SyntaxError|TypeError|ReferenceError|URIError|ZodError)\b/);
      expect(text, what).not.toContain(engine.dataDir);
    }
  });
});
