import { afterEach, describe, expect, it } from 'vitest';
import { produceJson } from '../../../src-engine/formats/json.js';
import { produceSummary } from '../../../src-engine/formats/summary.js';
import { createLlmClient } from '../../../src-engine/llm/chat-client.js';
import { startOpenAiServer, type OpenAiTestServer } from '../../fixtures/openai-server.js';

let server: OpenAiTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const clientFor = (baseUrl: string, maxInputChars = 10_000) =>
  createLlmClient({ baseUrl, model: 'test-model', timeoutMs: 5_000, maxInputChars })!;

const page = {
  markdown: '# Widget\n\nThe Widget costs 12 dollars.',
  html: '<h1>Widget</h1><p>The Widget costs 12 dollars.</p>',
  url: 'https://shop.example/widget',
  metadata: { title: 'Widget' },
};

describe('json and summary formats with a model', () => {
  it('sends the prompt and the page and returns JSON valid against the schema', async () => {
    server = await startOpenAiServer([{ json: { name: 'Widget', price: 12 } }]);
    const schema = { type: 'object', properties: { name: { type: 'string' }, price: { type: 'number' } }, required: ['name', 'price'] };
    const result = await produceJson({ ...page, format: { type: 'json', schema, prompt: 'Get the product' }, llm: clientFor(server.baseUrl) });
    expect(result).toEqual({ json: { name: 'Widget', price: 12 } });
    const user = server.requests[0]!.body.messages[1].content as string;
    expect(user).toContain('Instructions: Get the product');
    expect(user).toContain('Page URL: https://shop.example/widget');
    expect(user).toContain('The Widget costs 12 dollars.');
  });

  it('serves a prompt-only json format with a model', async () => {
    server = await startOpenAiServer([{ json: { product: 'Widget' } }]);
    const result = await produceJson({ ...page, format: { type: 'json', prompt: 'Name the product' }, llm: clientFor(server.baseUrl) });
    expect(result.json).toEqual({ product: 'Widget' });
    expect(server.requests[0]!.body.response_format).toEqual({ type: 'json_object' });
  });

  it('trims a long page to the model context, main content first', async () => {
    server = await startOpenAiServer([{ json: { ok: true } }]);
    const nav = '- [Home](/) - [Shop](/shop) - [About](/about) - [Contact](/contact)';
    const body = Array.from({ length: 40 }, (_, i) => `Paragraph ${i} about the widget and its many uses.`).join('\n\n');
    await produceJson({ ...page, markdown: `${nav}\n\n${body}`, format: { type: 'json', prompt: 'x' }, llm: clientFor(server.baseUrl, 800) });
    const user = server.requests[0]!.body.messages[1].content as string;
    expect(user).not.toContain('[Home](/)');
    expect(user).toContain('Paragraph 0 about the widget');
    expect(user).toMatch(/characters of the page were left out to fit the model's context\]$/);
  });

  it('ends in LLM_ERROR, not a hang, when the model times out', async () => {
    server = await startOpenAiServer([{ hang: true }]);
    const llm = createLlmClient({ baseUrl: server.baseUrl, model: 'test-model', timeoutMs: 250, maxInputChars: 1000 })!;
    await expect(produceSummary({ markdown: page.markdown, llm })).rejects.toMatchObject({ code: 'LLM_ERROR' });
  });

  it('returns the model summary', async () => {
    server = await startOpenAiServer([{ content: '  The Widget costs twelve dollars.  ' }]);
    expect(await produceSummary({ markdown: page.markdown, llm: clientFor(server.baseUrl) })).toEqual({ summary: 'The Widget costs twelve dollars.' });
  });
});
