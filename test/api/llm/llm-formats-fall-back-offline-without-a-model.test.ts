import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPage } from './harbour-model.js';
import { startLlmApiStack, waitForCrawl, type LlmApiStack } from './llm-stack.js';

const PRODUCT_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    sku: { type: 'string' },
    brand: { type: 'string' },
    price: { type: 'number' },
    currency: { type: 'string' },
    inStock: { type: 'boolean' },
  },
  required: ['name', 'price'],
};

const structuredPage = (name: string) => readFileSync(new URL(`../../fixtures/structured-data/${name}.html`, import.meta.url), 'utf8');

describe('without a configured model the LLM features fall back offline or answer a clear 400', () => {
  let stack: LlmApiStack;
  beforeAll(async () => {
    stack = await startLlmApiStack();
    stack.site.setPage('aeron', structuredPage('product-json-ld'));
    stack.site.setPage('lantern', productPage('Storm Lantern', 20, true));
  });
  afterAll(async () => {
    await stack?.close();
  });
  const url = (name: string) => `${stack.site.url}/pages/${name}`;

  it('json with a schema is filled from the page structured data, with a warning, billed five credits', async () => {
    const document = await stack.app.scrape(url('aeron'), { formats: [{ type: 'json', schema: PRODUCT_SCHEMA }], maxAge: 0 });

    expect(document.json).toEqual({
      name: 'Aeron Chair',
      sku: 'AER-42',
      brand: 'Herman Miller',
      price: 1395,
      currency: 'USD',
      inStock: true,
    });
    const validate = new Ajv().compile(PRODUCT_SCHEMA);
    expect(validate(document.json), JSON.stringify(validate.errors)).toBe(true);
    expect(document.warning).toMatch(/without a language model/);
    expect(document.warning).toMatch(/structured data/);
    expect(document.warning).toContain('TRAWL_LLM_BASE_URL');
    expect(document.metadata?.creditsUsed).toBe(5);
  });

  it('json with only a prompt answers 400 LLM_NOT_CONFIGURED naming the settings, before fetching the page', async () => {
    const hits = stack.site.hits.length;
    const { status, body } = await stack.post('/v2/scrape', { url: url('lantern'), formats: [{ type: 'json', prompt: 'What does it cost?' }] });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'LLM_NOT_CONFIGURED' });
    expect(body.error).toContain('TRAWL_LLM_BASE_URL');
    expect(body.error).toMatch(/Settings/);
    expect(stack.site.hits.length).toBe(hits);

    const error = await stack.app
      .scrape(url('lantern'), { formats: [{ type: 'json', prompt: 'What does it cost?' }] })
      .then(() => undefined, (e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: 'LLM_NOT_CONFIGURED' });
    expect(stack.site.hits.length).toBe(hits);
  });

  it('summary is extractive: sentences of the page itself, with a warning', async () => {
    const document = await stack.app.scrape(url('lantern'), { formats: ['markdown', 'summary'], maxAge: 0 });

    expect(document.summary!.length).toBeGreaterThan(10);
    const sentences = document.summary!.split(/(?<=[.!?])\s+/).filter(Boolean);
    expect(sentences.length).toBeGreaterThan(0);
    const pageText = document.markdown!.replace(/\s+/g, ' ');
    for (const sentence of sentences) expect(pageText).toContain(sentence.trim());
    expect(document.warning).toMatch(/summary was produced without a language model/i);
    expect(document.metadata?.creditsUsed).toBe(1);
  });

  it('params-preview reads the options from the prompt by rules, with a warning', async () => {
    const data = await stack.app.crawlParamsPreview(url('blog-index'), 'Get the blog and news sections, up to 50 pages');
    expect(data).toMatchObject({
      url: url('blog-index'),
      includePaths: ['^/blogs?(?:/|$)', '^/news(?:/|$)'],
      limit: 50,
      warning: expect.stringMatching(/without a language model/),
    });
  });

  it('a crawl with a prompt uses the rule-based options, explicit fields winning', async () => {
    stack.site.setPage('journal', `<html><body><main><h1>Journal</h1><p><a href="/pages/lantern">Lantern</a></p></main></body></html>`);
    const { status, body } = await stack.post('/v2/crawl', { url: url('journal'), prompt: 'Ignore the sitemap, at most 20 pages', limit: 3 });
    expect(status).toBe(200);
    expect(body.promptGeneratedOptions).toEqual({ sitemap: 'skip', limit: 20 });
    expect(body.finalCrawlerOptions).toMatchObject({ sitemap: 'skip', limit: 3 });
    expect(body.warning).toMatch(/without a language model/);
    const crawl = await waitForCrawl(stack.app, body.id);
    expect(crawl.status).toBe('completed');
    expect(crawl.data.length).toBeGreaterThan(0);
  });

  it('a prompt over 10,000 characters is a 400, for params-preview and for a crawl', async () => {
    const prompt = 'crawl the blog '.repeat(700);
    expect(prompt.length).toBeGreaterThan(10_000);

    const preview = await stack.post('/v2/crawl/params-preview', { url: url('journal'), prompt });
    expect(preview.status).toBe(400);
    expect(preview.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect(preview.body.error).toMatch(/10000/);

    const crawl = await stack.post('/v2/crawl', { url: url('journal'), prompt });
    expect(crawl.status).toBe(400);
    expect(crawl.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });
});
