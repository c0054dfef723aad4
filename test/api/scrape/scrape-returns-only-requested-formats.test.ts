import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScrapeStack, type ScrapeStack } from './scrape-stack.js';

const CONTENT_KEYS = ['markdown', 'html', 'rawHtml', 'links', 'screenshot', 'json', 'summary', 'changeTracking', 'actions'];

function contentKeys(document: object): string[] {
  return Object.keys(document)
    .filter((key) => CONTENT_KEYS.includes(key))
    .sort();
}

describe('scrape returns exactly the formats asked for', () => {
  let stack: ScrapeStack;
  let article: string;
  beforeAll(async () => {
    stack = await startScrapeStack();
    article = `${stack.site.url}/article.html`;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('returns only markdown when no formats are given', async () => {
    const document = await stack.app.scrape(article);
    expect(contentKeys(document)).toEqual(['markdown']);
    expect(document.markdown).toContain('Councillors in Port Wenlow voted 31 to 9');
    expect(document.metadata?.statusCode).toBe(200);
  });

  it('returns markdown alone for formats ["markdown"]', async () => {
    const document = await stack.app.scrape(article, { formats: ['markdown'], maxAge: 0 });
    expect(contentKeys(document)).toEqual(['markdown']);
    expect(document.markdown).toMatch(/^# Harbour council approves £48m tidal barrier after decade of debate\n\n!\[Artist's impression/);
  });

  it('returns cleaned html for formats ["html"]: no scripts, styles or head, URLs absolute', async () => {
    const document = await stack.app.scrape(article, { formats: ['html'] });
    expect(contentKeys(document)).toEqual(['html']);
    const html = document.html!;
    expect(html).toContain('Councillors in Port Wenlow voted 31 to 9');
    expect(html).not.toMatch(/<script|<style|<head|<meta|<link/i);
    expect(html).toContain(`src="${stack.site.url}/images/barrier-render.jpg"`);
    expect(html).not.toMatch(/(?:src|href)="\//);
  });

  it('returns the page as served for formats ["rawHtml"]', async () => {
    const document = await stack.app.scrape(article, { formats: ['rawHtml'] });
    expect(contentKeys(document)).toEqual(['rawHtml']);
    expect(document.rawHtml).toMatch(/^<!DOCTYPE html>/);
    expect(document.rawHtml).toContain('<script src="/assets/analytics.js" async></script>');
    expect(document.rawHtml).toContain('<meta property="og:locale:alternate" content="cy_GB">');
  });

  it('returns absolute, deduplicated web links of the main content for formats ["links"]', async () => {
    const document = await stack.app.scrape(`${stack.site.url}/links.html`, { formats: ['links'] });
    expect(contentKeys(document)).toEqual(['links']);
    const origin = stack.site.url;
    expect(document.links).toEqual([
      `${origin}/article.html`,
      `${origin}/docs.html`,
      `${origin}/faq.html`,
      'https://www.example.org/moorings?berth=12#map',
      'http://cdn.example.net/timetable.pdf',
      'mailto:office@tidewater.example',
    ]);
    for (const link of document.links!) expect(link).toMatch(/^(https?:\/\/|mailto:)/);
    expect(new Set(document.links).size).toBe(document.links!.length);
  });

  it('resolves relative links and images against the page base href', async () => {
    stack.site.setPage(
      'moved-directory.html',
      '<!DOCTYPE html><html><head><base href="/archive/2024/"><title>Moved</title></head><body><main>' +
        '<h1>Archived directory</h1><p>See the <a href="moorings.html">moorings list</a> and the ' +
        '<a href="../../docs.html">docs</a>.</p><p><img src="chart.png" alt="Harbour chart"></p></main></body></html>',
    );
    const document = await stack.app.scrape(`${stack.site.url}/pages/moved-directory.html`, { formats: ['markdown', 'links'] });
    expect(document.links).toEqual([`${stack.site.url}/archive/2024/moorings.html`, `${stack.site.url}/docs.html`]);
    expect(document.markdown).toContain(`[moorings list](${stack.site.url}/archive/2024/moorings.html)`);
    expect(document.markdown).toContain(`![Harbour chart](${stack.site.url}/archive/2024/chart.png)`);
  });

  it('returns all four of markdown, html, rawHtml and links when all are asked for', async () => {
    const document = await stack.app.scrape(article, { formats: ['markdown', 'html', 'rawHtml', 'links'] });
    expect(contentKeys(document)).toEqual(['html', 'links', 'markdown', 'rawHtml']);
    expect(Array.isArray(document.links)).toBe(true);
    expect(document.links!.length).toBeGreaterThan(0);
  });

  it('gives identical keys for string, object and mixed format entries', async () => {
    const asStrings = await stack.app.scrape(article, { formats: ['markdown', 'html', 'links'] });
    const asObjects = await stack.app.scrape(article, { formats: [{ type: 'markdown' }, { type: 'html' }, { type: 'links' }] });
    const mixed = await stack.app.scrape(article, { formats: ['markdown', { type: 'html' }, 'links'] });
    expect(Object.keys(asStrings).sort()).toEqual(['html', 'links', 'markdown', 'metadata']);
    expect(Object.keys(asObjects).sort()).toEqual(Object.keys(asStrings).sort());
    expect(Object.keys(mixed).sort()).toEqual(Object.keys(asStrings).sort());
    expect(asObjects.markdown).toBe(asStrings.markdown);
    expect(mixed.html).toBe(asStrings.html);
  });

  it('fences a JSON response as a json code block in markdown and keeps the raw JSON in rawHtml', async () => {
    const document = await stack.app.scrape(`${stack.site.url}/api/item.json`, { formats: ['markdown', 'rawHtml'] });
    expect(document.markdown).toContain('```json');
    expect(document.markdown).toContain('"name":"Widget"');
    expect(JSON.parse(document.rawHtml!)).toEqual({ id: 1, name: 'Widget' });
    expect(document.metadata?.contentType).toBe('application/json');
  });

  it('returns a plain-text file as its text', async () => {
    const document = await stack.app.scrape(`${stack.site.url}/notes.txt`, { formats: ['markdown'] });
    expect(document.markdown?.trimEnd()).toBe('Harbour notes\n\nHigh water 04:12, low water 10:31.\nFuel berth open 08:00-18:00.');
    expect(document.metadata?.contentType).toBe('text/plain; charset=utf-8');
  });

  it('answers 500 SCRAPE_UNSUPPORTED_FILE_ERROR for content that is neither a page, text, JSON nor PDF', async () => {
    const { status, body } = await stack.postScrape({ url: `${stack.site.url}/beacon` });
    expect(status).toBe(500);
    expect(body).toMatchObject({ success: false, code: 'SCRAPE_UNSUPPORTED_FILE_ERROR' });
    expect(String(body.error)).toContain('Scrape resulted in unsupported file: image/gif');
  });

  it('returns html, markdown and links of a hostile page without scripts, handlers or script URLs', async () => {
    const document = await stack.app.scrape(`${stack.site.url}/hostile.html`, {
      formats: ['markdown', 'html', 'links'],
      onlyMainContent: false,
    });
    expect(document.html).toContain('Congratulations, you have been selected');
    expect(document.html).not.toMatch(/<script|\son\w+=|javascript:|srcdoc|data:text/i);
    expect(document.markdown).not.toMatch(/javascript:|data:text/i);
    expect(document.links).toContain(`${stack.site.url}/article.html`);
    for (const link of document.links!) expect(link).toMatch(/^(https?:\/\/|mailto:)/);
  });

  it('answers 400 Bad Request for an unknown format, without fetching the page', async () => {
    const hitsBefore = stack.site.hits.length;
    const { status, body } = await stack.postScrape({ url: article, formats: [{ type: 'invalid-format' }] });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, error: 'Bad Request', code: 'BAD_REQUEST' });
    expect(stack.site.hits.length).toBe(hitsBefore);
  });
});
