import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../support/start-engine.js';

let engine: TestEngine;

beforeAll(async () => {
  engine = await startTestEngine();
});

afterAll(async () => {
  await engine?.close();
});

describe('account routes the SDK calls', () => {
  it('GET /v2/concurrency-check answers {success:true, concurrency, maxConcurrency}', async () => {
    const res = await engine.request('GET', '/v2/concurrency-check');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, concurrency: expect.any(Number), maxConcurrency: expect.any(Number) });
    expect(Number.isInteger(res.body.concurrency)).toBe(true);
    expect(res.body.concurrency).toBeGreaterThanOrEqual(0);
    expect(res.body.maxConcurrency).toBeGreaterThanOrEqual(1);
    expect(res.body.concurrency).toBeLessThanOrEqual(res.body.maxConcurrency);
  });

  it('reports the configured global concurrency as maxConcurrency', async () => {
    const other = await startTestEngine({ globalConcurrency: 3 });
    try {
      const res = await other.request('GET', '/v2/concurrency-check');
      expect(res.body.maxConcurrency).toBe(3);
    } finally {
      await other.close();
    }
  });

  it('GET /v2/team/credit-usage answers {success:true, data:{remainingCredits}} with a large, never-exhausted balance', async () => {
    const res = await engine.request('GET', '/v2/team/credit-usage');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.remainingCredits).toEqual(expect.any(Number));
    expect(res.body.data.remainingCredits).toBeGreaterThanOrEqual(99_999_999);
  });
});

describe('routes a local engine does not offer', () => {
  for (const [path, body, name] of [
    ['/v2/search', { query: 'harbour' }, /search/i],
    ['/v2/extract', { urls: ['http://127.0.0.1:9/'], prompt: 'everything' }, /extract/i],
  ] as const) {
    it(`POST ${path} answers 400 NOT_SUPPORTED with a message saying what to use instead`, async () => {
      const res = await engine.request('POST', path, { body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'NOT_SUPPORTED' });
      expect(res.body.error).toMatch(name);
      expect(res.body.error).toMatch(/\/v2\/scrape|\/v2\/crawl|\/v2\/map/);
    });
  }

  it('answers NOT_SUPPORTED whatever the body (even an empty or invalid one)', async () => {
    for (const path of ['/v2/search', '/v2/extract']) {
      const res = await engine.request('POST', path, { body: {} });
      expect(res.status, path).toBe(400);
      expect(res.body.code, path).toBe('NOT_SUPPORTED');
    }
    const status = await engine.request('GET', '/v2/extract/6f1c2b9e-1d2a-4b7c-9e1f-1234567890ab');
    expect(status.status).toBe(400);
    expect(status.body.code).toBe('NOT_SUPPORTED');
  });
});
