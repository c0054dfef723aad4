import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchRobots, parseRobots, type CrawlResourceFetcher } from '../../../src-engine/crawl/robots.js';
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

const ORIGIN = 'https://site.test';
const rulesOf = (body: string, contentType = 'text/plain', userAgent?: string) =>
  parseRobots(`${ORIGIN}/robots.txt`, body, contentType, userAgent ? { userAgent } : {});
const allowedPaths = (rules: ReturnType<typeof rulesOf>, paths: string[]) =>
  Object.fromEntries(paths.map((path) => [path, rules.isAllowed(ORIGIN + path)]));

describe('parseRobots', () => {
  it('applies the longest matching rule, Allow winning ties, with * and $ patterns', () => {
    const rules = rulesOf(
      'User-agent: *\nDisallow: /shop/\nAllow: /shop/public\nDisallow: /*.json$\nDisallow: /*?sort=\n',
    );
    expect(
      allowedPaths(rules, [
        '/',
        '/shop/cart',
        '/shop/public/1',
        '/api/data.json',
        '/api/data.json?x',
        '/list?sort=asc',
        '/list?page=2',
      ]),
    ).toEqual({
      '/': true,
      '/shop/cart': false,
      '/shop/public/1': true,
      '/api/data.json': false,
      '/api/data.json?x': true,
      '/list?sort=asc': false,
      '/list?page=2': true,
    });
  });

  it('uses the TrawlBot group instead of * when the file has one', () => {
    const body = 'User-agent: *\nDisallow: /\n\nUser-agent: trawlbot/2.0\nDisallow: /admin\n';
    expect(allowedPaths(rulesOf(body), ['/page', '/admin'])).toEqual({ '/page': true, '/admin': false });
  });

  it('falls back to the * group for TrawlBot', () => {
    const body = 'User-agent: OtherBot\nDisallow: /\n\nUser-agent: *\nDisallow: /admin\n';
    expect(allowedPaths(rulesOf(body), ['/page', '/admin'])).toEqual({ '/page': true, '/admin': false });
  });

  it('evaluates the token named by robotsUserAgent', () => {
    const body = 'User-agent: *\nDisallow: /admin\n\nUser-agent: ResearchBot\nDisallow: /\n';
    expect(rulesOf(body, 'text/plain', 'ResearchBot').isAllowed(`${ORIGIN}/page`)).toBe(false);
    expect(rulesOf(body).isAllowed(`${ORIGIN}/page`)).toBe(true);
  });

  it('denies /path when /path/ is disallowed, without touching /pathology', () => {
    const rules = rulesOf('User-agent: *\nDisallow: /private/\n');
    expect(
      allowedPaths(rules, ['/private', '/private/', '/private/x', '/private?x=1', '/privateer', '/pathology']),
    ).toEqual({
      '/private': false,
      '/private/': false,
      '/private/x': false,
      '/private?x=1': false,
      '/privateer': true,
      '/pathology': true,
    });
  });

  it('governs only its own host, ignoring scheme, port and www', () => {
    const rules = rulesOf('User-agent: *\nDisallow: /x\n');
    expect(rules.isAllowed('http://site.test:8080/x')).toBe(false);
    expect(rules.isAllowed('https://www.site.test/x')).toBe(false);
    expect(rules.isAllowed(new URL('https://site.test/x/y'))).toBe(false);
    expect(rules.isAllowed('https://blog.site.test/x')).toBe(true);
    expect(rules.isAllowed('https://other.test/x')).toBe(true);
    expect(rules.isAllowed('not a url')).toBe(true);
  });

  it('matches percent-encoded and non-ASCII paths alike', () => {
    const rules = rulesOf('User-agent: *\nDisallow: /café\n');
    expect(rules.isAllowed(`${ORIGIN}/café/menu`)).toBe(false);
    expect(rules.isAllowed(`${ORIGIN}/caf%C3%A9/menu`)).toBe(false);
  });

  it('lists absolute http(s) sitemaps once each, resolving relative ones', () => {
    const rules = rulesOf(
      'Sitemap: https://site.test/a.xml\nsitemap: /b.xml\nSitemap: https://site.test/a.xml\nSitemap: ftp://site.test/c.xml\nSitemap:\n',
    );
    expect(rules.sitemaps).toEqual(['https://site.test/a.xml', 'https://site.test/b.xml']);
  });

  it('reads Crawl-delay of the applicable group', () => {
    expect(rulesOf('User-agent: *\nCrawl-delay: 2.5\n').crawlDelaySeconds).toBe(2.5);
    expect(rulesOf('User-agent: TrawlBot\nCrawl-delay: 1\n\nUser-agent: *\nCrawl-delay: 9\n').crawlDelaySeconds).toBe(
      1,
    );
    expect(rulesOf('User-agent: *\nCrawl-delay: soon\n').crawlDelaySeconds).toBeUndefined();
    expect(rulesOf('User-agent: *\nDisallow:\n').crawlDelaySeconds).toBeUndefined();
  });

  it('treats HTML, JSON and XML answers as an empty file', () => {
    const disallowAll = 'User-agent: *\nDisallow: /\n';
    expect(
      rulesOf(
        `<!doctype html><html><body><pre>${disallowAll}</pre></body></html>`,
        'text/html; charset=utf-8',
      ).isAllowed(`${ORIGIN}/x`),
    ).toBe(true);
    expect(rulesOf(disallowAll, 'application/json').isAllowed(`${ORIGIN}/x`)).toBe(true);
    expect(rulesOf(disallowAll, 'application/xml').isAllowed(`${ORIGIN}/x`)).toBe(true);
    // A real robots file mislabelled as HTML is still obeyed.
    expect(rulesOf(disallowAll, 'text/html').isAllowed(`${ORIGIN}/x`)).toBe(false);
  });

  it('allows everything for an empty file or an empty Disallow', () => {
    expect(rulesOf('').isAllowed(`${ORIGIN}/x`)).toBe(true);
    expect(rulesOf('User-agent: *\nDisallow:\n').isAllowed(`${ORIGIN}/x`)).toBe(true);
  });

  it('survives malformed files: NUL bytes, stray text, non-breaking spaces, BOM and CR line ends', () => {
    const body =
      '\uFEFFUser-agent: *\r\nDisallow:\u00a0/nbsp/\u00a0\r\n\0\0garbage without colon\r\nDisallow: /nul\0/\rAllow :: odd\n:\n\u00a0\n';
    const rules = rulesOf(body);
    expect(rules.isAllowed(`${ORIGIN}/nbsp/page`)).toBe(false);
    expect(rules.isAllowed(`${ORIGIN}/fine`)).toBe(true);
    const binary = String.fromCharCode(...Array.from({ length: 2000 }, (_, i) => (i * 37) % 256));
    expect(() => rulesOf(binary).isAllowed(`${ORIGIN}/x`)).not.toThrow();
  });

  it('reads only the first 512 KiB of a huge file', () => {
    const filler = '# padding\n'.repeat(60_000);
    const rules = rulesOf(`User-agent: *\nDisallow: /early\n${filler}Disallow: /late\n`);
    expect(rules.isAllowed(`${ORIGIN}/early`)).toBe(false);
    expect(rules.isAllowed(`${ORIGIN}/late`)).toBe(true);
  });
});

describe('fetchRobots', () => {
  let site: CrawlSite;
  beforeAll(async () => {
    site = await startCrawlSite();
  });
  afterAll(() => site.close());

  it('reads rules and sitemaps from <origin>/robots.txt', async () => {
    const requested: string[] = [];
    const rules = await fetchRobots(
      `${site.origin(SITE_HOST)}/some/page?x=1`,
      localResourceFetcher(site.port, requested),
    );
    expect(requested).toEqual([`${site.origin(SITE_HOST)}/robots.txt`]);
    expect(rules.isAllowed(site.url(SITE_HOST, '/private/secret'))).toBe(false);
    expect(rules.isAllowed(site.url(SITE_HOST, '/private/open'))).toBe(true);
    expect(rules.isAllowed(site.url(WWW_HOST, '/private/'))).toBe(false);
    expect(rules.sitemaps).toEqual([site.url(SITE_HOST, '/sitemap.xml'), site.url(SITE_HOST, '/sitemaps/news.xml')]);
  });

  it('evaluates the robotsUserAgent token', async () => {
    const rules = await fetchRobots(site.origin(SITE_HOST), localResourceFetcher(site.port), {
      userAgent: 'StrictBot',
    });
    expect(rules.isAllowed(site.url(SITE_HOST, '/'))).toBe(false);
  });

  it('allows everything when robots.txt is an HTML page, missing (4xx) or failing (5xx)', async () => {
    for (const host of [BLOG_HOST, DOCS_HOST, OTHER_HOST]) {
      const rules = await fetchRobots(site.origin(host), localResourceFetcher(site.port));
      expect(rules.isAllowed(site.url(host, '/anything'))).toBe(true);
      expect(rules.sitemaps).toEqual([]);
    }
  });

  it('allows everything when the fetch fails', async () => {
    const failing: CrawlResourceFetcher = () => Promise.reject(new Error('connection refused'));
    expect((await fetchRobots(site.origin(SITE_HOST), failing)).isAllowed(site.url(SITE_HOST, '/private/x'))).toBe(
      true,
    );
  });

  it('decodes bodies that are not UTF-8 without failing', async () => {
    const latin1 = Buffer.concat([
      Buffer.from('User-agent: *\nDisallow: /caf'),
      Buffer.from([0xe9, 0xff, 0x00]),
      Buffer.from('\nDisallow: /admin\n'),
    ]);
    const fetcher: CrawlResourceFetcher = async () => ({
      statusCode: 200,
      contentType: 'text/plain; charset=iso-8859-1',
      body: latin1,
    });
    const rules = await fetchRobots('https://site.test', fetcher);
    expect(rules.isAllowed('https://site.test/admin')).toBe(false);
    expect(rules.isAllowed('https://site.test/page')).toBe(true);
  });
});
