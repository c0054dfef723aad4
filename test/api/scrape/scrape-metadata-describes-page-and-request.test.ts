import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScrapeStack, type ScrapeStack } from './scrape-stack.js';

describe('scrape metadata describes the page and the request', () => {
  let stack: ScrapeStack;
  let page: string;
  beforeAll(async () => {
    stack = await startScrapeStack();
    page = `${stack.site.url}/metadata-rich.html`;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('derives title, description, language, favicon and keywords from the head', async () => {
    const { metadata } = await stack.app.scrape(page);
    expect(metadata).toMatchObject({
      title: 'Tide tables for Port Wenlow, winter 2025 | Tidewater',
      description: 'High and low water times for the harbour mouth., Published weekly by the harbour office.',
      language: 'en-GB',
      favicon: `${stack.site.url}/icons/favicon.svg`,
      keywords: 'tides, harbour, Port Wenlow',
      robots: 'index, follow',
    });
  });

  it('maps Open Graph tags to og* keys, with every og:locale:alternate in an array', async () => {
    const { metadata } = await stack.app.scrape(page);
    expect(metadata).toMatchObject({
      ogTitle: 'Port Wenlow tide tables',
      ogDescription: 'Every high and low water this winter.',
      ogUrl: 'https://tidewater.example/tides/winter-2025.html',
      ogImage: 'https://tidewater.example/images/tide-chart.png',
      ogAudio: 'https://tidewater.example/audio/shipping-forecast.mp3',
      ogVideo: 'https://tidewater.example/video/spring-tide.mp4',
      ogDeterminer: 'the',
      ogLocale: 'en_GB',
      ogLocaleAlternate: ['fr_FR', 'cy_GB', 'nl_NL'],
      ogSiteName: 'Tidewater',
    });
  });

  it('maps article and Dublin Core tags to their named keys', async () => {
    const { metadata } = await stack.app.scrape(page);
    expect(metadata).toMatchObject({
      articleSection: 'Harbour',
      articleTag: 'tides',
      publishedTime: '2025-10-01T06:00:00Z',
      modifiedTime: '2025-10-08T06:00:00Z',
      dcTermsKeywords: 'tide, almanac',
      dcDescription: 'Tide predictions for the harbour mouth.',
      dcSubject: 'Oceanography',
      dcTermsSubject: 'Tides',
      dcTermsAudience: 'Mariners',
      dcType: 'Dataset',
      dcTermsType: 'Text',
      dcDate: '2025-10-01',
      dcDateCreated: '2025-09-28',
      dcTermsCreated: '2025-09-27',
    });
  });

  it('keeps a raw copy of every meta tag under its own name, property or itemprop', async () => {
    const { metadata } = await stack.app.scrape(page);
    expect(metadata).toMatchObject({
      generator: 'Tidewater CMS 3.2',
      'og:title': 'Port Wenlow tide tables',
      'og:locale:alternate': ['fr_FR', 'cy_GB', 'nl_NL'],
      'article:published_time': '2025-10-01T06:00:00Z',
      'dc.date.created': '2025-09-28',
      'twitter:card': 'summary',
      headline: 'Tide tables, winter 2025',
    });
  });

  it('reports the request: sourceURL, url, statusCode, contentType, scrapeId, creditsUsed, proxyUsed, cacheState', async () => {
    const { metadata } = await stack.app.scrape(`${page}?edition=winter`, { maxAge: 0 });
    expect(metadata).toMatchObject({
      sourceURL: `${page}?edition=winter`,
      url: `${page}?edition=winter`,
      statusCode: 200,
      contentType: 'text/html; charset=utf-8',
      creditsUsed: 1,
      proxyUsed: 'basic',
    });
    expect(metadata?.scrapeId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(metadata).not.toHaveProperty('cacheState');
    expect(metadata).not.toHaveProperty('error');
  });

  it('reports cacheState "miss" on a scrape that may be cached, and a new scrapeId on every scrape', async () => {
    const first = await stack.app.scrape(`${page}?edition=spring`);
    const second = await stack.app.scrape(`${page}?edition=spring`);
    expect(first.metadata?.cacheState).toBe('miss');
    expect(second.metadata?.cacheState).toBe('hit');
    expect(second.metadata?.scrapeId).not.toBe(first.metadata?.scrapeId);
  });

  it('reports proxyUsed "basic" for proxy "auto" on a site that does not block', async () => {
    const { metadata } = await stack.app.scrape(page, { proxy: 'auto', maxAge: 0 });
    expect(metadata?.proxyUsed).toBe('basic');
  });

  it('reports proxyUsed "basic" with a warning, and bills no stealth, for proxy "stealth" when no browser can provide it', async () => {
    const document = await stack.app.scrape(page, { proxy: 'stealth' });
    expect(document.metadata).toMatchObject({ proxyUsed: 'basic', creditsUsed: 1 });
    expect(document.metadata).not.toHaveProperty('cacheState');
    expect(document.warning).toBe(
      'The engine used does not support the following features: stealthProxy (no browser is available) -- your scrape may be partial.',
    );
    expect(document.markdown).toContain('High water at the harbour mouth');
  });

  it('names the page error of a non-2xx answer in metadata.error', async () => {
    const { metadata } = await stack.app.scrape(`${stack.site.url}/status/404`);
    expect(metadata).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
