import { describe, expect, it } from 'vitest';
import { EngineError } from '../../../src-engine/errors/engine-error.js';
import { NEVER_CRAWLED_EXTENSIONS } from '../../../src-engine/crawl/file-types.js';
import { START, judge, scopeOf } from './scope-verdicts.js';

describe('includePaths and excludePaths', () => {
  it('includePaths admit only links whose pathname matches one pattern', () => {
    expect(
      judge({ includePaths: ['^/blog/', '^/docs$'] }, [
        'https://site.test/blog/1',
        'https://site.test/docs',
        'https://site.test/docs/x',
        'https://site.test/?blog/',
      ]),
    ).toEqual({
      'https://site.test/blog/1': 'allowed',
      'https://site.test/docs': 'allowed',
      'https://site.test/docs/x': 'URL does not match required include pattern',
      'https://site.test/?blog/': 'URL does not match required include pattern',
    });
  });

  it('excludePaths match the pathname only, not the query', () => {
    expect(
      judge({ excludePaths: ['id=2', '^/tmp'] }, [
        'https://site.test/p?id=2',
        'https://site.test/tmp/1',
        'https://site.test/x/tmp',
      ]),
    ).toEqual({
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
    expect(judge({ includePaths: ['', '  '], excludePaths: [''] }, ['https://site.test/any'])).toEqual({
      'https://site.test/any': 'allowed',
    });
  });

  it('rejects a pattern JavaScript cannot compile as a bad request', () => {
    expect(() => scopeOf({ includePaths: ['(unclosed'] })).toThrow(EngineError);
    expect(() => scopeOf({ excludePaths: ['[z-a]'] })).toThrow(/excludePaths/);
  });

  it("an exclude entry written as a site also excludes that site's links", () => {
    const links = [
      'https://other.test/blog/1',
      'https://other.test/news/1',
      'https://blog.third.test/post',
      'https://third.test/post',
    ];
    expect(
      judge({ allowExternalLinks: true, excludePaths: ['other.test/blog', 'https://blog.third.test'] }, links),
    ).toEqual({
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
    const scope = scopeOf({
      startUrl: 'https://site.test/pricing',
      includePaths: [fullUrlPricing],
      regexOnFullURL: true,
      crawlEntireDomain: true,
    });
    expect(scope.checkStart('https://site.test/pricing')).toEqual({ allowed: true });
    const from = { fromUrl: 'https://site.test/pricing', fromDepth: 0 };
    expect(scope.check('https://www.site.test/pricing', from)).toEqual({ allowed: true });
    expect(scope.check('https://site.test/pricing?plan=pro', from)).toEqual({
      allowed: false,
      reason: 'URL does not match required include pattern',
    });
    expect(scope.check('https://site.test/about', from)).toEqual({
      allowed: false,
      reason: 'URL does not match required include pattern',
    });
  });

  it('lets exclude patterns see the query', () => {
    expect(
      judge({ regexOnFullURL: true, excludePaths: ['id=2'] }, ['https://site.test/p?id=2', 'https://site.test/p?id=1']),
    ).toEqual({
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
    expect(
      judge({ startUrl: 'https://site.test/blog' }, [
        'https://site.test/blog/1',
        'https://site.test/blog-post',
        'https://site.test/blogger',
        'https://site.test/about',
      ]),
    ).toEqual({
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
    expect(
      judge({ startUrl: 'https://site.test/docs/', crawlEntireDomain: true }, [
        'https://site.test/docs',
        'https://site.test/',
        'https://site.test/about',
      ]),
    ).toEqual({
      'https://site.test/docs': 'allowed',
      'https://site.test/': 'allowed',
      'https://site.test/about': 'allowed',
    });
  });
});

describe('file types', () => {
  it('never crawls the listed extensions, in any case', () => {
    const links = NEVER_CRAWLED_EXTENSIONS.map((ext) => `https://site.test/files/f.${ext}`);
    expect(Object.values(judge({}, [...links, 'https://site.test/LOGO.PNG']))).toEqual(
      [...links, 'x'].map(() => 'URL points to a file type that is not crawled'),
    );
  });

  it('crawls documents, pages and paths whose directories only look like files', () => {
    const links = [
      'https://site.test/r.pdf',
      'https://site.test/r.docx',
      'https://site.test/feed.xml',
      'https://site.test/p.html',
      'https://site.test/style.css/page',
      'https://site.test/img?f=a.png',
    ];
    expect(Object.values(judge({}, links))).toEqual(links.map(() => 'allowed'));
  });
});

describe('the start URL', () => {
  it('is denied when includePaths do not match it, so the start page fails with that reason', () => {
    expect(scopeOf({ includePaths: ['^/blog'] }).checkStart(START)).toEqual({
      allowed: false,
      reason: 'URL does not match required include pattern',
    });
    expect(
      scopeOf({ startUrl: 'https://site.test/pricing', includePaths: ['^/pricing$'] }).checkStart(
        'https://site.test/pricing',
      ),
    ).toEqual({ allowed: true });
    expect(scopeOf({ excludePaths: ['^/$'] }).checkStart(START)).toEqual({
      allowed: false,
      reason: 'URL matches exclude pattern',
    });
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
    expect(scope.checkSitemapUrl('https://site.test/b/1')).toEqual({
      allowed: false,
      reason: 'URL cannot be crawled unless crawlEntireDomain is set to true',
    });
    expect(scope.checkSitemapUrl('https://other.test/a/1')).toEqual({
      allowed: false,
      reason: 'External URL not allowed',
    });
  });
});
