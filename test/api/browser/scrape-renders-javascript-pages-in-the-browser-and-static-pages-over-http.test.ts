import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBrowserNavigation, startBrowserApiStack, type BrowserApiStack } from './browser-stack.js';

describe('scrape renders JavaScript pages in the browser and serves static pages over HTTP', () => {
  let stack: BrowserApiStack;
  beforeAll(async () => {
    stack = await startBrowserApiStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('shows JavaScript-rendered content in markdown without any option, by escalating to the browser', async () => {
    const mark = stack.site.requests.length;
    const document = await stack.app.scrape(stack.site.url('/spa'), { formats: ['markdown'], maxAge: 0 });

    expect(document.markdown).toContain('Rendered by JavaScript');
    expect(document.markdown).toContain('herring runs');
    expect(document.metadata?.statusCode).toBe(200);
    // First the plain HTTP fetch of the shell, then Chromium loading the page and its script.
    const seen = stack.requestsSince(mark);
    const pageLoads = seen.filter((r) => r.path === '/spa');
    expect(pageLoads).toHaveLength(2);
    expect(isBrowserNavigation(pageLoads[0]!)).toBe(false);
    expect(isBrowserNavigation(pageLoads[1]!)).toBe(true);
    expect(seen.some((r) => r.path === '/spa-app.js')).toBe(true);
  });

  it('waits for data the page fetches after rendering', async () => {
    const document = await stack.app.scrape(stack.site.url('/spa-fetch'), { formats: ['markdown'], maxAge: 0 });
    expect(document.markdown).toContain('Loaded after render');
    expect(document.markdown).not.toContain('Loading…');
  });

  it('serves a page that needs no JavaScript over HTTP only: no browser request, no script loaded', async () => {
    const mark = stack.site.requests.length;
    const document = await stack.app.scrape(stack.site.url('/static-enhanced'), { formats: ['markdown', 'rawHtml'], maxAge: 0 });

    expect(document.markdown).toContain('# Net mending');
    expect(document.markdown).toContain('tidal flats');
    // The HTML is the server's own: the enhancement script never ran on it.
    expect(document.rawHtml).not.toContain('data-enhanced');
    const seen = stack.requestsSince(mark);
    expect(seen.map((r) => r.path)).toEqual(['/static-enhanced']);
    expect(isBrowserNavigation(seen[0]!)).toBe(false);
    expect(seen[0]!.headers['user-agent']).toContain('TrawlBot');
  });

  it('renders the same static page in the browser when an option needs it, running its script', async () => {
    const mark = stack.site.requests.length;
    const document = await stack.app.scrape(stack.site.url('/static-enhanced'), { formats: ['rawHtml'], waitFor: 200, maxAge: 0 });

    expect(document.rawHtml).toContain('data-enhanced="yes"');
    const seen = stack.requestsSince(mark);
    expect(seen.filter((r) => r.path === '/static-enhanced')).toHaveLength(1);
    expect(isBrowserNavigation(seen.find((r) => r.path === '/static-enhanced')!)).toBe(true);
    expect(seen.some((r) => r.path === '/enhance.js')).toBe(true);
  });

  it('waitFor lets content that appears late into the document', async () => {
    const without = await stack.app.scrape(stack.site.url('/late'), { formats: ['markdown'], maxAge: 0 });
    expect(without.markdown).not.toContain('Arrived late');

    const started = Date.now();
    const withWait = await stack.app.scrape(stack.site.url('/late'), { formats: ['markdown'], waitFor: 4000, maxAge: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4000);
    expect(withWait.markdown).toContain('Arrived late');
    expect(withWait.markdown).toContain('net making');
  });
});
