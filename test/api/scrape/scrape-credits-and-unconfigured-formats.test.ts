import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScrapeStack, type ScrapeStack } from './scrape-stack.js';

const ARTICLE_SCHEMA = {
  type: 'object',
  properties: { ogTitle: { type: 'string' }, ogSiteName: { type: 'string' } },
};

describe('scrape credits, and formats that need a model or a browser when neither is configured', () => {
  let stack: ScrapeStack;
  let article: string;
  beforeAll(async () => {
    // No LLM endpoint is configured, and the Chromium path names nothing.
    stack = await startScrapeStack({ chromiumPath: '/nonexistent' });
    article = `${stack.site.url}/article.html`;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('bills a plain page one credit', async () => {
    const document = await stack.app.scrape(article, { formats: ['markdown', 'html', 'rawHtml', 'links'], maxAge: 0 });
    expect(document.metadata?.creditsUsed).toBe(1);
  });

  it('fills a json format with a schema from the page without a model, billed five credits, with a warning', async () => {
    const document = await stack.app.scrape(article, { formats: [{ type: 'json', schema: ARTICLE_SCHEMA }], maxAge: 0 });
    expect(document.json).toMatchObject({ ogTitle: 'Harbour council approves £48m tidal barrier', ogSiteName: 'Tidewater' });
    expect(document.metadata?.creditsUsed).toBe(5);
    expect(document.warning).toMatch(/json/i);
    expect(document).not.toHaveProperty('markdown');
  });

  it('bills a zeroDataRetention json scrape six credits', async () => {
    const { status, body } = await stack.postScrape({
      url: article,
      formats: [{ type: 'json', schema: ARTICLE_SCHEMA }],
      zeroDataRetention: true,
    });
    expect(status).toBe(200);
    expect((body.data as { metadata: { creditsUsed: number } }).metadata.creditsUsed).toBe(6);
  });

  it('makes an extractive summary without a model, billed one credit, with a warning', async () => {
    const document = await stack.app.scrape(article, { formats: ['summary'], maxAge: 0 });
    expect(typeof document.summary).toBe('string');
    expect(document.summary!.length).toBeGreaterThan(10);
    expect(document.metadata?.creditsUsed).toBe(1);
    expect(document.warning).toMatch(/summary/i);
    expect(document).not.toHaveProperty('markdown');
  });

  it('adds the credits of each scrape to the credit usage of the engine', async () => {
    const creditsUsed = async (): Promise<number> => {
      const response = await fetch(`${stack.engine.url}/v2/team/credit-usage`, {
        headers: { authorization: `Bearer ${stack.engine.apiKey}` },
      });
      return ((await response.json()) as { data: { creditsUsed: number } }).data.creditsUsed;
    };
    const before = await creditsUsed();
    await stack.app.scrape(article, { maxAge: 0 });
    await stack.app.scrape(article, { formats: [{ type: 'json', schema: ARTICLE_SCHEMA }], maxAge: 0 });
    expect((await creditsUsed()) - before).toBe(6);
  });

  it('answers 400 LLM_NOT_CONFIGURED for a json format with only a prompt', async () => {
    const hitsBefore = stack.site.hits.length;
    const { status, body } = await stack.postScrape({ url: article, formats: [{ type: 'json', prompt: 'List the councillors quoted.' }] });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'LLM_NOT_CONFIGURED' });
    expect(stack.site.hits.length).toBe(hitsBefore);
  });

  it('answers 400 LLM_NOT_CONFIGURED for changeTracking json mode with only a prompt', async () => {
    const { status, body } = await stack.postScrape({
      url: article,
      formats: ['markdown', { type: 'changeTracking', modes: ['json'], prompt: 'Track the barrier cost.' }],
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'LLM_NOT_CONFIGURED' });
  });

  it('answers 400 BROWSER_UNAVAILABLE for a screenshot when no browser can be found', async () => {
    const hitsBefore = stack.site.hits.length;
    const { status, body } = await stack.postScrape({ url: article, formats: ['markdown', { type: 'screenshot', fullPage: true }] });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'BROWSER_UNAVAILABLE' });
    expect(String(body.error)).toContain('screenshot');
    expect(stack.site.hits.length).toBe(hitsBefore);
  });

  it('answers 400 BROWSER_UNAVAILABLE for waitFor, mobile and actions when no browser can be found', async () => {
    for (const options of [{ waitFor: 1000 }, { mobile: true }, { actions: [{ type: 'scrape' }] }]) {
      const { status, body } = await stack.postScrape({ url: article, ...options });
      expect(status, JSON.stringify(options)).toBe(400);
      expect(body).toMatchObject({ success: false, code: 'BROWSER_UNAVAILABLE' });
    }
  });

  it('surfaces BROWSER_UNAVAILABLE through the SDK as an error with status 400', async () => {
    const error = await stack.app.scrape(article, { formats: ['screenshot'] }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: 'BROWSER_UNAVAILABLE' });
  });
});
