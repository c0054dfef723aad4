import { describe, expect, it } from 'vitest';
import { extractMainContentHtml } from '../../../src-engine/transform/main-content.js';

const paragraph = (n: number) =>
  `<p>Paragraph ${n} of the report explains, in plain and sufficiently long sentences, what the harbour council decided and why residents care about the outcome of the vote.</p>`;

function page(h1: string, title: string): string {
  return `<!doctype html><html><head><title>${title}</title></head><body>
    <header><nav><a href="/">Home</a><a href="/news">News</a></nav></header>
    <main><article><h1>${h1}</h1>${[1, 2, 3, 4, 5, 6].map(paragraph).join('')}</article></main>
    <footer>© Tidewater</footer></body></html>`;
}

describe('main content keeps the headline', () => {
  it('opens with the page headline that echoes the title', () => {
    const html = extractMainContentHtml(page('Council approves tidal barrier', 'Council approves tidal barrier | Tidewater News'), 'https://example.test/a');
    expect(html.trimStart().startsWith('<h1>Council approves tidal barrier</h1>')).toBe(true);
    expect(html.match(/<h1>/g)).toHaveLength(1);
  });

  it('leaves out an h1 that is only a site name unrelated to the title', () => {
    const html = extractMainContentHtml(page('Tidewater', 'Council approves tidal barrier'), 'https://example.test/a');
    expect(html).not.toContain('<h1>Tidewater</h1>');
    expect(html).toContain('Paragraph 1 of the report');
  });
});
