import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BLOG_HOST,
  OTHER_HOST,
  SITE_HOST,
  WWW_HOST,
  startCrawlSite,
  type CrawlSite,
} from '../../fixtures/crawl-site.js';
import { localResourceFetcher } from './local-resource-fetcher.js';

let site: CrawlSite;
beforeAll(async () => {
  site = await startCrawlSite({ generatedPages: 7, blogPosts: 3, slowMs: 150 });
});
afterAll(() => site.close());

describe('the crawl fixture site', () => {
  it('routes by host, serves www as an alias and records every request', async () => {
    const fetch = localResourceFetcher(site.port);
    const home = await fetch(site.url(SITE_HOST, '/'));
    const www = await fetch(site.url(WWW_HOST, '/'));
    const blog = await fetch(site.url(BLOG_HOST, '/'));
    expect(home.body.toString()).toContain('<title>Home</title>');
    expect(www.body.toString()).toBe(home.body.toString());
    expect(blog.body.toString()).toContain('<title>Blog home</title>');
    expect(site.hits.slice(-3)).toEqual([`${SITE_HOST}/`, `${WWW_HOST}/`, `${BLOG_HOST}/`]);
  });

  it('writes on each page exactly the links it reports', async () => {
    const html = (await localResourceFetcher(site.port)(site.url(SITE_HOST, '/a/'))).body.toString();
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map(
      (match) => new URL(match[1]!.replace(/&amp;/g, '&'), site.url(SITE_HOST, '/a/')).href,
    );
    expect(hrefs).toEqual(site.linksOf(SITE_HOST, '/a/'));
  });

  it('has redirecting, failing, slow, missing and generated pages', async () => {
    const fetch = localResourceFetcher(site.port);
    expect((await fetch(site.url(SITE_HOST, '/old-page'))).body.toString()).toContain('<title>New page</title>');
    expect((await fetch(site.url(SITE_HOST, '/error'))).statusCode).toBe(500);
    expect((await fetch(site.url(SITE_HOST, '/nowhere'))).statusCode).toBe(404);
    const started = Date.now();
    expect((await fetch(site.url(SITE_HOST, '/slow'))).statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(site.generatedPaths).toHaveLength(7);
    expect(site.linksOf(SITE_HOST, '/gen/')).toEqual(site.generatedPaths.map((path) => site.url(SITE_HOST, path)));
    expect(site.linksOf(SITE_HOST, '/blog/')).toEqual(site.blogPostPaths.map((path) => site.url(SITE_HOST, path)));
  });

  it('resolves only its own host names', () => {
    expect(site.hostResolver(SITE_HOST)).toBe('127.0.0.1');
    expect(site.hostResolver(OTHER_HOST)).toBe('127.0.0.1');
    expect(site.hostResolver('Blog.Site.Test')).toBe('127.0.0.1');
    expect(site.hostResolver('example.com')).toBeUndefined();
  });
});
