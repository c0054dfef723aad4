import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cleanHtml } from '../../../src-engine/transform/clean-html.js';
import { extractLinks } from '../../../src-engine/transform/links.js';
import { extractMetadata } from '../../../src-engine/transform/metadata.js';
import { transformHtml } from '../../../src-engine/transform/transform-html.js';
import { FIXTURE_PAGES, SITE_DIR } from '../../fixtures/site-server.js';

describe('transformHtml', () => {
  for (const page of FIXTURE_PAGES) {
    it(`gives the same html, links and metadata as the separate stages for ${page}`, () => {
      const html = readFileSync(`${SITE_DIR}${page}`, 'utf8');
      const options = { url: `https://tidewater.example/${page}`, onlyMainContent: true };
      const result = transformHtml(html, { ...options, wantLinks: true, wantMetadata: true });
      const cleaned = cleanHtml(html, options);
      expect(result.cleanedHtml).toBe(cleaned);
      expect(result.links).toEqual(extractLinks(cleaned, options.url));
      expect(result.metadata).toEqual(extractMetadata(html, options.url));
    });
  }

  it('computes only what is asked', () => {
    const result = transformHtml('<title>T</title><p><a href="/x">x</a></p>', { url: 'https://x.example/', onlyMainContent: false });
    expect(result).toEqual({ cleanedHtml: '<p><a href="https://x.example/x">x</a></p>' });
  });

  it('reads metadata from the raw page although cleaning removes the head', () => {
    const result = transformHtml('<head><meta name="robots" content="noindex"></head><p>x</p>', {
      url: 'https://x.example/',
      onlyMainContent: false,
      wantMetadata: true,
    });
    expect(result.metadata).toEqual({ robots: 'noindex' });
    expect(result.cleanedHtml).toBe('<p>x</p>');
  });
});
