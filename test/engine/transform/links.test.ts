import { describe, expect, it } from 'vitest';
import { extractDiscoveryLinks, extractLinks } from '../../../src-engine/transform/links.js';

const PAGE = 'https://site.example/blog/post.html';

describe('extractLinks (the links format)', () => {
  it('resolves, trims and keeps http(s) links in first-seen order without duplicates', () => {
    const html = '<a href=" next.html ">n</a><a href="/about">a</a><a href="https://other.example/x">o</a><a href="next.html">again</a>';
    expect(extractLinks(html, PAGE)).toEqual(['https://site.example/blog/next.html', 'https://site.example/about', 'https://other.example/x']);
  });

  it('keeps mailto links verbatim and drops fragments and other schemes', () => {
    const html = '<a href="mailto:Desk@Site.example?subject=Hi">m</a><a href="#comments">c</a><a href="javascript:void(0)">j</a><a href="tel:+441234">t</a><a href="">e</a><a>none</a>';
    expect(extractLinks(html, PAGE)).toEqual(['mailto:Desk@Site.example?subject=Hi']);
  });

  it('keeps the fragment of a link to another page', () => {
    expect(extractLinks('<a href="/guide#install">g</a>', PAGE)).toEqual(['https://site.example/guide#install']);
  });

  it('resolves against <base href> when present', () => {
    const html = '<html><head><base href="https://cdn.example/root/"></head><body><a href="a.html">a</a></body></html>';
    expect(extractLinks(html, PAGE)).toEqual(['https://cdn.example/root/a.html']);
  });
});

describe('extractDiscoveryLinks (links a crawler may follow)', () => {
  it('collects a, area and rel=next/prev links of the raw HTML, absolute and deduplicated', () => {
    const html = `<html><head><link rel="next" href="?page=2"><link rel="prev" href="?page=0"><link rel="stylesheet" href="/s.css"></head>
      <body><nav><a href="/">Home</a></nav><a href="/a.html#top">a</a><a href="/a.html#bottom">a again</a>
      <map><area href="/map-region.html"></map><a href="mailto:x@y.example">m</a><a href="javascript:go()">j</a><a href="#self">s</a></body></html>`;
    expect(extractDiscoveryLinks(html, PAGE)).toEqual([
      'https://site.example/blog/post.html?page=2',
      'https://site.example/blog/post.html?page=0',
      'https://site.example/',
      'https://site.example/a.html',
      'https://site.example/map-region.html',
    ]);
  });

  it('honours <base href> even when links come before it and decodes entities', () => {
    const html = '<a href="x.html?a=1&amp;b=2">x</a><base href="https://mirror.example/docs/">';
    expect(extractDiscoveryLinks(html, PAGE)).toEqual(['https://mirror.example/docs/x.html?a=1&b=2']);
  });

  it('survives malformed markup', () => {
    expect(extractDiscoveryLinks('<a href="/one">1<a href=/two>2<div <a href="/three">', PAGE)).toContain('https://site.example/two');
  });
});
