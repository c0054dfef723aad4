import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractMetadata } from '../../../src-engine/transform/metadata.js';
import { SITE_DIR } from '../../fixtures/site-server.js';

describe('extractMetadata', () => {
  const metadata = extractMetadata(readFileSync(`${SITE_DIR}article.html`, 'utf8'), 'https://tidewater.example/article.html');

  it('derives title, language, description and an absolute favicon', () => {
    expect(metadata.title).toBe('Harbour council approves £48m tidal barrier | Tidewater News');
    expect(metadata.language).toBe('en');
    expect(metadata.description).toBe('Port Wenlow councillors back a moveable barrier to protect the old town from flooding.');
    expect(metadata.favicon).toBe('https://tidewater.example/favicon.ico');
  });

  it('maps Open Graph, article and Dublin Core tags to their named keys', () => {
    expect(metadata).toMatchObject({
      ogTitle: 'Harbour council approves £48m tidal barrier',
      ogDescription: 'Councillors vote 31 to 9 for the scheme.',
      ogUrl: 'https://tidewater.example/article.html',
      ogImage: 'https://tidewater.example/images/barrier-render.jpg',
      ogSiteName: 'Tidewater',
      ogLocale: 'en_GB',
      ogLocaleAlternate: ['fr_FR', 'cy_GB'],
      publishedTime: '2025-03-14T09:30:00Z',
      modifiedTime: '2025-03-14T12:05:00Z',
      articleSection: 'Coastal affairs',
      articleTag: 'flooding',
      dcSubject: 'Flood defence',
      dcTermsAudience: 'Residents',
    });
  });

  it('keeps a raw copy of every meta tag under its own name', () => {
    expect(metadata).toMatchObject({
      keywords: 'tidal barrier, flooding, Port Wenlow',
      robots: 'index, follow',
      viewport: 'width=device-width, initial-scale=1',
      author: 'Mara Ellison',
      'og:title': 'Harbour council approves £48m tidal barrier',
      'og:locale:alternate': ['fr_FR', 'cy_GB'],
      'twitter:card': 'summary_large_image',
      'article:published_time': '2025-03-14T09:30:00Z',
    });
  });

  it('joins repeated descriptions, turns other repeats into arrays and reads itemprop', () => {
    const html = `<head><meta name="description" content="First."><meta name="description" content="Second.">
      <meta name="keywords" content="a"><meta name="keywords" content="b"><meta itemprop="name" content="Thing"></head>`;
    expect(extractMetadata(html, 'https://x.example/')).toEqual({ description: 'First., Second.', keywords: ['a', 'b'], name: 'Thing' });
  });

  it('never lets meta name="title" override the <title> element', () => {
    const html = '<head><title> Real  title </title><meta name="title" content="Meta title"></head>';
    expect(extractMetadata(html, 'https://x.example/').title).toBe('Real title');
    expect(extractMetadata('<head><meta name="title" content="Meta title"></head>', 'https://x.example/').title).toBe('Meta title');
  });

  it('prefers rel="icon", falls back to any icon link and resolves against <base href>', () => {
    const icons = '<link rel="apple-touch-icon" href="touch.png"><link rel="icon" href="fav.png">';
    expect(extractMetadata(`<head>${icons}</head>`, 'https://x.example/a/b').favicon).toBe('https://x.example/a/fav.png');
    const fallback = '<head><base href="https://cdn.example/"><link rel="shortcut icon" href="s.ico"></head>';
    expect(extractMetadata(fallback, 'https://x.example/').favicon).toBe('https://cdn.example/s.ico');
  });

  it('ignores an SVG title and omits keys the page does not have', () => {
    const result = extractMetadata('<body><svg><title>icon</title></svg><p>x</p></body>', 'https://x.example/');
    expect(result).toEqual({});
  });
});
