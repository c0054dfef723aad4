import { describe, expect, it } from 'vitest';
import { parseRobots } from '../../../src-engine/crawl/robots.js';
import { START, judge, scopeOf } from './scope-verdicts.js';

describe('internal links', () => {
  it('ignore scheme, port and a leading www', () => {
    const links = [
      'http://site.test/a',
      'https://www.site.test/b',
      'https://site.test:8443/c',
      'http://WWW.SITE.TEST:80/d',
    ];
    expect(Object.values(judge({}, links))).toEqual(['allowed', 'allowed', 'allowed', 'allowed']);
  });

  it('are judged against the page they were found on', () => {
    const scope = scopeOf({ allowSubdomains: true });
    const onBlog = { fromUrl: 'https://blog.site.test/post/1', fromDepth: 1 };
    expect(scope.check('https://blog.site.test/post/2#comments', onBlog)).toEqual({
      allowed: false,
      reason: 'URL contains section anchor (#)',
    });
    expect(scope.check('https://blog.site.test/post/2', onBlog)).toEqual({ allowed: true });
    expect(scope.check('https://site.test/a/', onBlog)).toEqual({ allowed: true });
  });

  it('deny unparsable and non-http URLs', () => {
    expect(judge({}, ['http://', 'ftp://site.test/file', 'data:text/html,hi'])).toEqual({
      'http://': 'URL could not be parsed',
      'ftp://site.test/file': 'URL could not be parsed',
      'data:text/html,hi': 'URL could not be parsed',
    });
  });
});

describe('allowSubdomains', () => {
  it("admits hosts of the start URL's registrable domain only", () => {
    const links = [
      'https://blog.site.test/x',
      'https://deep.docs.site.test/x',
      'https://site.test.evil.test/x',
      'https://othersite.test/x',
      'https://test/x',
    ];
    expect(
      judge({ startUrl: 'https://www.site.test/', allowSubdomains: true }, links, 'https://www.site.test/'),
    ).toEqual({
      'https://blog.site.test/x': 'allowed',
      'https://deep.docs.site.test/x': 'allowed',
      'https://site.test.evil.test/x': 'External URL not allowed',
      'https://othersite.test/x': 'External URL not allowed',
      'https://test/x': 'External URL not allowed',
    });
  });

  it('uses the public suffix list', () => {
    const start = 'https://shop.example.co.uk/';
    expect(
      judge(
        { startUrl: start, allowSubdomains: true },
        ['https://blog.example.co.uk/x', 'https://other.co.uk/x', 'https://example.co.uk/x'],
        start,
      ),
    ).toEqual({
      'https://blog.example.co.uk/x': 'allowed',
      'https://other.co.uk/x': 'External URL not allowed',
      'https://example.co.uk/x': 'allowed',
    });
  });

  it('treats IP literals and single-label hosts as having no subdomains', () => {
    const ip = 'http://127.0.0.1:3000/';
    expect(
      judge({ startUrl: ip, allowSubdomains: true }, ['http://127.0.0.1:4000/x', 'http://127.0.0.2:3000/x'], ip),
    ).toEqual({
      'http://127.0.0.1:4000/x': 'allowed',
      'http://127.0.0.2:3000/x': 'External URL not allowed',
    });
    const local = 'http://localhost:3000/';
    expect(
      judge(
        { startUrl: local, allowSubdomains: true },
        ['http://localhost:3000/x', 'http://blog.localhost:3000/x'],
        local,
      ),
    ).toEqual({
      'http://localhost:3000/x': 'allowed',
      'http://blog.localhost:3000/x': 'External URL not allowed',
    });
  });
});

describe('allowExternalLinks', () => {
  it('follows external pages but not bare home pages', () => {
    const links = [
      'https://other.test/',
      'https://other.test',
      'https://other.test/?q=1',
      'https://other.test/page',
      'https://other.test/#/route',
    ];
    expect(judge({ allowExternalLinks: true }, links)).toEqual({
      'https://other.test/': 'External URL not allowed',
      'https://other.test': 'External URL not allowed',
      'https://other.test/?q=1': 'allowed',
      'https://other.test/page': 'allowed',
      'https://other.test/#/route': 'External URL not allowed',
    });
  });

  it("follows external links only from pages of the crawl's own site", () => {
    const scope = scopeOf({ allowExternalLinks: true });
    const onOther = { fromUrl: 'https://other.test/page', fromDepth: 1 };
    expect(scope.check('https://third.test/x', onOther)).toEqual({
      allowed: false,
      reason: 'External URL not allowed',
    });
    expect(scope.check('https://other.test/more', onOther)).toEqual({ allowed: true });
    expect(scope.check('https://third.test/x', { fromUrl: 'https://www.site.test/a', fromDepth: 1 })).toEqual({
      allowed: true,
    });
  });

  it('never follows social networks or e-mail links', () => {
    const social = [
      'https://facebook.com/p',
      'https://m.facebook.com/p',
      'https://twitter.com/p',
      'https://www.linkedin.com/in/p',
      'https://instagram.com/p',
      'https://pinterest.com/p',
      'https://github.com/p',
      'https://calendly.com/p',
      'https://discord.gg/p',
      'https://discord.com/p',
      'mailto:someone@site.test',
      'MAILTO:someone@site.test',
    ];
    for (const allowExternalLinks of [true, false]) {
      const table = judge({ allowExternalLinks }, social);
      expect(Object.values(table)).toEqual(social.map(() => 'URL is a social media or email link'));
    }
    expect(judge({ allowExternalLinks: true }, ['https://notfacebook.com/p'])).toEqual({
      'https://notfacebook.com/p': 'allowed',
    });
  });

  it('does not apply the section-anchor rule to external links', () => {
    expect(judge({ allowExternalLinks: true }, ['https://other.test/page#part'])).toEqual({
      'https://other.test/page#part': 'allowed',
    });
  });
});

describe('maxDiscoveryDepth', () => {
  it('denies every link of a page at the maximum depth', () => {
    const links = ['https://site.test/a', 'https://other.test/x', 'mailto:a@b.test'];
    expect(Object.values(judge({ maxDiscoveryDepth: 2 }, links, START, 2))).toEqual(
      links.map(() => 'Maximum discovery depth reached'),
    );
    expect(judge({ maxDiscoveryDepth: 2 }, ['https://site.test/a'], START, 1)).toEqual({
      'https://site.test/a': 'allowed',
    });
    expect(judge({}, ['https://site.test/a'], START, 500)).toEqual({ 'https://site.test/a': 'allowed' });
  });

  it('with 0, blocks sitemap URLs but not the start URL', () => {
    const scope = scopeOf({ maxDiscoveryDepth: 0 });
    expect(scope.checkSitemapUrl('https://site.test/a')).toEqual({
      allowed: false,
      reason: 'Maximum discovery depth reached',
    });
    expect(scope.checkStart(START)).toEqual({ allowed: true });
  });
});

describe('robots.txt', () => {
  const robots = parseRobots(
    'https://site.test/robots.txt',
    'User-agent: *\nDisallow: /private/\nDisallow: /drafts\n',
    'text/plain',
  );

  it('denies disallowed links with the robots reason, also through the www alias', () => {
    const scope = scopeOf();
    const from = { fromUrl: START, fromDepth: 0, robots };
    expect(scope.check('https://site.test/private/x', from)).toEqual({
      allowed: false,
      reason: 'URL blocked by robots.txt',
    });
    expect(scope.check('https://www.site.test/drafts/1', from)).toEqual({
      allowed: false,
      reason: 'URL blocked by robots.txt',
    });
    expect(scope.check('https://site.test/public', from)).toEqual({ allowed: true });
  });

  it('reports a URL as robots-blocked only when nothing else denies it', () => {
    const scope = scopeOf({ excludePaths: ['^/private/excluded'], includePaths: ['^/private'] });
    const from = { fromUrl: START, fromDepth: 0, robots };
    expect(scope.check('https://site.test/private/excluded', from)).toEqual({
      allowed: false,
      reason: 'URL matches exclude pattern',
    });
    expect(scope.check('https://site.test/private/x.png', from)).toEqual({
      allowed: false,
      reason: 'URL points to a file type that is not crawled',
    });
    expect(scope.check('https://site.test/private/page', from)).toEqual({
      allowed: false,
      reason: 'URL blocked by robots.txt',
    });
  });

  it("does not apply one host's rules to another host", () => {
    const scope = scopeOf({ allowSubdomains: true });
    expect(scope.check('https://blog.site.test/private/x', { fromUrl: START, fromDepth: 0, robots })).toEqual({
      allowed: true,
    });
  });

  it('fails the start URL it disallows, and is skipped when ignoreRobotsTxt leaves it out', () => {
    const scope = scopeOf({ startUrl: 'https://site.test/private/' });
    expect(scope.checkStart('https://site.test/private/', robots)).toEqual({
      allowed: false,
      reason: 'URL blocked by robots.txt',
    });
    expect(scope.checkStart('https://site.test/private/')).toEqual({ allowed: true });
  });
});

describe('speed', () => {
  it('decides 100 000 links in well under three seconds', () => {
    const scope = scopeOf({
      includePaths: ['^/(a|b|blog)'],
      excludePaths: ['draft', '^/tmp'],
      allowSubdomains: true,
      maxDiscoveryDepth: 10,
    });
    const robots = parseRobots(START, 'User-agent: *\nDisallow: /a/private/\n', 'text/plain');
    const links = Array.from({ length: 100_000 }, (_, i) =>
      i % 3 === 0
        ? `https://site.test/a/${i}`
        : i % 3 === 1
          ? `https://blog.site.test/blog/${i}?p=${i}`
          : `https://other${i % 50}.test/x/${i}`,
    );
    const started = performance.now();
    let allowed = 0;
    for (const link of links) if (scope.check(link, { fromUrl: START, fromDepth: 1, robots }).allowed) allowed += 1;
    const elapsed = performance.now() - started;
    expect(allowed).toBeGreaterThan(60_000);
    expect(elapsed).toBeLessThan(3000);
  });
});
