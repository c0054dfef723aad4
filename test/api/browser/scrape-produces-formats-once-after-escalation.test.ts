import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiServer, type OpenAiTestServer } from '../../fixtures/openai-server.js';
import { startBrowserApiStack, type BrowserApiStack } from './browser-stack.js';

let model: OpenAiTestServer;
let stack: BrowserApiStack;

beforeAll(async () => {
  model = await startOpenAiServer(() => ({ json: { headline: 'rendered' } }));
  stack = await startBrowserApiStack({ llm: { baseUrl: model.baseUrl, model: 'escalation-test-model' } });
});

afterAll(async () => {
  await stack?.close();
  await model?.close();
});

describe('a page escalated to the browser', () => {
  it('starts its change history once, from the rendered page', async () => {
    const first = await stack.app.scrape(stack.site.url('/spa'), { formats: ['markdown', { type: 'changeTracking' }] });
    expect(first.changeTracking).toMatchObject({ changeStatus: 'new', previousScrapeAt: null });
  });

  it('asks the model once, with the rendered content', async () => {
    const before = model.requests.length;
    const document = await stack.app.scrape(stack.site.url('/spa'), {
      formats: [{ type: 'json', prompt: 'Give the headline of the page', schema: { type: 'object', properties: { headline: { type: 'string' } } } }],
      maxAge: 0,
    });
    expect(document.json).toEqual({ headline: 'rendered' });
    expect(model.requests.length - before).toBe(1);
  });
});
