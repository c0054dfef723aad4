import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchRobots, type CrawlResourceFetcher } from '../../../src-engine/crawl/robots.js';
import { discoverSitemapUrls } from '../../../src-engine/crawl/sitemap.js';
import {
  BLOG_HOST,
  DOCS_HOST,
  OTHER_HOST,
  SITE_HOST,
  startCrawlSite,
  type CrawlSite,
} from '../../fixtures/crawl-site.js';
import { localResourceFetcher } from './local-resource-fetcher.js';

let site: CrawlSite;
beforeAll(async () => {
  site = await startCrawlSite();
});
afterAll(() => site.close());

const sorted = (urls: string[]) => [...urls].sort();

describe('discoverSitemapUrls against the fixture site', () => {
  it('finds every page of the start sitemap and the robots.txt sitemaps, through indexes, gzip and text', async () => {
    const requested: string[] = [];
    const fetchResource = localResourceFetcher(site.port, requested);
    const robots = await fetchRobots(site.origin(SITE_HOST), fetchResource);
    const urls = await discoverSitemapUrls(site.url(SITE_HOST, '/'), {
      robotsSitemaps: robots.sitemaps,
      fetchResource,
    });

    expect(sorted(urls)).toEqual(sorted(site.sitemapUrls(SITE_HOST)));
    expect(new Set(urls).size).toBe(urls.length);
    const documents = requested.filter((url) => !url.endsWith('/robots.txt'));
    expect(sorted(documents)).toEqual(
      sorted(
        [
          '/sitemap.xml',
          '/sitemaps/news.xml',
          '/sitemaps/pages.xml',
          '/sitemaps/blog.xml.gz',
          '/sitemaps/extra.txt',
          '/sitemaps/archive',
          '/sitemaps/missing.xml',
          '/sitemaps/broken.xml',
          '/sitemaps/nested.xml',
        ].map((path) => site.url(SITE_HOST, path)),
      ),
    );
  });

  it('skips file URLs, non-http entries and sitemaps answering 4xx or 5xx', async () => {
    const urls = await discoverSitemapUrls(site.url(SITE_HOST, '/'), {
      robotsSitemaps: [],
      fetchResource: localResourceFetcher(site.port),
    });
    expect(urls).not.toContain(site.url(SITE_HOST, '/img/logo.png'));
    expect(urls).not.toContain(site.url(SITE_HOST, '/never-listed'));
    expect(urls.every((url) => url.startsWith('http://'))).toBe(true);
  });

  it('appends sitemap.xml to the start URL path and falls back to the origin when that lists nothing', async () => {
    const requested: string[] = [];
    const urls = await discoverSitemapUrls(site.url(DOCS_HOST, '/guide?tab=1#top'), {
      robotsSitemaps: [],
      fetchResource: localResourceFetcher(site.port, requested),
    });
    expect(requested.slice(0, 2)).toEqual([
      site.url(DOCS_HOST, '/guide/sitemap.xml'),
      site.url(DOCS_HOST, '/sitemap.xml'),
    ]);
    // The failed first document counts toward the cap of 20: the index and 18 parts are read.
    expect(urls).toEqual(site.sitemapUrls(DOCS_HOST, 18));
  });

  it('does not fall back to the origin when the start or robots sitemaps list pages', async () => {
    const requested: string[] = [];
    const urls = await discoverSitemapUrls(site.url(SITE_HOST, '/a/'), {
      robotsSitemaps: [site.url(SITE_HOST, '/sitemaps/nested.xml')],
      fetchResource: localResourceFetcher(site.port, requested),
    });
    expect(requested).toEqual([site.url(SITE_HOST, '/a/sitemap.xml'), site.url(SITE_HOST, '/sitemaps/nested.xml')]);
    expect(urls).toEqual([site.url(SITE_HOST, '/sitemap-only/3')]);
  });

  it('reads a start URL ending in .xml as the sitemap itself', async () => {
    const requested: string[] = [];
    const urls = await discoverSitemapUrls(site.url(OTHER_HOST, '/feeds/map.xml'), {
      robotsSitemaps: [],
      fetchResource: localResourceFetcher(site.port, requested),
    });
    expect(requested).toEqual([site.url(OTHER_HOST, '/feeds/map.xml')]);
    expect(urls).toEqual(site.sitemapUrls(OTHER_HOST));
  });

  it('returns nothing for a site without sitemaps', async () => {
    const requested: string[] = [];
    const urls = await discoverSitemapUrls(site.url(BLOG_HOST, '/post/1'), {
      robotsSitemaps: [],
      fetchResource: localResourceFetcher(site.port, requested),
    });
    expect(urls).toEqual([]);
    expect(requested).toEqual([site.url(BLOG_HOST, '/post/1/sitemap.xml'), site.url(BLOG_HOST, '/sitemap.xml')]);
  });

  it('reads at most 20 sitemap documents by default, and maxDocuments when given', async () => {
    const fetchResource = localResourceFetcher(site.port);
    const byDefault = await discoverSitemapUrls(site.url(DOCS_HOST, '/'), { robotsSitemaps: [], fetchResource });
    expect(byDefault).toEqual(site.sitemapUrls(DOCS_HOST, 19));
    const requested: string[] = [];
    const capped = await discoverSitemapUrls(site.url(DOCS_HOST, '/'), {
      robotsSitemaps: [],
      fetchResource: localResourceFetcher(site.port, requested),
      maxDocuments: 5,
    });
    expect(capped).toEqual(site.sitemapUrls(DOCS_HOST, 4));
    expect(requested).toHaveLength(5);
  });

  it('stops once maxUrls pages are found', async () => {
    const urls = await discoverSitemapUrls(site.url(DOCS_HOST, '/'), {
      robotsSitemaps: [],
      fetchResource: localResourceFetcher(site.port),
      maxUrls: 3,
    });
    expect(urls).toEqual(site.sitemapUrls(DOCS_HOST, 3));
  });
});

describe('discoverSitemapUrls with unusual answers', () => {
  const serve =
    (
      documents: Record<string, { body: Buffer | string; statusCode?: number; contentType?: string }>,
    ): CrawlResourceFetcher =>
    async (url) => {
      const document = documents[url];
      if (!document) return { statusCode: 404, contentType: 'text/html', body: Buffer.from('<html>missing</html>') };
      return {
        statusCode: document.statusCode ?? 200,
        contentType: document.contentType ?? 'application/xml',
        body: Buffer.from(document.body),
      };
    };

  it('recognises gzip by its bytes and treats .xml locations in a urlset as nested sitemaps', async () => {
    const fetchResource = serve({
      'https://a.test/sitemap.xml': {
        body: gzipSync(
          '<urlset><url><loc>https://a.test/1</loc></url><url><loc> https://a.test/more.xml </loc></url></urlset>',
        ),
        contentType: 'application/octet-stream',
      },
      'https://a.test/more.xml': {
        body: '<urlset><url><loc><![CDATA[https://a.test/2?x=1&y=2]]></loc></url></urlset>',
      },
    });
    expect(await discoverSitemapUrls('https://a.test/', { robotsSitemaps: [], fetchResource })).toEqual([
      'https://a.test/1',
      'https://a.test/2?x=1&y=2',
    ]);
  });

  it('reads namespaced tags and ignores image entries', async () => {
    const body = `<?xml version="1.0"?><sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
      <sm:url><sm:loc>https://a.test/gallery</sm:loc><image:image><image:loc>https://a.test/photo.jpg</image:loc></image:image></sm:url></sm:urlset>`;
    const urls = await discoverSitemapUrls('https://a.test/', {
      robotsSitemaps: [],
      fetchResource: serve({ 'https://a.test/sitemap.xml': { body } }),
    });
    expect(urls).toEqual(['https://a.test/gallery']);
  });

  it('lists nothing for an HTML page, broken XML or corrupt gzip answered with 200', async () => {
    const fetchResource = serve({
      'https://a.test/sitemap.xml': {
        body: '<!doctype html><html><body>Welcome</body></html>',
        contentType: 'text/html',
      },
      'https://a.test/broken.xml': { body: '<urlset><url><loc>https://a.test/ok</loc></url><url><loc>' },
      'https://a.test/corrupt.xml.gz': { body: Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x01, 0x02]) },
    });
    const urls = await discoverSitemapUrls('https://a.test/', {
      robotsSitemaps: ['https://a.test/broken.xml', 'https://a.test/corrupt.xml.gz'],
      fetchResource,
    });
    expect(urls).toEqual(['https://a.test/ok']);
  });

  it('does not loop on an index that lists itself', async () => {
    let fetches = 0;
    const index =
      '<sitemapindex><sitemap><loc>https://a.test/sitemap.xml</loc></sitemap><sitemap><loc>https://a.test/p.xml</loc></sitemap></sitemapindex>';
    const inner = serve({
      'https://a.test/sitemap.xml': { body: index },
      'https://a.test/p.xml': { body: '<urlset><url><loc>https://a.test/p</loc></url></urlset>' },
    });
    const fetchResource: CrawlResourceFetcher = (url, options) => {
      fetches += 1;
      return inner(url, options);
    };
    expect(await discoverSitemapUrls('https://a.test/', { robotsSitemaps: [], fetchResource })).toEqual([
      'https://a.test/p',
    ]);
    expect(fetches).toBe(2);
  });

  it('returns what it found when the time budget runs out', async () => {
    const fast = serve({
      'https://a.test/sitemap.xml': { body: '<urlset><url><loc>https://a.test/1</loc></url></urlset>' },
    });
    const fetchResource: CrawlResourceFetcher = (url, options) =>
      url.endsWith('/hanging.xml') ? new Promise(() => undefined) : fast(url, options);
    const started = Date.now();
    const urls = await discoverSitemapUrls('https://a.test/', {
      robotsSitemaps: ['https://a.test/hanging.xml'],
      fetchResource,
      timeoutMs: 200,
    });
    expect(urls).toEqual(['https://a.test/1']);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    const fetchResource: CrawlResourceFetcher = () => {
      controller.abort();
      return new Promise(() => undefined);
    };
    expect(
      await discoverSitemapUrls('https://a.test/', { robotsSitemaps: [], fetchResource, signal: controller.signal }),
    ).toEqual([]);
  });
});
