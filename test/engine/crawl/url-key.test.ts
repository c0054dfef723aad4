import { describe, expect, it } from 'vitest';
import { crawlDedupeKey, isSpaHashRoute, normalizeCrawlUrl } from '../../../src-engine/crawl/url-key.js';

const keep = { ignoreQueryParameters: false };
const ignore = { ignoreQueryParameters: true };
const similar = { deduplicateSimilarURLs: true, ignoreQueryParameters: false };
const exact = { deduplicateSimilarURLs: false, ignoreQueryParameters: false };

/** Groups URLs by dedupe key, so each test states which spellings are one page. */
function groups(urls: string[], opts: typeof similar): string[][] {
  const byKey = new Map<string, string[]>();
  for (const url of urls) {
    const key = crawlDedupeKey(url, opts);
    byKey.set(key, [...(byKey.get(key) ?? []), url]);
  }
  return [...byKey.values()];
}

describe('normalizeCrawlUrl', () => {
  it('removes the fragment and keeps everything else', () => {
    expect(normalizeCrawlUrl('https://Site.test:8443/a/b?x=1&y=2#part', keep)).toBe(
      'https://site.test:8443/a/b?x=1&y=2',
    );
    expect(normalizeCrawlUrl('https://site.test/a#', keep)).toBe('https://site.test/a');
    expect(normalizeCrawlUrl('https://site.test/#/app/settings', keep)).toBe('https://site.test/');
  });

  it('removes the query when ignoreQueryParameters is set', () => {
    expect(normalizeCrawlUrl('https://site.test/products?id=1#top', ignore)).toBe('https://site.test/products');
    expect(normalizeCrawlUrl('https://site.test/products?id=1', keep)).toBe('https://site.test/products?id=1');
  });

  it('does not collapse www, scheme or index variants', () => {
    expect(normalizeCrawlUrl('http://www.site.test/a/index.html', keep)).toBe('http://www.site.test/a/index.html');
  });

  it('throws on a relative URL', () => {
    expect(() => normalizeCrawlUrl('/a/b', keep)).toThrow(TypeError);
  });
});

describe('crawlDedupeKey', () => {
  it('collapses www, scheme and the directory spellings of a page with deduplicateSimilarURLs', () => {
    const variants = [
      'https://site.test/x',
      'https://site.test/x/',
      'http://site.test/x/index.html',
      'https://www.site.test/x/index.php',
      'http://WWW.Site.Test/x#frag',
    ];
    expect(groups(variants, similar)).toEqual([variants]);
  });

  it('collapses the root spellings', () => {
    const roots = [
      'https://site.test',
      'https://site.test/',
      'http://www.site.test/index.html',
      'https://site.test/index.php',
    ];
    expect(groups(roots, similar)).toEqual([roots]);
  });

  it('keeps different paths, path case, ports and hosts apart', () => {
    const urls = [
      'https://site.test/x',
      'https://site.test/X',
      'https://site.test/x.html',
      'https://site.test/x/index.htm',
      'https://site.test:8443/x',
      'https://blog.site.test/x',
      'https://site.test/x/y',
    ];
    expect(groups(urls, similar)).toEqual(urls.map((url) => [url]));
  });

  it('keeps the query unless ignoreQueryParameters', () => {
    const urls = ['https://site.test/p?id=1', 'https://site.test/p?id=2', 'https://site.test/p'];
    expect(groups(urls, similar)).toEqual(urls.map((url) => [url]));
    expect(groups(urls, { ...similar, ignoreQueryParameters: true })).toEqual([urls]);
    expect(groups(['https://site.test/p/?id=1', 'http://www.site.test/p/index.html?id=1'], similar)).toHaveLength(1);
  });

  it('is the normalised URL itself without deduplicateSimilarURLs', () => {
    expect(crawlDedupeKey('https://site.test/x/#a', exact)).toBe('https://site.test/x/');
    const urls = ['https://site.test/x', 'https://site.test/x/', 'http://site.test/x', 'https://www.site.test/x'];
    expect(groups(urls, exact)).toEqual(urls.map((url) => [url]));
    expect(crawlDedupeKey('https://site.test/x?a=1', { ...exact, ignoreQueryParameters: true })).toBe(
      'https://site.test/x',
    );
  });
});

describe('isSpaHashRoute', () => {
  it('accepts fragments longer than one character that contain a slash', () => {
    expect(isSpaHashRoute('https://site.test/#/app/settings')).toBe(true);
    expect(isSpaHashRoute('https://site.test/app#/x')).toBe(true);
  });

  it('rejects section anchors, empty fragments and URLs without a fragment', () => {
    expect(isSpaHashRoute('https://site.test/about#team')).toBe(false);
    expect(isSpaHashRoute('https://site.test/#/')).toBe(false);
    expect(isSpaHashRoute('https://site.test/#')).toBe(false);
    expect(isSpaHashRoute('https://site.test/a/b')).toBe(false);
  });
});
