/**
 * Crawl discovery end to end: each rule of the crawl spec, run through POST /v2/crawl against
 * the multi-host fixture site, asserting the exact set of `metadata.sourceURL`s returned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_HOST, DOCS_HOST, OTHER_HOST, SITE_HOST, WWW_HOST, startCrawlSite, type CrawlSite } from '../../fixtures/crawl-site.js';
import { crawlAndWait, startEngine, type TestEngine } from './harness.js';

let site: CrawlSite;
let t: TestEngine;

beforeAll(async () => {
  site = await startCrawlSite({ generatedPages: 8, blogPosts: 3, slowMs: 100, docsSitemapParts: 4 });
  t = await startEngine({ hostResolver: site.hostResolver });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

const on = (host: string, ...paths: string[]) => paths.map((path) => site.url(host, path));
const main = (...paths: string[]) => on(SITE_HOST, ...paths);
const sorted = (urls: string[]) => [...urls].sort();

/** The pages linked from the home page that a default crawl may visit (robots, files, other hosts and anchors aside). */
const homeLinksInScope = () => [
  ...main('/', '/a/', '/b/', '/blog/', '/about', '/products?id=1', '/old-page', '/error', '/slow', '/gen/', '/private/open'),
  ...on(WWW_HOST, '/b/1'),
];

describe('crawl discovery rules', () => {
  it('rule 1: by default follows only children of the start path', async () => {
    const { sources, status } = await crawlAndWait(t, { url: site.url(SITE_HOST, '/a/') });
    expect(status.status).toBe('completed');
    expect(sources).toEqual(sorted(main('/a/', '/a/1', '/a/2', '/a/deep/x')));
  });

  it('rule 2: with crawlEntireDomain also follows sibling and parent paths', async () => {
    const { sources } = await crawlAndWait(t, {
      url: site.url(SITE_HOST, '/a/'),
      crawlEntireDomain: true,
      sitemap: 'skip',
      maxDiscoveryDepth: 1,
    });
    expect(sources).toEqual(sorted(main('/a/', '/a/1', '/a/2', '/a/deep/x', '/b/', '/')));
  });

  it('rule 3: with allowSubdomains also follows subdomains of the main domain, and no other site', async () => {
    const { sources } = await crawlAndWait(t, {
      url: site.url(SITE_HOST, '/'),
      allowSubdomains: true,
      sitemap: 'skip',
      maxDiscoveryDepth: 1,
    });
    expect(sources).toEqual(sorted([...homeLinksInScope(), ...on(BLOG_HOST, '/'), ...on(DOCS_HOST, '/guide')]));
  });

  it('rule 4: with allowExternalLinks follows links to other websites, but not their home pages or social sites', async () => {
    const { sources } = await crawlAndWait(t, {
      url: site.url(SITE_HOST, '/'),
      allowExternalLinks: true,
      sitemap: 'skip',
      maxDiscoveryDepth: 1,
    });
    expect(sources).toEqual(sorted([...homeLinksInScope(), ...on(OTHER_HOST, '/article'), ...on(DOCS_HOST, '/guide')]));
  });

  it('rule 5: sitemap include adds the sitemap pages to the linked ones; skip crawls only what links reach', async () => {
    const start = site.url(DOCS_HOST, '/guide');
    const included = await crawlAndWait(t, { url: start, sitemap: 'include' });
    expect(included.sources).toEqual(sorted([...on(DOCS_HOST, '/guide', '/guide/intro'), ...site.sitemapUrls(DOCS_HOST)]));
    const skipped = await crawlAndWait(t, { url: start, sitemap: 'skip' });
    expect(skipped.sources).toEqual(sorted(on(DOCS_HOST, '/guide', '/guide/intro')));
  });

  it('rule 6: includePaths keeps only matching pathnames and excludePaths drops matching ones', async () => {
    const included = await crawlAndWait(t, {
      url: site.url(SITE_HOST, '/blog/'),
      sitemap: 'skip',
      includePaths: ['^/blog/post-[12]$'],
    });
    // The start page is out of the include pattern: its links are followed, but it is not a result.
    expect(included.sources).toEqual(sorted(main('/blog/post-1', '/blog/post-2')));
    const errors = await t.call('GET', `/v2/crawl/${included.id}/errors`);
    expect(errors.body.errors).toEqual([
      expect.objectContaining({ url: site.url(SITE_HOST, '/blog/'), error: 'URL does not match required include pattern' }),
    ]);

    const excluded = await crawlAndWait(t, { url: site.url(SITE_HOST, '/blog/'), sitemap: 'skip', excludePaths: ['post-2$'] });
    expect(excluded.sources).toEqual(sorted(main('/blog/', '/blog/post-1', '/blog/post-3')));
  });

  it('rule 7: maxDiscoveryDepth 1 with the sitemap skipped crawls the start page and the pages it links to', async () => {
    const { sources } = await crawlAndWait(t, { url: site.url(SITE_HOST, '/'), sitemap: 'skip', maxDiscoveryDepth: 1 });
    expect(sources).toEqual(sorted(homeLinksInScope()));
  });
});

describe('crawl limits and URL identity', () => {
  it('stops at limit: exactly `limit` pages of the generated section are scraped', async () => {
    const before = site.hits.length;
    const { status, sources } = await crawlAndWait(t, { url: site.url(SITE_HOST, '/gen/'), sitemap: 'skip', limit: 5 });
    expect(status.completed).toBe(5);
    expect(status.total).toBe(5);
    expect(sources).toEqual(sorted(main('/gen/', '/gen/1', '/gen/2', '/gen/3', '/gen/4')));
    expect(site.hits.slice(before).filter((hit) => /\/gen\/[5-9]$/.test(hit))).toEqual([]);
  });

  it('ignoreQueryParameters scrapes one spelling of a path, keeping its query in sourceURL', async () => {
    const start = site.url(SITE_HOST, '/products?id=1');
    const all = await crawlAndWait(t, { url: start, sitemap: 'skip' });
    expect(all.sources).toEqual(
      sorted(
        main(
          '/products?id=1',
          '/products?id=2',
          '/products?id=3',
          '/products?id=1&ref=nav',
          '/products?id=2&ref=nav',
          '/products?id=3&ref=nav',
        ),
      ),
    );
    const once = await crawlAndWait(t, { url: start, sitemap: 'skip', ignoreQueryParameters: true });
    expect(once.sources).toEqual([start]);
    expect(once.docs[0].metadata.title).toBe('Product 1');
  });

  it('deduplicateSimilarURLs crawls www, index.html and trailing-slash spellings of a page once', async () => {
    const start = site.url(SITE_HOST, '/variants/');
    const deduplicated = await crawlAndWait(t, { url: start, sitemap: 'skip' });
    expect(deduplicated.sources).toEqual(sorted(main('/variants/', '/variants/page')));

    const every = await crawlAndWait(t, { url: start, sitemap: 'skip', deduplicateSimilarURLs: false });
    expect(every.sources).toEqual(
      // Every spelling on both hosts: the www page's relative links stay on www.
      sorted(
        [SITE_HOST, WWW_HOST].flatMap((host) =>
          on(host, '/variants/', '/variants/index.html', '/variants/page', '/variants/page/', '/variants/page/index.html'),
        ),
      ),
    );
  });

  it('crawls a page linked only through section anchors once, without the fragment', async () => {
    const before = site.hits.length;
    const { sources, status } = await crawlAndWait(t, {
      url: site.url(SITE_HOST, '/about'),
      crawlEntireDomain: true,
      sitemap: 'skip',
      maxDiscoveryDepth: 1,
    });
    // /about links #team, /about#contact, /a/#top, /b/1#x and the app route /#/app/about.
    expect(sources).toEqual(sorted(main('/about', '/a/', '/b/1', '/')));
    expect(sources.some((url) => url.includes('#'))).toBe(false);
    expect(status.completed).toBe(4);
    const requested = site.hits.slice(before).filter((hit) => !hit.endsWith('/robots.txt'));
    expect(sorted(requested)).toEqual(sorted([`${SITE_HOST}/about`, `${SITE_HOST}/a/`, `${SITE_HOST}/b/1`, `${SITE_HOST}/`]));
  });

  it('regexOnFullURL matches include patterns against the whole URL', async () => {
    const start = site.url(SITE_HOST, '/blog/post-1');
    const single = await crawlAndWait(t, {
      url: start,
      regexOnFullURL: true,
      includePaths: [`^http://site\\.test:${site.port}/blog/post-1$`],
      limit: 10,
    });
    expect(single.sources).toEqual([start]);

    const section = await crawlAndWait(t, {
      url: site.url(SITE_HOST, '/blog/'),
      sitemap: 'skip',
      regexOnFullURL: true,
      includePaths: ['^http://site\\.test:\\d+/blog/(post-1)?$'],
    });
    expect(section.sources).toEqual(sorted(main('/blog/', '/blog/post-1')));
  });
});
