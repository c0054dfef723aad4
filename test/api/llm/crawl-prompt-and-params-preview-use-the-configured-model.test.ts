import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harbourModel, MODEL_CRAWLER_OPTIONS } from './harbour-model.js';
import { messagesOf, startLlmApiStack, waitForCrawl, type LlmApiStack } from './llm-stack.js';

const page = (title: string, links: string[] = []) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>
<p>${title} is a page of the harbour journal, about boats, tides and the people who work the quay every morning.</p>
${links.map((href) => `<p><a href="${href}">${href}</a></p>`).join('\n')}</main></body></html>`;

describe('crawl prompts and params-preview use the configured model', () => {
  let stack: LlmApiStack;
  beforeAll(async () => {
    stack = await startLlmApiStack(harbourModel);
    stack.site.setPage('blog-index', page('Journal', ['/pages/blog-1', '/pages/blog-2', '/pages/shop-1', 'https://example.org/elsewhere']));
    stack.site.setPage('blog-1', page('Spring tides'));
    stack.site.setPage('blog-2', page('Net lofts'));
    stack.site.setPage('shop-1', page('Chandlery'));
  });
  afterAll(async () => {
    await stack?.close();
  });
  const start = () => `${stack.site.url}/pages/blog-index`;

  it('params-preview answers the crawler options the model proposed for the prompt', async () => {
    const mark = stack.model!.requests.length;
    const data = await stack.app.crawlParamsPreview(start(), 'Only the journal posts, not the shop');

    expect(data).toEqual({ url: start(), ...MODEL_CRAWLER_OPTIONS });
    expect(data).not.toHaveProperty('warning');
    const [request] = stack.model!.requests.slice(mark);
    const { user } = messagesOf(request!);
    expect(user).toContain('Generate crawler options for: Only the journal posts, not the shop');
    expect(user).toContain(start());
  });

  it('a crawl with a prompt echoes the generated and final options, explicit fields win, and the crawl follows them', async () => {
    const { status, body } = await stack.post('/v2/crawl', {
      url: start(),
      prompt: 'Only the journal posts, not the shop',
      // Explicit values win over the model's, even an empty list.
      excludePaths: [],
      allowExternalLinks: false,
      limit: 10,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, id: expect.any(String) });
    expect(body.promptGeneratedOptions).toEqual(MODEL_CRAWLER_OPTIONS);
    expect(body.finalCrawlerOptions).toMatchObject({
      includePaths: ['^/pages/blog-'],
      excludePaths: [],
      crawlEntireDomain: true,
      allowExternalLinks: false,
      sitemap: 'skip',
      limit: 10,
    });

    const crawl = await waitForCrawl(stack.app, body.id);
    expect(crawl.status).toBe('completed');
    const paths = crawl.data.map((document) => new URL(String(document.metadata?.sourceURL)).pathname).sort();
    // blog-2 is crawled (the explicit empty excludePaths won); the shop and the external link are not.
    expect(paths).toEqual(['/pages/blog-1', '/pages/blog-2', '/pages/blog-index']);
    expect(stack.site.hits).not.toContain('/pages/shop-1');
  });

  it('the SDK starts a crawl with a prompt', async () => {
    const started = await stack.app.startCrawl(start(), { prompt: 'Only the journal posts', limit: 2 });
    expect(started.id).toEqual(expect.any(String));
    const crawl = await waitForCrawl(stack.app, started.id);
    expect(crawl.status).toBe('completed');
    expect(crawl.data.length).toBeLessThanOrEqual(2);
    for (const document of crawl.data) expect(new URL(String(document.metadata?.sourceURL)).pathname).toMatch(/^\/pages\/blog-/);
  });
});
