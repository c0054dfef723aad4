import { describe, expect, it } from 'vitest';
import { absolutizeSrcset, documentBaseUrl, resolveUrl } from '../../../src-engine/transform/urls.js';
import { parseHtml } from '../../../src-engine/transform/parse-html.js';

describe('URL resolution', () => {
  it('resolves relative references and returns null for unparsable ones', () => {
    expect(resolveUrl(' ../x?a=1 ', 'https://s.example/a/b/c.html')).toBe('https://s.example/a/x?a=1');
    expect(resolveUrl('//cdn.example/i.png', 'https://s.example/')).toBe('https://cdn.example/i.png');
    expect(resolveUrl('http://[bad', 'https://s.example/')).toBeNull();
  });

  it('uses a relative <base href> resolved against the page, else the page URL', () => {
    expect(documentBaseUrl(parseHtml('<base href="/docs/">'), 'https://s.example/a/b')).toBe('https://s.example/docs/');
    expect(documentBaseUrl(parseHtml('<p>x</p>'), 'https://s.example/a/b')).toBe('https://s.example/a/b');
  });

  it('resolves every srcset candidate and keeps descriptors and data URIs', () => {
    expect(absolutizeSrcset('a.jpg 800w,b.jpg 1600w, /c.jpg', 'https://s.example/p/')).toBe(
      'https://s.example/p/a.jpg 800w, https://s.example/p/b.jpg 1600w, https://s.example/c.jpg',
    );
    expect(absolutizeSrcset('data:image/png;base64,AAA= 1x', 'https://s.example/')).toBe('data:image/png;base64,AAA= 1x');
  });
});
