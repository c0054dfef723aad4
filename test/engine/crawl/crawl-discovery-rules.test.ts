import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchRobots, type RobotsRules } from '../../../src-engine/crawl/robots.js';
import { createCrawlScope, type CrawlScopeOptions, type DenialReason } from '../../../src-engine/crawl/scope.js';
import { discoverSitemapUrls } from '../../../src-engine/crawl/sitemap.js';
import {
  BLOG_HOST,
  DOCS_HOST,
  OTHER_HOST,
  SITE_HOST,
  WWW_HOST,
  startCrawlSite,
  type CrawlSite,
} from '../../fixtures/crawl-site.js';
import { localResourceFetcher } from './local-resource-fetcher.js';

type Verdict = 'allowed' | DenialReason;

let site: CrawlSite;
let robots: RobotsRules;

beforeAll(async () => {
  site = await startCrawlSite();
  robots = await fetchRobots(site.origin(SITE_HOST), localResourceFetcher(site.port));
});
afterAll(() => site.close());

function options(startPath: string, overrides: Partial<CrawlScopeOptions> = {}): CrawlScopeOptions {
  return {
    startUrl: site.url(SITE_HOST, startPath),
    includePaths: [],
    excludePaths: [],
    regexOnFullURL: false,
    crawlEntireDomain: false,
    allowSubdomains: false,
    allowExternalLinks: false,
    ...overrides,
  };
}

/** The verdict on every link of a fixture page, keyed by the link as found. */
function verdicts(scopeOptions: CrawlScopeOptions, host: string, path: string, fromDepth = 0): Record<string, Verdict> {
  const scope = createCrawlScope(scopeOptions);
  const fromUrl = site.url(host, path);
  const result: Record<string, Verdict> = {};
  for (const link of site.linksOf(host, path)) {
    const decision = scope.check(link, { fromUrl, fromDepth, robots });
    result[link] = decision.allowed ? 'allowed' : decision.reason;
  }
  return result;
}

const allowedOf = (table: Record<string, Verdict>): string[] =>
  Object.entries(table)
    .filter(([, verdict]) => verdict === 'allowed')
    .map(([link]) => link)
    .sort();

describe('crawl discovery rules', () => {
  it('rule 1: follows only children of the start path by default', () => {
    const s = site.origin(SITE_HOST);
    expect(verdicts(options('/a/'), SITE_HOST, '/a/')).toEqual({
      [`${s}/a/1`]: 'allowed',
      [`${s}/a/2`]: 'allowed',
      [`${s}/a/deep/x`]: 'allowed',
      [`${s}/b/`]: 'URL cannot be crawled unless crawlEntireDomain is set to true',
      [`${s}/`]: 'URL cannot be crawled unless crawlEntireDomain is set to true',
      [`${s}/a/1#intro`]: 'URL contains section anchor (#)',
      [`${s}/a/index.html`]: 'allowed',
    });
  });

  it('rule 2: follows sibling and parent paths with crawlEntireDomain', () => {
    const s = site.origin(SITE_HOST);
    expect(allowedOf(verdicts(options('/a/', { crawlEntireDomain: true }), SITE_HOST, '/a/'))).toEqual(
      [`${s}/`, `${s}/a/1`, `${s}/a/2`, `${s}/a/deep/x`, `${s}/a/index.html`, `${s}/b/`].sort(),
    );
  });

  it('rule 3: follows subdomains of the main domain with allowSubdomains, and no other site', () => {
    const withSubdomains = verdicts(options('/', { allowSubdomains: true }), SITE_HOST, '/');
    const without = verdicts(options('/'), SITE_HOST, '/');
    expect(withSubdomains[`${site.origin(BLOG_HOST)}/`]).toBe('allowed');
    expect(withSubdomains[`${site.origin(DOCS_HOST)}/guide`]).toBe('allowed');
    expect(withSubdomains[`${site.origin(OTHER_HOST)}/article`]).toBe('External URL not allowed');
    expect(without[`${site.origin(BLOG_HOST)}/`]).toBe('External URL not allowed');
    expect(without[`${site.origin(DOCS_HOST)}/guide`]).toBe('External URL not allowed');
  });

  it('rule 4: follows links to other websites with allowExternalLinks, but not their home pages or social sites', () => {
    const table = verdicts(options('/', { allowExternalLinks: true }), SITE_HOST, '/');
    expect(table[`${site.origin(OTHER_HOST)}/article`]).toBe('allowed');
    expect(table[`${site.origin(BLOG_HOST)}/`]).toBe('External URL not allowed');
    expect(table[`${site.origin(OTHER_HOST)}/`]).toBe('External URL not allowed');
    expect(table['https://www.facebook.com/trawl']).toBe('URL is a social media or email link');
    expect(table['https://github.com/trawl/trawl']).toBe('URL is a social media or email link');
    expect(table['mailto:hello@site.test']).toBe('URL is a social media or email link');
    expect(verdicts(options('/'), SITE_HOST, '/')[`${site.origin(OTHER_HOST)}/article`]).toBe(
      'External URL not allowed',
    );
  });

  it('rule 5: sitemap pages join the crawl at depth 0 alongside linked pages', async () => {
    const scope = createCrawlScope(options('/'));
    const fromSitemap = await discoverSitemapUrls(scope.startUrl, {
      robotsSitemaps: robots.sitemaps,
      fetchResource: localResourceFetcher(site.port),
    });
    const admitted = fromSitemap.filter((url) => scope.checkSitemapUrl(url, robots).allowed);
    expect(admitted.sort()).toEqual(site.sitemapUrls(SITE_HOST).sort());
    const linked = new Set(site.linksOf(SITE_HOST, '/'));
    expect(admitted.filter((url) => url.includes('/sitemap-only/')).every((url) => !linked.has(url))).toBe(true);
  });

  it('rule 6: includePaths and excludePaths are regular expressions on the pathname', () => {
    const s = site.origin(SITE_HOST);
    expect(allowedOf(verdicts(options('/', { includePaths: ['^/(blog|about)'] }), SITE_HOST, '/'))).toEqual(
      [`${s}/about`, `${s}/blog/`].sort(),
    );
    const excluded = verdicts(options('/', { excludePaths: ['^/(a|b)/', 'old'] }), SITE_HOST, '/');
    expect(excluded[`${s}/a/`]).toBe('URL matches exclude pattern');
    expect(excluded[`${s}/b/`]).toBe('URL matches exclude pattern');
    expect(excluded[`${s}/old-page`]).toBe('URL matches exclude pattern');
    expect(excluded[`${s}/blog/`]).toBe('allowed');
    expect(excluded[`${site.origin(WWW_HOST)}/b/1`]).toBe('URL matches exclude pattern');
  });

  it('rule 7: with maxDiscoveryDepth 1 the start page emits links and the pages it links to emit none', () => {
    const s = site.origin(SITE_HOST);
    const scopeOptions = options('/', { maxDiscoveryDepth: 1 });
    expect(verdicts(scopeOptions, SITE_HOST, '/', 0)[`${s}/a/`]).toBe('allowed');
    expect(Object.values(verdicts(scopeOptions, SITE_HOST, '/a/', 1))).toEqual(
      site.linksOf(SITE_HOST, '/a/').map(() => 'Maximum discovery depth reached'),
    );
    expect(createCrawlScope(scopeOptions).checkStart(`${s}/`, robots)).toEqual({ allowed: true });
  });

  it('decides every link of the home page with the default options', () => {
    const s = site.origin(SITE_HOST);
    const external = 'External URL not allowed';
    const fileType = 'URL points to a file type that is not crawled';
    expect(verdicts(options('/'), SITE_HOST, '/')).toEqual({
      [`${s}/a/`]: 'allowed',
      [`${s}/b/`]: 'allowed',
      [`${s}/blog/`]: 'allowed',
      [`${s}/about`]: 'allowed',
      [`${s}/products?id=1`]: 'allowed',
      [`${s}/old-page`]: 'allowed',
      [`${s}/error`]: 'allowed',
      [`${s}/slow`]: 'allowed',
      [`${s}/gen/`]: 'allowed',
      [`${s}/private/secret`]: 'URL blocked by robots.txt',
      [`${s}/private`]: 'URL blocked by robots.txt',
      [`${s}/private/open`]: 'allowed',
      [`${s}/index.html`]: 'allowed',
      [`${s}/#/app/settings`]: 'allowed',
      [`${s}/img/logo.png`]: fileType,
      [`${s}/assets/style.css`]: fileType,
      [`${s}/downloads/archive.zip`]: fileType,
      [`${s}/report.pdf`]: 'allowed',
      [`${site.origin(BLOG_HOST)}/`]: external,
      [`${site.origin(DOCS_HOST)}/guide`]: external,
      [`${site.origin(OTHER_HOST)}/article`]: external,
      [`${site.origin(OTHER_HOST)}/`]: external,
      [`${site.origin(WWW_HOST)}/b/1`]: 'allowed',
      'https://www.facebook.com/trawl': 'URL is a social media or email link',
      'https://github.com/trawl/trawl': 'URL is a social media or email link',
      'mailto:hello@site.test': 'URL is a social media or email link',
      'tel:+15550100': 'URL could not be parsed',
      'javascript:void(0)': 'URL could not be parsed',
    });
  });

  it('denies section anchors but keeps single-page-app routes', () => {
    const s = site.origin(SITE_HOST);
    expect(verdicts(options('/'), SITE_HOST, '/about')).toEqual({
      [`${s}/about#team`]: 'URL contains section anchor (#)',
      [`${s}/about#contact`]: 'URL contains section anchor (#)',
      [`${s}/a/#top`]: 'URL contains section anchor (#)',
      [`${s}/b/1#x`]: 'URL contains section anchor (#)',
      [`${s}/#/app/about`]: 'allowed',
    });
  });
});
