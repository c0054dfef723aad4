import { afterEach, describe, expect, it } from 'vitest';
import {
  changeTrackingJsonRequiresLlm,
  computeChangeTrackingJson,
  produceChangeTrackingJson,
} from '../../../src-engine/formats/change-tracking-json.js';
import { createLlmClient } from '../../../src-engine/llm/chat-client.js';
import { startOpenAiServer, type OpenAiTestServer } from '../../fixtures/openai-server.js';

let server: OpenAiTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const productPage = (price: string, stock: string) => ({
  markdown: `# Lamp\n\nPrice ${price}`,
  html: `<html><head><script type="application/ld+json">{"@type":"Product","name":"Lamp","offers":{"price":"${price}","availability":"${stock}"}}</script></head><body><h1>Lamp</h1></body></html>`,
  url: 'https://shop.example/lamp',
  metadata: {},
});

const schema = { type: 'object', properties: { name: { type: 'string' }, price: { type: 'number' }, availability: { type: 'string' } } };
const format = { type: 'changeTracking' as const, modes: ['json' as const], tag: null, schema };

describe('changeTracking json mode', () => {
  it('reports changed fields as previous/current pairs and leaves unchanged ones out', () => {
    expect(
      computeChangeTrackingJson({
        previous: { name: 'Lamp', price: 20, tags: ['a', 'b'], meta: { x: 1, y: 2 }, gone: 'old' },
        current: { name: 'Lamp', price: 18, tags: ['a', 'b'], meta: { y: 2, x: 1 }, added: true },
      }),
    ).toEqual({
      price: { previous: 20, current: 18 },
      gone: { previous: 'old', current: null },
      added: { previous: null, current: true },
    });
  });

  it('reports every field as new when there is no previous version', () => {
    expect(computeChangeTrackingJson({ previous: null, current: { name: 'Lamp' } })).toEqual({ name: { previous: null, current: 'Lamp' } });
  });

  it('compares the schema fields of two versions without a model', async () => {
    const result = await produceChangeTrackingJson({ previous: productPage('20.00', 'InStock'), current: productPage('18.00', 'InStock'), format });
    expect(result.json).toEqual({ price: { previous: 20, current: 18 } });
    expect(result.current).toEqual({ name: 'Lamp', price: 18, availability: 'InStock' });
    expect(result.warning).toMatch(/without a language model/);
  });

  it('reuses the stored fields of the previous version', async () => {
    const result = await produceChangeTrackingJson({
      previous: null,
      previousFields: { name: 'Lamp', price: 18, availability: 'InStock' },
      current: productPage('18.00', 'OutOfStock'),
      format,
    });
    expect(result.json).toEqual({ availability: { previous: 'InStock', current: 'OutOfStock' } });
  });

  it('extracts both versions with the model when one is configured', async () => {
    server = await startOpenAiServer([
      { json: { name: 'Lamp', price: 18, availability: 'InStock' } },
      { json: { name: 'Lamp', price: 20, availability: 'InStock' } },
    ]);
    const llm = createLlmClient({ baseUrl: server.baseUrl, model: 'test-model', timeoutMs: 5_000, maxInputChars: 10_000 })!;
    const result = await produceChangeTrackingJson({ previous: productPage('20.00', 'InStock'), current: productPage('18.00', 'InStock'), format, llm });
    expect(result.json).toEqual({ price: { previous: 20, current: 18 } });
    expect(server.requests).toHaveLength(2);
  });

  it('needs a model when there is no schema', async () => {
    const noSchema = { type: 'changeTracking' as const, modes: ['json' as const], tag: null, prompt: 'What changed?' };
    expect(changeTrackingJsonRequiresLlm(noSchema)).toBe(true);
    expect(changeTrackingJsonRequiresLlm(format)).toBe(false);
    await expect(
      produceChangeTrackingJson({ previous: productPage('1', 'InStock'), current: productPage('2', 'InStock'), format: noSchema }),
    ).rejects.toMatchObject({ code: 'LLM_NOT_CONFIGURED' });
  });
});
