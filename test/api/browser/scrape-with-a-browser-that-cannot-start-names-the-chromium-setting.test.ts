import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApiStack, type BrowserApiStack } from './browser-stack.js';

describe('an engine whose Chromium path names a program that is not a working browser', () => {
  let stack: BrowserApiStack;
  beforeAll(async () => {
    stack = await startBrowserApiStack({ chromiumPath: '/bin/false' });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('answers a screenshot request with 400 BROWSER_UNAVAILABLE naming the path and the setting', async () => {
    const { status, body } = await stack.postScrape({ url: stack.site.url('/article'), formats: ['screenshot'] });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'BROWSER_UNAVAILABLE' });
    expect(body.error).toContain('/bin/false could not be started');
    expect(body.error).toContain('--chromium');
    expect(body.error).toContain('TRAWL_CHROMIUM');
  });

  it('still serves a page that needs JavaScript with what HTTP gave, saying so, and a plain page', async () => {
    const spa = await stack.app.scrape(stack.site.url('/spa'), { formats: ['rawHtml'], maxAge: 0 });
    expect(spa.metadata?.statusCode).toBe(200);
    expect(spa.rawHtml).toContain('<div id="root"></div>');
    expect(spa.warning).toContain('rendering it in the browser failed');

    const article = await stack.app.scrape(stack.site.url('/article'), { formats: ['markdown'], maxAge: 0 });
    expect(article.markdown).toContain('Herring season');
    expect(article.warning).toBeUndefined();
  });
});
