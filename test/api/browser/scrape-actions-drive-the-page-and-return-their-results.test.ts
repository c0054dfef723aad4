import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApiStack, type BrowserApiStack } from './browser-stack.js';
import { decodeImageDataUri } from './decode-image.js';

// The SDK's action type is narrower than the wire format; the engine takes every documented field.
type Actions = any[];

/** `document.actions`, which the SDK types loosely. */
interface ActionResults {
  screenshots: string[];
  scrapes: { url: string; html: string }[];
  javascriptReturns: { type: string; value: unknown }[];
  pdfs: string[];
}
const actionResults = (document: { actions?: unknown }) => document.actions as ActionResults;

describe('scrape actions drive the page and return their results', () => {
  let stack: BrowserApiStack;
  beforeAll(async () => {
    stack = await startBrowserApiStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('click reveals hidden content, and click with all presses every match', async () => {
    const actions: Actions = [{ type: 'scrape' }, { type: 'click', selector: '#reveal' }, { type: 'click', selector: '.more', all: true }];
    const document = await stack.app.scrape(stack.site.url('/click'), { formats: ['markdown', 'rawHtml'], actions, maxAge: 0 });

    // Before the click the answer is hidden; after it, it is part of the page.
    expect(actionResults(document).scrapes[0]!.html).toMatch(/<p id="secret" hidden="?"?>/);
    expect(document.rawHtml).toContain('<p id="secret">The hidden answer is forty-two.</p>');
    expect(document.markdown).toContain('The hidden answer is forty-two.');
    expect(document.rawHtml!.match(/>opened</g)).toHaveLength(3);
    expect(document.rawHtml).not.toContain('>closed<');
  });

  it('write then press submits a form', async () => {
    const actions: Actions = [
      { type: 'click', selector: '#q' },
      { type: 'write', text: 'smoked herring' },
      { type: 'press', key: 'Enter' },
    ];
    const document = await stack.app.scrape(stack.site.url('/form'), { formats: ['markdown'], actions, maxAge: 0 });
    expect(document.markdown).toContain('Searched for: smoked herring');
    expect(document.markdown).not.toContain('Nothing yet');
  });

  it('scroll loads more items on an infinite-scroll page, and wait for a selector waits for them', async () => {
    const plain = await stack.app.scrape(stack.site.url('/infinite'), { formats: ['markdown'], waitFor: 100, maxAge: 0 });
    expect(plain.markdown).toContain('Item 9');
    expect(plain.markdown).not.toContain('Item 10');

    const mark = stack.site.requests.length;
    const actions: Actions = [
      { type: 'scroll', direction: 'down' },
      { type: 'scroll', direction: 'down' },
      { type: 'scroll', direction: 'down' },
      { type: 'wait', selector: '#list li:nth-child(20)' },
    ];
    const scrolled = await stack.app.scrape(stack.site.url('/infinite'), { formats: ['markdown'], actions, maxAge: 0 });
    expect(scrolled.markdown).toContain('Item 19');
    expect(stack.requestsSince(mark).some((r) => r.path === '/api/items?from=10')).toBe(true);
  });

  it('executeJavascript returns each value with its type in actions.javascriptReturns', async () => {
    const actions: Actions = [
      { type: 'executeJavascript', script: 'document.title' },
      { type: 'executeJavascript', script: 'return 6 * 7;' },
      { type: 'executeJavascript', script: "({ buttons: document.querySelectorAll('button').length, ok: true })" },
      { type: 'executeJavascript', script: "document.body.dataset.touched = 'yes'" },
    ];
    const document = await stack.app.scrape(stack.site.url('/click'), { formats: ['rawHtml'], actions, maxAge: 0 });
    expect(actionResults(document).javascriptReturns).toEqual([
      { type: 'string', value: 'Click' },
      { type: 'number', value: 42 },
      { type: 'object', value: { buttons: 4, ok: true } },
      { type: 'string', value: 'yes' },
    ]);
    // What the script changed is in the returned HTML.
    expect(document.rawHtml).toContain('data-touched="yes"');
  });

  it('screenshot, scrape and pdf actions put their results in actions.screenshots, scrapes and pdfs', async () => {
    const actions: Actions = [
      { type: 'screenshot', viewport: { width: 700, height: 500 } },
      { type: 'click', selector: '#reveal' },
      { type: 'scrape' },
      { type: 'screenshot', fullPage: true, quality: 70 },
      { type: 'pdf', format: 'A4', landscape: true },
    ];
    const url = stack.site.url('/click');
    const document = await stack.app.scrape(url, { formats: ['markdown'], actions, maxAge: 0 });
    const results = actionResults(document);

    expect(results.screenshots).toHaveLength(2);
    expect(decodeImageDataUri(results.screenshots[0]!)).toEqual({ type: 'png', width: 700, height: 500 });
    expect(decodeImageDataUri(results.screenshots[1]!)).toMatchObject({ type: 'jpeg', width: 1920 });

    expect(results.scrapes).toHaveLength(1);
    expect(results.scrapes[0]!.url).toBe(url);
    expect(results.scrapes[0]!.html).toContain('<p id="secret">The hidden answer is forty-two.</p>');

    expect(results.pdfs).toHaveLength(1);
    const pdf = Buffer.from(results.pdfs[0]!.replace(/^data:application\/pdf;base64,/, ''), 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-8).toString('latin1')).toContain('%%EOF');
  });

  it('a failing action ends the scrape with SCRAPE_ACTION_ERROR naming its index', async () => {
    const thrown = await stack.postScrape({
      url: stack.site.url('/click'),
      actions: [{ type: 'wait', milliseconds: 10 }, { type: 'executeJavascript', script: "throw new Error('the catch was empty')" }],
    });
    expect(thrown.status).toBe(500);
    expect(thrown.body).toMatchObject({ success: false, code: 'SCRAPE_ACTION_ERROR' });
    expect(thrown.body.error).toContain('Action 1 (executeJavascript)');
    expect(thrown.body.error).toContain('the catch was empty');

    const error = await stack.app
      .scrape(stack.site.url('/form'), { actions: [{ type: 'click', selector: '#q' }, { type: 'write', text: 'x' }, { type: 'press', key: 'NoSuchKey' }] as Actions, maxAge: 0 })
      .then(() => undefined, (e: unknown) => e as { status?: number; code?: string; message: string });
    expect(error).toMatchObject({ status: 500, code: 'SCRAPE_ACTION_ERROR' });
    expect(error!.message).toContain('Action 2 (press)');
  });
});
