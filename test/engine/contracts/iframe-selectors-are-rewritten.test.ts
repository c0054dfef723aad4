import { describe, expect, it } from 'vitest';
import { crawlRequestSchema, scrapeRequestSchema, transformIframeSelector } from '../../../src-engine/contracts/index.js';

const KEPT = 'div[data-original-tag="iframe"]';

describe('iframe selectors in includeTags / excludeTags', () => {
  const rewritten: [string, string][] = [
    ['iframe', KEPT],
    ['iframe.video', `${KEPT}.video`],
    ['iframe#main-video', `${KEPT}#main-video`],
    ['iframe[src*="youtube"]', `${KEPT}[src*="youtube"]`],
    ['div iframe', `div ${KEPT}`],
    ['iframe > div', `${KEPT} > div`],
    ['div + iframe', `div + ${KEPT}`],
    ['iframe ~ p', `${KEPT} ~ p`],
    ['div>iframe', `div>${KEPT}`],
    ['iframe, iframe.video', `${KEPT}, ${KEPT}.video`],
  ];
  for (const [selector, expected] of rewritten) {
    it(`rewrites "${selector}"`, () => {
      expect(transformIframeSelector(selector)).toBe(expected);
    });
  }

  for (const selector of ['div.iframe-container', 'iframe-wrapper', 'my-iframe', '#iframe', '[data-kind="iframe"]', 'iframes']) {
    it(`leaves "${selector}" untouched`, () => {
      expect(transformIframeSelector(selector)).toBe(selector);
    });
  }

  it('is applied by the request schemas to both lists, keeps empty lists empty and missing ones undefined', () => {
    const parsed = scrapeRequestSchema.parse({ url: 'https://example.com', includeTags: ['iframe.video', 'main'], excludeTags: ['div iframe'] });
    expect(parsed.includeTags).toEqual([`${KEPT}.video`, 'main']);
    expect(parsed.excludeTags).toEqual([`div ${KEPT}`]);
    const empty = scrapeRequestSchema.parse({ url: 'https://example.com', includeTags: [], excludeTags: [] });
    expect(empty.includeTags).toEqual([]);
    expect(empty.excludeTags).toEqual([]);
    const missing = scrapeRequestSchema.parse({ url: 'https://example.com' });
    expect(missing.includeTags).toBeUndefined();
    expect(missing.excludeTags).toBeUndefined();
    const crawl = crawlRequestSchema.parse({ url: 'https://example.com', scrapeOptions: { includeTags: ['iframe'] } });
    expect(crawl.scrapeOptions.includeTags).toEqual([KEPT]);
  });
});
