import { afterAll, beforeAll, expect, it } from 'vitest';
import { startLlmApiStack, type LlmApiStack } from './llm-stack.js';

let stack: LlmApiStack;
const badSchema = { type: 'object', properties: { name: { type: 'nope' } } };

beforeAll(async () => {
  stack = await startLlmApiStack();
});

afterAll(async () => {
  await stack?.close();
});

it('a scrape with an uncompilable JSON schema is a 400 naming the schema field, without fetching', async () => {
  const hits = stack.site.hits.length;
  const response = await stack.post('/v2/scrape', { url: `${stack.site.url}/article.html`, formats: ['markdown', { type: 'json', schema: badSchema }] });
  expect(response.status).toBe(400);
  expect(response.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  expect(response.body.details[0].path).toEqual(['formats', 1, 'schema']);
  expect(response.body.details[0].message).toContain('Invalid JSON schema');
  expect(stack.site.hits.length).toBe(hits);
});

it('a crawl and a batch with an uncompilable schema are refused before any job starts', async () => {
  const crawl = await stack.post('/v2/crawl', { url: `${stack.site.url}/`, scrapeOptions: { formats: [{ type: 'json', schema: badSchema }] } });
  expect(crawl.status).toBe(400);
  expect(crawl.body.details[0].path).toEqual(['scrapeOptions', 'formats', 0, 'schema']);
  const batch = await stack.post('/v2/batch/scrape', { urls: [`${stack.site.url}/article.html`], formats: [{ type: 'json', schema: badSchema }] });
  expect(batch.status).toBe(400);
  expect(batch.body.details[0].path).toEqual(['formats', 0, 'schema']);
  const jobs = await stack.engine.request('GET', '/v2/jobs');
  expect(jobs.body.jobs).toEqual([]);
});
