import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLlmApiStack, type LlmApiStack } from './llm-stack.js';

let stack: LlmApiStack;

beforeAll(async () => {
  stack = await startLlmApiStack(() => ({ hang: true }));
});

afterAll(async () => {
  await stack?.close();
});

describe('a model that never answers', () => {
  it('ends the scrape with SCRAPE_TIMEOUT at the scrape timeout', async () => {
    const started = Date.now();
    const response = await stack.post('/v2/scrape', { url: `${stack.site.url}/article.html`, formats: ['summary'], timeout: 4000 });
    expect(response.status).toBe(408);
    expect(response.body).toMatchObject({ success: false, code: 'SCRAPE_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
