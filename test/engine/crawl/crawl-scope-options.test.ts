import { describe, expect, it } from 'vitest';
import { EngineError } from '../../../src-engine/errors/engine-error.js';
import { NEVER_CRAWLED_EXTENSIONS } from '../../../src-engine/crawl/file-types.js';
import { parseRobots } from '../../../src-engine/crawl/robots.js';
import { createCrawlScope, type CrawlScopeOptions, type DenialReason } from '../../../src-engine/crawl/scope.js';

const START = 'https://site.test/';

function scopeOf(overrides: Partial<CrawlScopeOptions> = {}) {
  return createCrawlScope({
    startUrl: START,
    includePaths: [],
    excludePaths: [],
    regexOnFullURL: false,
    crawlEntireDomain: false,
    allowSubdomains: false,
    allowExternalLinks: false,
    ...overrides,
  });
}

/** Verdicts for links found on `fromUrl` (the start URL unless given) at depth 0. */
function judge(
  overrides: Partial<CrawlScopeOptions>,
  links: string[],
  fromUrl = overrides.startUrl ?? START,
  fromDepth = 0,
): Record<string, 'allowed' | DenialReason> {
  const scope = scopeOf(overrides);
  return Object.fromEntries(
    links.map((link) => {
      const decision = scope.check(link, { fromUrl, fromDepth });
      return [link, decision.allowed ? 'allowed' : decision.reason];
    }),
  );
}

describe('includePaths and excludePaths', () => {
  it('includePaths admit only links whose pathname matches one pattern', () => {
    expect(judge({ includePaths: ['^/blog/', '^/docs$'] }, ['https://site.test/blog/1', 'https://site.test/docs', 'https://site.test/docs/x', 'https://site.test/?blog/'])).toEqual({
      'https://site.test/blog/1': 'allowed',
      'https://site.test/docs': 'allowed',
      'https://site.test/docs/x': 'URL does not match required include pattern',
      'https://site.test/?blog/': 'URL does not match required include pattern',
    });
  });

  it('excludePaths match the pathname only, not the query', () => {
    expect(judge({ excludePaths: ['id=2', '^/tmp'] }, ['https://site.test/p?id=2', 'https://site.test/tmp/1', 'https://site.test/x/tmp'])).toEqual({
      'https://site.test/p?id=2': 'allowed',
      'https://site.test/tmp/1': 'URL matches exclude pattern',
      'https://site.test/x/tmp': 'allowed',
    });
  });

  it('an exclude wins over a matching include', () => {
    expect(judge({ includePaths: ['^/blog'], excludePaths: ['draft'] }, ['https://site.test/blog/draft-1'])).toEqual({
      'https://site.test/blog/draft-1': 'URL matches exclude pattern',
    });
  });

  it('drops empty and whitespace-only patterns', () => {
    expect(judge({ includePaths: ['', '  '], excludePaths: [''] }, ['https://site.test/any'])).toEqual({ 'https://site.test/any': 'allowed' });
  });

  it('rejects a pattern JavaScript cannot compile as a bad request', () => {
    expect(() => scopeOf({ includePaths: ['(unclosed'] })).toThrow(EngineError);
    expect(() => scopeOf({ excludePaths: ['[z-a]'] })).toThrow(/excludePaths/);
  });

  it('an exclude entry written as a site also excludes that site\'s links', () => {
    const links = ['https://other.test/blog/1', 'https://other.test/news/1', 'https://blog.third.test/post', 'https://third.test/post'];
    expect(judge({ allowExternalLinks: true, excludePaths: ['other.test/blog', 'https://blog.third.test'] }, links)).toEqual({
      'https://other.test/blog/1': 'URL matches exclude pattern',
      'https://other.test/news/1': 'allowed',
      'https://blog.third.test/post': 'URL matches exclude pattern',
      'https://third.test/post': 'allowed',
    });
  });
});

describe('regexOnFullURL', () => {
  const fullUrlPricing = '^https://(www\\.)?site\\.test/pricing$';

  it('matches patterns against the whole URL', () => {
    const scope = scopeOf({ startUrl: 'https://site.test/pricing', includePaths: [fullUrlPricing], regexOnFullURL: true, crawlEntireDomain: true });
    expect(scope.checkStart('https://site.test/pricing')).toEqual({ allowed: true });
    const from = { fromUrl: 'https://site.test/pricing', fromDepth: 0 };
    expect(scope.check('https://www.site.test/pricing', from)).toEqual({ allowed: true });
    expect(scope.check('https://site.test/pricing?plan=pro', from)).toEqual({ allowed: false, reason: 'URL does not match required include pattern' });
    expect(scope.check('https://site.test/about', from)).toEqual({ allowed: false, reason: 'URL does not match required include pattern' });
  });

  it('lets exclude patterns see the query', () => {
    expect(judge({ regexOnFullURL: true, excludePaths: ['id=2'] }, ['https://site.test/p?id=2', 'https://site.test/p?id=1'])).toEqual({
      'https://site.test/p?id=2': 'URL matches exclude pattern',
      'https://site.test/p?id=1': 'allowed',
    });
  });

  it('still excludes internal links whose pathname matches', () => {
    expect(judge({ regexOnFullURL: true, excludePaths: ['^/blog'] }, ['https://site.test/blog/1'])).toEqual({
      'https://site.test/blog/1': 'URL matches exclude pattern',
    });
  });
});

describe('crawlEntireDomain and the backward rule', () => {
  it('without it, a link must string-prefix-match the start path', () => {
    expect(judge({ startUrl: 'https://site.test/blog' }, ['https://site.test/blog/1', 'https://site.test/blog-post', 'https://site.test/blogger', 'https://site.test/about'])).toEqual({
      'https://site.test/blog/1': 'allowed',
      'https://site.test/blog-post': 'allowed',
      'https://site.test/blogger': 'allowed',
      'https://site.test/about': 'URL cannot be crawled unless crawlEntireDomain is set to true',
    });
    expect(judge({ startUrl: 'https://site.test/docs/' }, ['https://site.test/docs'])).toEqual({
      'https://site.test/docs': 'URL cannot be crawled unless crawlEntireDomain is set to true',
    });
  });

  it('with it, parents and siblings are followed', () => {
    expect(judge({ startUrl: 'https://site.test/docs/', crawlEntireDomain: true }, ['https://site.test/docs', 'https://site.test/', 'https://site.test/about'])).toEqual({
      'https://site.test/docs': 'allowed',
      'https://site.test/': 'allowed',
      'https://site.test/about': 'allowed',
    });
  });
});

describe('internal links', () => {
  it('ignore scheme, port and a leading www', () => {
    const links = ['http://site.test/a', 'https://www.site.test/b', 'https://site.test:8443/c', 'http://WWW.SITE.TEST:80/d'];
    expect(Object.values(judge({}, links))).toEqual(['allowed', 'allowed', 'allowed', 'allowed']);
  });

  it('are judged against the page they were found on', () => {
    const scope = scopeOf({ allowSubdomains: true });
    const onBlog = { fromUrl: 'https://blog.site.test/post/1', fromDepth: 1 };
    expect(scope.check('https://blog.site.test/post/2#comments', onBlog)).toEqual({ allowed: false, reason: 'URL contains section anchor (#)' });
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
  it('admits hosts of the start URL\'s registrable domain only', () => {
    const links = ['https://blog.site.test/x', 'https://deep.docs.site.test/x', 'https://site.test.evil.test/x', 'https://othersite.test/x', 'https://test/x'];
    expect(judge({ startUrl: 'https://www.site.test/', allowSubdomains: true }, links, 'https://www.site.test/')).toEqual({
      'https://blog.site.test/x': 'allowed',
      'https://deep.docs.site.test/x': 'allowed',
      'https://site.test.evil.test/x': 'External URL not allowed',
      'https://othersite.test/x': 'External URL not allowed',
      'https://test/x': 'External URL not allowed',
    });
  });

  it('uses the public suffix list', () => {
    const start = 'https://shop.example.co.uk/';
    expect(judge({ startUrl: start, allowSubdomains: true }, ['https://blog.example.co.uk/x', 'https://other.co.uk/x', 'https://example.co.uk/x'], start)).toEqual({
      'https://blog.example.co.uk/x': 'allowed',
      'https://other.co.uk/x': 'External URL not allowed',
      'https://example.co.uk/x': 'allowed',
    });
  });

  it('treats IP literals and single-label hosts as having no subdomains', () => {
    const ip = 'http://127.0.0.1:3000/';
    expect(judge({ startUrl: ip, allowSubdomains: true }, ['http://127.0.0.1:4000/x', 'http://127.0.0.2:3000/x'], ip)).toEqual({
      'http://127.0.0.1:4000/x': 'allowed',
      'http://127.0.0.2:3000/x': 'External URL not allowed',
    });
    const local = 'http://localhost:3000/';
    expect(judge({ startUrl: local, allowSubdomains: true }, ['http://localhost:3000/x', 'http://blog.localhost:3000/x'], local)).toEqual({
      'http://localhost:3000/x': 'allowed',
      'http://blog.localhost:3000/x': 'External URL not allowed',
    });
  });
});

describe('allowExternalLinks', () => {
  it('follows external pages but not bare home pages', () => {
    const links = ['https://other.test/', 'https://other.test', 'https://other.test/?q=1', 'https://other.test/page', 'https://other.test/#/route'];
    expect(judge({ allowExternalLinks: true }, links)).toEqual({
      'https://other.test/': 'External URL not allowed',
      'https://other.test': 'External URL not allowed',
      'https://other.test/?q=1': 'allowed',
      'https://other.test/page': 'allowed',
      'https://other.test/#/route': 'External URL not allowed',
    });
  });

  it('follows external links only from pages of the crawl\'s own site', () => {
    const scope = scopeOf({ allowExternalLinks: true });
    const onOther = { fromUrl: 'https://other.test/page', fromDepth: 1 };
    expect(scope.check('https://third.test/x', onOther)).toEqual({ allowed: false, reason: 'External URL not allowed' });
    expect(scope.check('https://other.test/more', onOther)).toEqual({ allowed: true });
    expect(scope.check('https://third.test/x', { fromUrl: 'https://www.site.test/a', fromDepth: 1 })).toEqual({ allowed: true });
  });

  it('never follows social networks or e-mail links', () => {
    const social = [
      'https://facebook.com/p', 'https://m.facebook.com/p', 'https://twitter.com/p', 'https://www.linkedin.com/in/p',
      'https://instagram.com/p', 'https://pinterest.com/p', 'https://github.com/p', 'https://calendly.com/p',
      'https://discord.gg/p', 'https://discord.com/p', 'mailto:someone@site.test', 'MAILTO:someone@site.test',
    ];
    for (const allowExternalLinks of [true, false]) {
      const table = judge({ allowExternalLinks }, social);
      expect(Object.values(table)).toEqual(social.map(() => 'URL is a social media or email link'));
    }
    expect(judge({ allowExternalLinks: true }, ['https://notfacebook.com/p'])).toEqual({ 'https://notfacebook.com/p': 'allowed' });
  });

  it('does not apply the section-anchor rule to external links', () => {
    expect(judge({ allowExternalLinks: true }, ['https://other.test/page#part'])).toEqual({ 'https://other.test/page#part': 'allowed' });
  });
});

describe('maxDiscoveryDepth', () => {
  it('denies every link of a page at the maximum depth', () => {
    const links = ['https://site.test/a', 'https://other.test/x', 'mailto:a@b.test'];
    expect(Object.values(judge({ maxDiscoveryDepth: 2 }, links, START, 2))).toEqual(links.map(() => 'Maximum discovery depth reached'));
    expect(judge({ maxDiscoveryDepth: 2 }, ['https://site.test/a'], START, 1)).toEqual({ 'https://site.test/a': 'allowed' });
    expect(judge({}, ['https://site.test/a'], START, 500)).toEqual({ 'https://site.test/a': 'allowed' });
  });

  it('with 0, blocks sitemap URLs but not the start URL', () => {
    const scope = scopeOf({ maxDiscoveryDepth: 0 });
    expect(scope.checkSitemapUrl('https://site.test/a')).toEqual({ allowed: false, reason: 'Maximum discovery depth reached' });
    expect(scope.checkStart(START)).toEqual({ allowed: true });
  });
});

describe('file types', () => {
  it('never crawls the listed extensions, in any case', () => {
    const links = NEVER_CRAWLED_EXTENSIONS.map((ext) => `https://site.test/files/f.${ext}`);
    expect(Object.values(judge({}, [...links, 'https://site.test/LOGO.PNG']))).toEqual([...links, 'x'].map(() => 'URL points to a file type that is not crawled'));
  });

  it('crawls documents, pages and paths whose directories only look like files', () => {
    const links = ['https://site.test/r.pdf', 'https://site.test/r.docx', 'https://site.test/feed.xml', 'https://site.test/p.html', 'https://site.test/style.css/page', 'https://site.test/img?f=a.png'];
    expect(Object.values(judge({}, links))).toEqual(links.map(() => 'allowed'));
  });
});

describe('robots.txt', () => {
  const robots = parseRobots('https://site.test/robots.txt', 'User-agent: *\nDisallow: /private/\nDisallow: /drafts\n', 'text/plain');

  it('denies disallowed links with the robots reason, also through the www alias', () => {
    const scope = scopeOf();
    const from = { fromUrl: START, fromDepth: 0, robots };
    expect(scope.check('https://site.test/private/x', from)).toEqual({ allowed: false, reason: 'URL blocked by robots.txt' });
    expect(scope.check('https://www.site.test/drafts/1', from)).toEqual({ allowed: false, reason: 'URL blocked by robots.txt' });
    expect(scope.check('https://site.test/public', from)).toEqual({ allowed: true });
  });

  it('reports a URL as robots-blocked only when nothing else denies it', () => {
    const scope = scopeOf({ excludePaths: ['^/private/excluded'], includePaths: ['^/private'] });
    const from = { fromUrl: START, fromDepth: 0, robots };
    expect(scope.check('https://site.test/private/excluded', from)).toEqual({ allowed: false, reason: 'URL matches exclude pattern' });
    expect(scope.check('https://site.test/private/x.png', from)).toEqual({ allowed: false, reason: 'URL points to a file type that is not crawled' });
    expect(scope.check('https://site.test/private/page', from)).toEqual({ allowed: false, reason: 'URL blocked by robots.txt' });
  });

  it('does not apply one host\'s rules to another host', () => {
    const scope = scopeOf({ allowSubdomains: true });
    expect(scope.check('https://blog.site.test/private/x', { fromUrl: START, fromDepth: 0, robots })).toEqual({ allowed: true });
  });

  it('fails the start URL it disallows, and is skipped when ignoreRobotsTxt leaves it out', () => {
    const scope = scopeOf({ startUrl: 'https://site.test/private/' });
    expect(scope.checkStart('https://site.test/private/', robots)).toEqual({ allowed: false, reason: 'URL blocked by robots.txt' });
    expect(scope.checkStart('https://site.test/private/')).toEqual({ allowed: true });
  });
});

describe('the start URL', () => {
  it('is denied when includePaths do not match it, so the start page fails with that reason', () => {
    expect(scopeOf({ includePaths: ['^/blog'] }).checkStart(START)).toEqual({ allowed: false, reason: 'URL does not match required include pattern' });
    expect(scopeOf({ startUrl: 'https://site.test/pricing', includePaths: ['^/pricing$'] }).checkStart('https://site.test/pricing')).toEqual({ allowed: true });
    expect(scopeOf({ excludePaths: ['^/$'] }).checkStart(START)).toEqual({ allowed: false, reason: 'URL matches exclude pattern' });
  });

  it('must be an http(s) URL', () => {
    expect(() => scopeOf({ startUrl: 'not a url' })).toThrow(EngineError);
    expect(() => scopeOf({ startUrl: 'ftp://site.test/' })).toThrow(EngineError);
  });
});

describe('sitemap URLs', () => {
  it('are judged as links of the start URL at depth 0', () => {
    const scope = scopeOf({ startUrl: 'https://site.test/a/' });
    expect(scope.checkSitemapUrl('https://site.test/a/1')).toEqual({ allowed: true });
    expect(scope.checkSitemapUrl('https://www.site.test/a/2')).toEqual({ allowed: true });
    expect(scope.checkSitemapUrl('https://site.test/b/1')).toEqual({ allowed: false, reason: 'URL cannot be crawled unless crawlEntireDomain is set to true' });
    expect(scope.checkSitemapUrl('https://other.test/a/1')).toEqual({ allowed: false, reason: 'External URL not allowed' });
  });
});

describe('speed', () => {
  it('decides 100 000 links in well under three seconds', () => {
    const scope = scopeOf({ includePaths: ['^/(a|b|blog)'], excludePaths: ['draft', '^/tmp'], allowSubdomains: true, maxDiscoveryDepth: 10 });
    const robots = parseRobots(START, 'User-agent: *\nDisallow: /a/private/\n', 'text/plain');
    const links = Array.from({ length: 100_000 }, (_, i) =>
      i % 3 === 0 ? `https://site.test/a/${i}` : i % 3 === 1 ? `https://blog.site.test/blog/${i}?p=${i}` : `https://other${i % 50}.test/x/${i}`,
    );
    const started = performance.now();
    let allowed = 0;
    for (const link of links) if (scope.check(link, { fromUrl: START, fromDepth: 1, robots }).allowed) allowed += 1;
    const elapsed = performance.now() - started;
    expect(allowed).toBeGreaterThan(60_000);
    expect(elapsed).toBeLessThan(3000);
  });
});
