import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../../src-engine/transform/parse-html.js';

describe('parseHtml', () => {
  it('gives a fragment an html, head and body', () => {
    const document = parseHtml('<p>frag <a href="/x">x</a></p>');
    expect(document.documentElement.tagName).toBe('HTML');
    expect(document.head).not.toBeNull();
    expect(document.body.innerHTML).toBe('<p>frag <a href="/x">x</a></p>');
  });

  it('moves leading title and meta of a loose document into head', () => {
    const document = parseHtml('<!doctype html><title>T</title><meta name="d" content="c"><p>Body</p>');
    expect(document.head.querySelector('title')?.textContent).toBe('T');
    expect(document.head.querySelector('meta')?.getAttribute('content')).toBe('c');
    expect(document.body.textContent).toBe('Body');
  });

  it('keeps html and body attributes when the body tag is missing', () => {
    const document = parseHtml('<html lang="fr"><head><title>t</title></head><p>texte</p></html>');
    expect(document.documentElement.getAttribute('lang')).toBe('fr');
    expect(document.body.innerHTML).toBe('<p>texte</p>');
  });

  it('parses empty input and bare text', () => {
    expect(parseHtml('').body.innerHTML).toBe('');
    expect(parseHtml('a &lt; b').body.textContent).toBe('a < b');
  });
});
