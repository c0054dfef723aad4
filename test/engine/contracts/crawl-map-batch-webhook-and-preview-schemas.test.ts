import { describe, expect, it } from 'vitest';
import {
  batchScrapeRequestSchema,
  crawlRequestSchema,
  mapRequestSchema,
  paramsPreviewRequestSchema,
  webhookSchema,
} from '../../../src-engine/contracts/index.js';
import { accepted, rejected, rejectionText } from './schema-results.js';

const URL = 'https://example.com';
const UUID = '6f1c2b9e-1d2a-4b7c-9e1f-1234567890ab';

describe('crawl request', () => {
  it('fills the crawl defaults and the scrape defaults of scrapeOptions', () => {
    const parsed = accepted(crawlRequestSchema, { url: URL });
    expect(parsed).toMatchObject({
      url: URL,
      origin: 'api',
      limit: 10000,
      sitemap: 'include',
      includePaths: [],
      excludePaths: [],
      crawlEntireDomain: false,
      allowExternalLinks: false,
      allowSubdomains: false,
      ignoreRobotsTxt: false,
      deduplicateSimilarURLs: true,
      ignoreQueryParameters: false,
      regexOnFullURL: false,
    });
    expect(parsed.scrapeOptions).toMatchObject({ formats: [{ type: 'markdown' }], onlyMainContent: true, waitFor: 0, proxy: 'auto', skipTlsVerification: true });
    expect(parsed.maxDiscoveryDepth).toBeUndefined();
    expect(parsed.delay).toBeUndefined();
    expect(parsed.webhook).toBeUndefined();
    expect(parsed.prompt).toBeUndefined();
  });

  it('accepts every crawler option the SDK documents', () => {
    const parsed = accepted(crawlRequestSchema, {
      url: URL,
      prompt: 'only the blog',
      includePaths: ['/blog/*'],
      excludePaths: ['/admin/.*'],
      maxDiscoveryDepth: 3,
      crawlEntireDomain: true,
      allowExternalLinks: true,
      allowSubdomains: true,
      ignoreRobotsTxt: true,
      robotsUserAgent: 'MyBot',
      sitemap: 'skip',
      deduplicateSimilarURLs: false,
      ignoreQueryParameters: true,
      regexOnFullURL: true,
      delay: 2.5,
      limit: 25,
      maxConcurrency: 4,
      zeroDataRetention: false,
      origin: 'js-sdk@4.42.0',
      integration: 'langchain',
      webhook: 'https://example.com/hook',
      scrapeOptions: {
        formats: ['markdown', 'links'],
        headers: { 'X-Test': '1' },
        includeTags: ['main'],
        excludeTags: ['nav'],
        onlyMainContent: false,
        timeout: 15000,
        waitFor: 2000,
        mobile: true,
        skipTlsVerification: false,
        removeBase64Images: false,
      },
    });
    expect(parsed).toMatchObject({ limit: 25, delay: 2.5, sitemap: 'skip', maxDiscoveryDepth: 3, origin: 'js-sdk@4.42.0' });
    expect(parsed.scrapeOptions).toMatchObject({ timeout: 15000, waitFor: 2000, mobile: true, skipTlsVerification: false });
  });

  it('accepts sitemap "only" and rejects any other sitemap value', () => {
    expect(accepted(crawlRequestSchema, { url: URL, sitemap: 'only' }).sitemap).toBe('only');
    rejected(crawlRequestSchema, { url: URL, sitemap: 'invalid' });
  });

  it('rejects v1 options (maxDepth, ignoreSitemap, allowBackwardLinks, crawlerOptions)', () => {
    for (const extra of [{ maxDepth: 2 }, { ignoreSitemap: true }, { allowBackwardLinks: true }, { crawlerOptions: { limit: 5 } }]) {
      const issues = rejected(crawlRequestSchema, { url: URL, ...extra });
      expect(issues.some((i) => i.code === 'unrecognized_keys'), JSON.stringify(extra)).toBe(true);
    }
  });

  it('reports an include or exclude pattern that is not a valid JavaScript regex as an issue at its index', () => {
    const include = rejected(crawlRequestSchema, { url: URL, includePaths: ['^/ok$', '(unclosed'] });
    expect(include).toEqual([expect.objectContaining({ path: ['includePaths', 1], message: expect.stringContaining('Invalid regular expression') })]);
    const exclude = rejected(crawlRequestSchema, { url: URL, excludePaths: ['[z-a]'] });
    expect(exclude).toEqual([expect.objectContaining({ path: ['excludePaths', 0] })]);
    accepted(crawlRequestSchema, { url: URL, includePaths: ['^/blog/(?<slug>[a-z-]+)$', '\\d+'] });
  });

  it('bounds delay (0 < delay ≤ 60 seconds), limit, depth and concurrency', () => {
    expect(rejectionText(crawlRequestSchema, { url: URL, delay: 61 })).toContain('cannot exceed 60 seconds');
    rejected(crawlRequestSchema, { url: URL, delay: 0 });
    accepted(crawlRequestSchema, { url: URL, delay: 60 });
    rejected(crawlRequestSchema, { url: URL, limit: 0 });
    rejected(crawlRequestSchema, { url: URL, maxDiscoveryDepth: -1 });
    rejected(crawlRequestSchema, { url: URL, maxConcurrency: 0 });
    expect(rejectionText(crawlRequestSchema, { url: URL, prompt: 'a'.repeat(10001) })).toContain('prompt');
    accepted(crawlRequestSchema, { url: URL, prompt: 'a'.repeat(10000) });
  });

  it('validates scrapeOptions like a scrape: strict, cross-field rules and the 30000 transforms', () => {
    rejected(crawlRequestSchema, { url: URL, scrapeOptions: { unknownOption: true } });
    rejected(crawlRequestSchema, { url: URL, scrapeOptions: { url: URL } });
    const issues = rejected(crawlRequestSchema, { url: URL, scrapeOptions: { waitFor: 8000, timeout: 15000 } });
    expect(issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: ['scrapeOptions', 'waitFor'] })]));
    expect(accepted(crawlRequestSchema, { url: URL, scrapeOptions: { formats: [{ type: 'json', schema: {} }], timeout: 30000 } }).scrapeOptions.timeout).toBe(60000);
  });
});

describe('webhook', () => {
  it('turns a bare URL into an object with every default', () => {
    expect(accepted(webhookSchema, 'https://example.com/hook')).toEqual({
      url: 'https://example.com/hook',
      headers: {},
      metadata: {},
      events: ['completed', 'failed', 'page', 'started'],
    });
  });

  it('fills the defaults of an object and keeps what was given', () => {
    expect(accepted(webhookSchema, { url: 'http://127.0.0.1:9000/in' })).toEqual({
      url: 'http://127.0.0.1:9000/in',
      headers: {},
      metadata: {},
      events: ['completed', 'failed', 'page', 'started'],
    });
    expect(
      accepted(webhookSchema, { url: 'https://example.com/hook', headers: { 'X-Secret': 's' }, metadata: { run: '7' }, events: ['completed'] }),
    ).toEqual({ url: 'https://example.com/hook', headers: { 'X-Secret': 's' }, metadata: { run: '7' }, events: ['completed'] });
  });

  it('rejects unknown events, unknown keys and invalid URLs', () => {
    rejected(webhookSchema, { url: 'https://example.com/hook', events: ['crawl.page'] });
    rejected(webhookSchema, { url: 'https://example.com/hook', secret: 'x' });
    rejected(webhookSchema, { url: 'ftp://example.com/hook' });
    rejected(webhookSchema, 'not a url');
    rejected(webhookSchema, {});
  });

  it('is accepted in string form on crawl and batch bodies', () => {
    expect(accepted(crawlRequestSchema, { url: URL, webhook: 'https://example.com/hook' }).webhook?.events).toHaveLength(4);
    expect(accepted(batchScrapeRequestSchema, { urls: [URL], webhook: 'https://example.com/hook' }).webhook?.url).toBe('https://example.com/hook');
  });
});

describe('map request', () => {
  it('fills the map defaults', () => {
    const parsed = accepted(mapRequestSchema, { url: URL });
    expect(parsed).toMatchObject({
      url: URL,
      origin: 'api',
      limit: 5000,
      includeSubdomains: true,
      ignoreQueryParameters: true,
      sitemap: 'include',
      filterByPath: true,
      useIndex: true,
    });
    expect(parsed.search).toBeUndefined();
    expect(parsed.timeout).toBeUndefined();
  });

  it('bounds limit: 0 and 200000 rejected, 1 and 10000 accepted', () => {
    rejected(mapRequestSchema, { url: URL, limit: 0 });
    rejected(mapRequestSchema, { url: URL, limit: 200000 });
    rejected(mapRequestSchema, { url: URL, limit: 10.5 });
    expect(accepted(mapRequestSchema, { url: URL, limit: 10000 }).limit).toBe(10000);
    expect(accepted(mapRequestSchema, { url: URL, limit: 1 }).limit).toBe(1);
  });

  it('accepts sitemap only/include/skip, search, timeout and location; rejects unknown keys', () => {
    for (const sitemap of ['only', 'include', 'skip']) expect(accepted(mapRequestSchema, { url: URL, sitemap }).sitemap).toBe(sitemap);
    rejected(mapRequestSchema, { url: URL, sitemap: 'invalid' });
    expect(accepted(mapRequestSchema, { url: URL, search: 'docs', timeout: 1, location: { country: 'FR' } })).toMatchObject({
      search: 'docs',
      timeout: 1,
      location: { country: 'fr' },
    });
    rejected(mapRequestSchema, { url: URL, timeout: 0 });
    rejected(mapRequestSchema, { url: URL, formats: ['markdown'] });
  });
});

describe('batch scrape request', () => {
  it('defaults ignoreInvalidURLs to true and takes scrape options at the top level', () => {
    const parsed = accepted(batchScrapeRequestSchema, { urls: [URL], formats: ['html'], waitFor: 100 });
    expect(parsed).toMatchObject({ urls: [URL], ignoreInvalidURLs: true, origin: 'api', formats: [{ type: 'html' }], waitFor: 100, onlyMainContent: true });
  });

  it('rejects an empty urls list and a missing one', () => {
    rejected(batchScrapeRequestSchema, { urls: [] });
    rejected(batchScrapeRequestSchema, {});
    rejected(batchScrapeRequestSchema, { urls: 'https://example.com' });
  });

  it('requires appendToId to be a UUID', () => {
    expect(accepted(batchScrapeRequestSchema, { urls: [URL], appendToId: UUID }).appendToId).toBe(UUID);
    rejected(batchScrapeRequestSchema, { urls: [URL], appendToId: 'not-a-uuid' });
    rejected(batchScrapeRequestSchema, { urls: [URL], appendToId: '12345' });
  });

  it('applies the scrape cross-field rules and strictness at the top level', () => {
    rejected(batchScrapeRequestSchema, { urls: [URL], waitFor: 8000, timeout: 15000 });
    rejected(batchScrapeRequestSchema, { urls: [URL], scrapeOptions: {} });
    rejected(batchScrapeRequestSchema, { urls: [URL], maxConcurrency: 0 });
    expect(accepted(batchScrapeRequestSchema, { urls: [URL], headers: { a: 'b' } }).skipTlsVerification).toBe(false);
  });
});

describe('params-preview request', () => {
  it('accepts a url and a prompt of up to 10000 characters, and ignores extra keys such as origin', () => {
    const parsed = accepted(paramsPreviewRequestSchema, { url: URL, prompt: 'a'.repeat(10000), origin: 'js-sdk@4.42.0' });
    expect(parsed).toEqual({ url: URL, prompt: 'a'.repeat(10000) });
  });

  it('rejects a prompt of 10001 characters, a missing prompt and a missing url', () => {
    expect(rejectionText(paramsPreviewRequestSchema, { url: URL, prompt: 'a'.repeat(10001) })).toContain('10000');
    rejected(paramsPreviewRequestSchema, { url: URL });
    rejected(paramsPreviewRequestSchema, { prompt: 'only the blog' });
  });
});
