import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApiStack, type BrowserApiStack } from './browser-stack.js';

describe('an engine whose Chromium path names nothing', () => {
  let stack: BrowserApiStack;
  beforeAll(async () => {
    stack = await startBrowserApiStack({ chromiumPath: '/nonexistent' });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('answers a screenshot request with 400 BROWSER_UNAVAILABLE naming the setting, before fetching anything', async () => {
    const mark = stack.site.requests.length;
    const { status, body } = await stack.postScrape({ url: stack.site.url('/article'), formats: ['markdown', 'screenshot'] });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'BROWSER_UNAVAILABLE' });
    expect(body.error).toContain('screenshot');
    expect(body.error).toContain('--chromium');
    expect(body.error).toContain('TRAWL_CHROMIUM');
    expect(body.error).toMatch(/Settings/);
    expect(stack.requestsSince(mark)).toEqual([]);
  });

  it('gives the SDK the same 400 error for actions', async () => {
    const error = await stack.app
      .scrape(stack.site.url('/click'), { actions: [{ type: 'click', selector: '#reveal' }] })
      .then(() => undefined, (e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: 'BROWSER_UNAVAILABLE' });
  });

  it('still serves a plain scrape over HTTP', async () => {
    const document = await stack.app.scrape(stack.site.url('/article'), { formats: ['markdown'], maxAge: 0 });
    expect(document.markdown).toContain('Herring season');
    expect(document.metadata?.statusCode).toBe(200);
  });

  it('still answers a page that needs JavaScript with what HTTP gave, instead of failing', async () => {
    const document = await stack.app.scrape(stack.site.url('/spa'), { formats: ['markdown', 'rawHtml'], maxAge: 0 });
    expect(document.metadata?.statusCode).toBe(200);
    expect(document.rawHtml).toContain('<div id="root"></div>');
    expect(document.markdown).not.toContain('Rendered by JavaScript');
  });
});
