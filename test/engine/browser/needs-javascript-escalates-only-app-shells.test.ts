import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { needsJavaScript } from '../../../src-engine/scrape/needs-javascript.js';
import { extractMainContentHtml } from '../../../src-engine/transform/main-content.js';

const dir = fileURLToPath(new URL('../../fixtures/browser-site/needs-javascript/', import.meta.url));

function judge(file: string, contentType = 'text/html; charset=utf-8'): boolean {
  const html = readFileSync(dir + file, 'utf8');
  const mainContentText = extractMainContentHtml(html, 'https://example.org/')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return needsJavaScript({ html, mainContentText, contentType });
}

describe('needsJavaScript', () => {
  it.each([
    'spa-react-shell.html',
    'spa-vue-loading.html',
    'noscript-required.html',
    'angular-template.html',
  ])('escalates the app shell %s', (file) => {
    expect(judge(file)).toBe(true);
  });

  it.each([
    'nextjs-ssr-article.html',
    'article-with-analytics.html',
    'article-with-small-noscript.html',
    'plain-no-scripts.html',
    'tiny-page-with-analytics.html',
  ])('keeps %s on HTTP', (file) => {
    expect(judge(file)).toBe(false);
  });

  it('never escalates non-HTML responses', () => {
    expect(needsJavaScript({ html: '{"a":1}', mainContentText: '', contentType: 'application/json' })).toBe(false);
  });
});
