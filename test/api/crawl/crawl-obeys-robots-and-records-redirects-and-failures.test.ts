/**
 * robots.txt, redirects and failing pages in a real crawl: what is requested from the site,
 * what comes back as documents and what `/errors` lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Firecrawl from '@mendable/firecrawl-js';
import { SITE_HOST, WWW_HOST, startCrawlSite, type CrawlSite } from '../../fixtures/crawl-site.js';
import { API_KEY, crawlAndWait, startEngine, type TestEngine } from './harness.js';

let site: CrawlSite;
let t: TestEngine;

beforeAll(async () => {
  site = await startCrawlSite({ generatedPages: 3, blogPosts: 2, slowMs: 50 });
  t = await startEngine({ hostResolver: site.hostResolver });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

const main = (...paths: string[]) => paths.map((path) => site.url(SITE_HOST, path));
const sorted = (urls: string[]) => [...urls].sort();

describe('robots.txt', () => {
  it('never requests disallowed pages and lists them under robotsBlocked', async () => {
    const before = site.hits.length;
    const { id, sources, status } = await crawlAndWait(t, { url: site.url(SITE_HOST, '/'), sitemap: 'skip', maxDiscoveryDepth: 1 });
    const requested = site.hits.slice(before);
    expect(requested).not.toContain(`${SITE_HOST}/private/secret`);
    expect(requested).not.toContain(`${SITE_HOST}/private`);
    expect(requested).toContain(`${SITE_HOST}/private/open`);
    expect(sources).toContain(site.url(SITE_HOST, '/private/open'));
    expect(sources.some((url) => /\/private(\/secret)?$/.test(url))).toBe(false);

    const errors = await t.call('GET', `/v2/crawl/${id}/errors`);
    expect(errors.status).toBe(200);
    expect(sorted(errors.body.robotsBlocked)).toEqual(sorted(main('/private/secret', '/private')));
    expect(status.warning).toContain('robots.txt');

    // The SDK reads the same lists.
    const app = new Firecrawl({ apiKey: API_KEY, apiUrl: t.url });
    const viaSdk = await app.getCrawlErrors(id);
    expect(sorted(viaSdk.robotsBlocked)).toEqual(sorted(main('/private/secret', '/private')));
  });

  it('evaluates the group of the crawl robotsUserAgent', async () => {
    const before = site.hits.length;
    const { id, docs, status } = await crawlAndWait(t, { url: site.url(SITE_HOST, '/b/'), sitemap: 'skip', robotsUserAgent: 'StrictBot' });
    expect(docs).toEqual([]);
    expect(site.hits.slice(before)).toEqual([`${SITE_HOST}/robots.txt`]);
    expect(status.status).not.toBe('scraping');
    expect((await t.call('GET', `/v2/crawl/${id}/errors`)).body.robotsBlocked).toEqual(main('/b/'));
  });

  it('crawls disallowed pages with ignoreRobotsTxt (sent over raw HTTP: the SDK drops the option)', async () => {
    const before = site.hits.length;
    const { id, sources } = await crawlAndWait(t, {
      url: site.url(SITE_HOST, '/'),
      sitemap: 'skip',
      maxDiscoveryDepth: 1,
      ignoreRobotsTxt: true,
    });
    expect(sources).toEqual(expect.arrayContaining(main('/private/secret', '/private', '/private/open')));
    expect(site.hits.slice(before)).toContain(`${SITE_HOST}/private/secret`);
    expect((await t.call('GET', `/v2/crawl/${id}/errors`)).body.robotsBlocked).toEqual([]);
  });

  it('does not request a start URL that robots.txt disallows, and ends the crawl', async () => {
    const before = site.hits.length;
    const start = site.url(SITE_HOST, '/private/');
    const { id, status, docs } = await crawlAndWait(t, { url: start });
    expect(status.status).not.toBe('scraping');
    expect(docs).toEqual([]);
    const requested = site.hits.slice(before);
    expect(requested.filter((hit) => hit.startsWith(`${SITE_HOST}/private`))).toEqual([]);
    const errors = await t.call('GET', `/v2/crawl/${id}/errors`);
    expect(errors.body.robotsBlocked).toEqual([start]);
    expect(status.warning).toContain('robots.txt');
  });
});

describe('redirects and failing pages', () => {
  it('keeps the link as sourceURL and reports the final URL of a redirected page', async () => {
    const { docs } = await crawlAndWait(t, { url: site.url(SITE_HOST, '/old-page'), sitemap: 'skip' });
    expect(docs).toHaveLength(1);
    expect(docs[0].metadata.sourceURL).toBe(site.url(SITE_HOST, '/old-page'));
    expect(docs[0].metadata.url).toBe(site.url(SITE_HOST, '/new-page'));
    expect(docs[0].metadata.title).toBe('New page');
  });

  it('scrapes a redirect target once when it is also linked directly', async () => {
    const { id, docs, sources } = await crawlAndWait(t, { url: site.url(SITE_HOST, '/moved/'), sitemap: 'skip' });
    const finals = docs.map((d) => d.metadata.url);
    expect(finals.filter((url) => url === site.url(SITE_HOST, '/moved/new'))).toHaveLength(1);
    expect(sources).toEqual(sorted(main('/moved/', '/moved/new')));
    // The losing redirect is not reported as an error.
    expect((await t.call('GET', `/v2/crawl/${id}/errors`)).body.errors).toEqual([]);
  });

  it('returns a page answering 500 as a document with statusCode 500', async () => {
    const { docs, status } = await crawlAndWait(t, { url: site.url(SITE_HOST, '/error'), sitemap: 'skip' });
    expect(status.status).toBe('completed');
    expect(docs).toHaveLength(1);
    expect(docs[0].metadata).toMatchObject({ sourceURL: site.url(SITE_HOST, '/error'), statusCode: 500 });
  });

  it('lists a page that cannot be scraped in /errors and completes the crawl', async () => {
    const { id, status, sources } = await crawlAndWait(t, { url: site.url(SITE_HOST, '/'), sitemap: 'skip', maxDiscoveryDepth: 1 });
    expect(status.status).toBe('completed');
    expect(sources).not.toContain(site.url(SITE_HOST, '/report.pdf'));
    const errors = await t.call('GET', `/v2/crawl/${id}/errors`);
    expect(errors.body).toMatchObject({ success: true, errors: expect.any(Array), robotsBlocked: expect.any(Array) });
    const failure = errors.body.errors.find((e: { url: string }) => e.url === site.url(SITE_HOST, '/report.pdf'));
    expect(failure).toMatchObject({
      id: expect.any(String),
      url: site.url(SITE_HOST, '/report.pdf'),
      error: expect.any(String),
      code: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(failure.timestamp))).toBe(false);
    // A www spelling of an on-site page is followed as internal.
    expect(sources).toContain(site.url(WWW_HOST, '/b/1'));
  });
});
