import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSite, type BrowserSite } from '../../fixtures/browser-site.js';
import { createBrowserStack, fetchRequest, type BrowserStack } from './browser-harness.js';
import { imageSize } from './image-size.js';
import type { Action } from '../../../src-engine/contracts/index.js';
import { isEngineError } from '../../../src-engine/errors/engine-error.js';

describe('actions', () => {
  let site: BrowserSite;
  let stack: BrowserStack;
  const run = (path: string, actions: Action[], timeoutMs = 30_000) =>
    stack.fetcher.fetch(fetchRequest(site.url(path), { actions, timeoutMs }));
  beforeAll(async () => {
    site = await startBrowserSite();
    stack = createBrowserStack();
  });
  afterAll(async () => {
    await stack.close();
    await site.close();
  });

  it('click reveals content and the document reflects the page after the actions', async () => {
    const result = await run('/click', [
      { type: 'click', selector: '#reveal', all: false },
      { type: 'wait', selector: '#secret' },
      { type: 'scrape' },
    ]);
    expect(result.actions!.scrapes[0]!.html).toContain('forty-two');
    expect(result.actions!.scrapes[0]!.url).toBe(site.url('/click'));
    expect(result.text).toMatch(/<p id="secret">The hidden answer/);
  });

  it('click with all clicks every match', async () => {
    const result = await run('/click', [{ type: 'click', selector: '.more', all: true }]);
    expect(result.text.match(/>opened</g)).toHaveLength(3);
  });

  it('write and press fill and submit a form', async () => {
    const result = await run('/form', [
      { type: 'click', selector: '#q', all: false },
      { type: 'write', text: 'sprat' },
      { type: 'press', key: 'Enter' },
    ]);
    expect(result.text).toContain('Searched for: sprat');
  });

  it('scroll down loads more items on an infinite list', async () => {
    const result = await run('/infinite', [
      { type: 'scroll', direction: 'down' },
      { type: 'scroll', direction: 'down' },
      { type: 'scroll', direction: 'down' },
      { type: 'wait', milliseconds: 200 },
    ]);
    expect(result.text).toContain('Item 15');
  });

  it('executeJavascript returns typed values, from expressions and function bodies', async () => {
    const result = await run('/article', [
      { type: 'executeJavascript', script: 'document.title' },
      { type: 'executeJavascript', script: 'const n = 40; return n + 2;' },
      { type: 'executeJavascript', script: "document.body.setAttribute('data-touched', 'yes')" },
    ]);
    expect(result.actions!.javascriptReturns).toEqual([
      { type: 'string', value: 'Static article' },
      { type: 'number', value: 42 },
      { type: 'undefined', value: null },
    ]);
    expect(result.text).toContain('data-touched="yes"');
  });

  it('screenshot and pdf actions return decodable files', async () => {
    const result = await run('/article', [
      { type: 'screenshot', fullPage: false, viewport: { width: 500, height: 400 } },
      { type: 'pdf', format: 'A4', landscape: false, scale: 1 },
    ]);
    expect(imageSize(result.actions!.screenshots[0]!)).toEqual({ type: 'png', width: 500, height: 400 });
    const pdf = Buffer.from(result.actions!.pdfs[0]!.replace(/^data:application\/pdf;base64,/, ''), 'base64');
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('a failing action is SCRAPE_ACTION_ERROR naming its index and kind', async () => {
    const error = await run('/click', [
      { type: 'wait', milliseconds: 10 },
      { type: 'scroll', direction: 'down', selector: '#does-not-exist' },
    ]).catch((e) => e);
    expect(isEngineError(error) && error.code).toBe('SCRAPE_ACTION_ERROR');
    expect(error.message).toMatch(/^Action 1 \(scroll\) failed: .*does-not-exist/);
  });

  it('a wait longer than the budget is SCRAPE_TIMEOUT', async () => {
    const error = await run('/article', [{ type: 'wait', milliseconds: 5_000 }], 1_500).catch((e) => e);
    expect(isEngineError(error) && error.code).toBe('SCRAPE_TIMEOUT');
  });
});
