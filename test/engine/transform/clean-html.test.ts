import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { transformIframeSelector } from '../../../src-engine/contracts/scrape-options.js';
import { cleanHtml } from '../../../src-engine/transform/clean-html.js';
import { SITE_DIR } from '../../fixtures/site-server.js';

const URL_OF_PAGE = 'https://site.example/section/page.html';

describe('cleanHtml', () => {
  it('removes scripts, styles, noscript, templates, link and meta elements and comments', () => {
    const html = `<html><head><meta name="x" content="y"><link rel="stylesheet" href="a.css"><style>p{}</style></head>
      <body><script>alert(1)</script><noscript>enable js</noscript><template><p>t</p></template><!-- secret --><p>Kept</p></body></html>`;
    expect(cleanHtml(html, { url: URL_OF_PAGE, onlyMainContent: false })).toBe('<p>Kept</p>');
  });

  it('strips inline event handlers and javascript: URLs from the hostile fixture page', () => {
    const html = readFileSync(`${SITE_DIR}hostile.html`, 'utf8');
    const cleaned = cleanHtml(html, { url: 'https://site.example/hostile.html', onlyMainContent: false });
    expect(cleaned).not.toMatch(/<script|\son\w+=|javascript:/i);
    expect(cleaned).toContain('<a href="https://site.example/article.html">A real article</a>');
    expect(cleaned).toContain('<a>Claim now</a>');
  });

  it('renames iframes to div[data-original-tag="iframe"] keeping their attributes', () => {
    const cleaned = cleanHtml('<p>x</p><iframe class="video" src="/embed/1"></iframe>', { url: URL_OF_PAGE, onlyMainContent: false });
    expect(cleaned).toBe('<p>x</p><div data-original-tag="iframe" src="https://site.example/embed/1" class="video"></div>');
    expect(cleaned).not.toContain('<iframe');
  });

  it('keeps only elements matching includeTags, outermost first, in document order', () => {
    const html = '<div class="a"><p class="a">inner</p></div><p>drop</p><section id="b">B</section>';
    expect(cleanHtml(html, { url: URL_OF_PAGE, onlyMainContent: false, includeTags: ['#b', '.a'] })).toBe(
      '<div class="a"><p class="a">inner</p></div><section id="b">B</section>',
    );
  });

  it('matches iframes through the rewritten selector in includeTags and excludeTags', () => {
    const html = '<p>text</p><iframe class="video" src="https://v.example/1"></iframe><iframe class="ad" src="https://ads.example/"></iframe>';
    const include = cleanHtml(html, { url: URL_OF_PAGE, onlyMainContent: false, includeTags: [transformIframeSelector('iframe.video')] });
    expect(include).toBe('<div data-original-tag="iframe" src="https://v.example/1" class="video"></div>');
    const exclude = cleanHtml(html, { url: URL_OF_PAGE, onlyMainContent: false, excludeTags: [transformIframeSelector('iframe.ad')] });
    expect(exclude).toContain('data-original-tag="iframe"');
    expect(exclude).not.toContain('ads.example');
  });

  it('removes elements matching excludeTags and ignores selectors it cannot parse', () => {
    const html = '<p class="keep">a</p><p class="drop">b</p>';
    expect(cleanHtml(html, { url: URL_OF_PAGE, onlyMainContent: false, excludeTags: ['.drop', '::not-a-selector('] })).toBe('<p class="keep">a</p>');
  });

  it('makes href, src and srcset absolute against the page URL', () => {
    const html = '<a href="other.html">o</a><img src="/img/a.png" srcset="a-1x.png 1x, ../a-2x.png 2x"><a href="#top">top</a><a href="mailto:x@y.example">m</a>';
    const cleaned = cleanHtml(html, { url: URL_OF_PAGE, onlyMainContent: false });
    expect(cleaned).toContain('href="https://site.example/section/other.html"');
    expect(cleaned).toContain('src="https://site.example/img/a.png"');
    expect(cleaned).toContain('srcset="https://site.example/section/a-1x.png 1x, https://site.example/a-2x.png 2x"');
    expect(cleaned).toContain('href="#top"');
    expect(cleaned).toContain('href="mailto:x@y.example"');
  });

  it('resolves against <base href> when the page declares one', () => {
    const html = '<html><head><base href="/docs/v2/"></head><body><a href="intro.html">i</a></body></html>';
    expect(cleanHtml(html, { url: URL_OF_PAGE, onlyMainContent: false })).toBe('<a href="https://site.example/docs/v2/intro.html">i</a>');
  });

  it('narrows to the main content when onlyMainContent is true', () => {
    const paragraph = '<p>The harbour barrier will close during spring tides, protecting the old town from flooding for decades.</p>';
    const html = `<body><nav><a href="/">Home</a><a href="/news">News</a></nav><article><h2>Barrier</h2>${paragraph.repeat(5)}</article><footer>© Site</footer></body>`;
    const cleaned = cleanHtml(html, { url: URL_OF_PAGE, onlyMainContent: true });
    expect(cleaned).toContain('The harbour barrier will close');
    expect(cleaned).not.toContain('© Site');
    expect(cleaned).not.toContain('href="https://site.example/news"');
  });

  it('falls back to the whole body when no main content is found', () => {
    const cleaned = cleanHtml('<div><span>Just a short line</span></div>', { url: URL_OF_PAGE, onlyMainContent: true });
    expect(cleaned).toContain('Just a short line');
  });

  it('does not run main-content detection when includeTags is given', () => {
    const html = '<nav><a href="/">Home</a></nav><article><p>Body text</p></article>';
    expect(cleanHtml(html, { url: URL_OF_PAGE, onlyMainContent: true, includeTags: ['nav'] })).toBe('<nav><a href="https://site.example/">Home</a></nav>');
  });
});
