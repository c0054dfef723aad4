import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harbourModel, productPage } from './harbour-model.js';
import { MODEL_API_KEY, MODEL_NAME, messagesOf, startLlmApiStack, type LlmApiStack } from './llm-stack.js';

const PRODUCT_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    price: { type: 'number' },
    inStock: { type: 'boolean' },
  },
  required: ['name', 'price', 'inStock'],
  additionalProperties: false,
};

describe('the LLM formats use the configured OpenAI-compatible model', () => {
  let stack: LlmApiStack;
  beforeAll(async () => {
    stack = await startLlmApiStack(harbourModel);
    stack.site.setPage('lantern', productPage('Storm Lantern', 20, true));
  });
  afterAll(async () => {
    await stack?.close();
  });
  const lantern = () => `${stack.site.url}/pages/lantern`;
  const modelRequestsSince = (mark: number) => stack.model!.requests.slice(mark);

  it('json with a schema: data.json is the model answer, valid against the schema, billed five credits', async () => {
    const mark = stack.model!.requests.length;
    const document = await stack.app.scrape(lantern(), { formats: [{ type: 'json', schema: PRODUCT_SCHEMA }], maxAge: 0 });

    expect(document.json).toEqual({ name: 'Storm Lantern', price: 20, inStock: true });
    const validate = new Ajv().compile(PRODUCT_SCHEMA);
    expect(validate(document.json), JSON.stringify(validate.errors)).toBe(true);
    expect(document.metadata?.creditsUsed).toBe(5);
    expect(document).not.toHaveProperty('warning');
    expect(document).not.toHaveProperty('markdown');

    // The model was asked with the schema as structured output, the page's text and the configured key.
    const [request] = modelRequestsSince(mark);
    expect(request!.body.model).toBe(MODEL_NAME);
    expect(request!.headers.authorization).toBe(`Bearer ${MODEL_API_KEY}`);
    expect(request!.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { schema: PRODUCT_SCHEMA } });
    expect(messagesOf(request!).user).toContain('The Storm Lantern costs 20 pounds.');
    expect(messagesOf(request!).user).toContain(`Page URL: ${lantern()}`);
  });

  it('summary: data.summary is the model summary of the page', async () => {
    const mark = stack.model!.requests.length;
    const document = await stack.app.scrape(lantern(), { formats: ['summary'], maxAge: 0 });

    expect(document.summary).toBe('The Storm Lantern sells for 20 pounds at the quayside shop.');
    expect(document.metadata?.creditsUsed).toBe(1);
    expect(document).not.toHaveProperty('warning');
    expect(document).not.toHaveProperty('markdown');
    expect(modelRequestsSince(mark)).toHaveLength(1);
  });

  it('summary and json together with markdown each come from the model', async () => {
    const document = await stack.app.scrape(lantern(), {
      formats: ['markdown', 'summary', { type: 'json', schema: PRODUCT_SCHEMA }],
      maxAge: 0,
    });
    expect(document.markdown).toContain('The Storm Lantern costs 20 pounds.');
    expect(document.summary).toContain('20 pounds');
    expect(document.json).toMatchObject({ price: 20 });
    expect(document.metadata?.creditsUsed).toBe(5);
  });

  it('json with only a prompt: the model follows the prompt and answers free-form JSON', async () => {
    const mark = stack.model!.requests.length;
    const prompt = 'Which shop sells it, and what does it cost?';
    const document = await stack.app.scrape(lantern(), { formats: [{ type: 'json', prompt }], maxAge: 0 });

    expect(document.json).toEqual({ shop: 'quayside shop', price: '20 pounds' });
    expect(document.metadata?.creditsUsed).toBe(5);
    const [request] = modelRequestsSince(mark);
    expect(messagesOf(request!).user).toContain(`Instructions: ${prompt}`);
    expect(request!.body.response_format).toEqual({ type: 'json_object' });
  });

  it('changeTracking json mode compares the model fields of two scrapes of a changing page', async () => {
    stack.site.setPage('buoy-light', productPage('Buoy Light', 20, true));
    const url = `${stack.site.url}/pages/buoy-light`;
    const format = {
      type: 'changeTracking' as const,
      modes: ['json' as const],
      schema: { type: 'object', properties: { price: { type: 'number' }, inStock: { type: 'boolean' } } },
      tag: 'prices',
    };

    const first = await stack.app.scrape(url, { formats: ['markdown', format] });
    expect(first.changeTracking).toMatchObject({ changeStatus: 'new', previousScrapeAt: null });
    expect(first.changeTracking?.json).toEqual({
      price: { previous: null, current: 20 },
      inStock: { previous: null, current: true },
    });
    expect(first.metadata?.creditsUsed).toBe(5);

    stack.site.setPage('buoy-light', productPage('Buoy Light', 18, true));
    const second = await stack.app.scrape(url, { formats: ['markdown', format] });
    expect(second.changeTracking).toMatchObject({ changeStatus: 'changed' });
    expect(second.changeTracking?.previousScrapeAt).toEqual(expect.any(String));
    // Only the field that changed is reported; the stock did not change.
    expect(second.changeTracking?.json).toEqual({ price: { previous: 20, current: 18 } });
    expect(second.changeTracking).not.toHaveProperty('diff');
    expect(second.markdown).toContain('costs 18 pounds');
  });
});
