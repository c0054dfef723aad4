import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScrapeStack, type ScrapeStack } from './scrape-stack.js';

const BASE64_LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('scrape transform options shape the content', () => {
  let stack: ScrapeStack;
  let article: string;
  let embeds: string;
  beforeAll(async () => {
    stack = await startScrapeStack();
    article = `${stack.site.url}/article.html`;
    embeds = `${stack.site.url}/embeds.html`;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('drops navigation, cookie banner, sidebar and footer by default (onlyMainContent true)', async () => {
    const document = await stack.app.scrape(article, { formats: ['markdown', 'html'] });
    expect(document.markdown).toContain('Councillors in Port Wenlow voted 31 to 9');
    for (const boilerplate of ['We use cookies', '[Recipes]', 'Popular this week', 'BlueFin Charters', 'All rights reserved']) {
      expect(document.markdown).not.toContain(boilerplate);
      expect(document.html).not.toContain(boilerplate);
    }
  });

  it('keeps the whole page with onlyMainContent false', async () => {
    const main = await stack.app.scrape(article, { formats: ['markdown'] });
    const full = await stack.app.scrape(article, { formats: ['markdown'], onlyMainContent: false });
    expect(full.markdown).toContain('Councillors in Port Wenlow voted 31 to 9');
    for (const boilerplate of ['We use cookies', '[Recipes]', 'Popular this week', 'All rights reserved']) {
      expect(full.markdown).toContain(boilerplate);
    }
    expect(full.markdown!.length).toBeGreaterThan(main.markdown!.length);
  });

  it('keeps only the elements matched by includeTags', async () => {
    const document = await stack.app.scrape(article, { formats: ['markdown', 'html'], includeTags: ['blockquote', 'ol'] });
    expect(document.markdown).toBe(
      '> “We cannot keep asking people on Quay Street to move their furniture upstairs every January,” said council leader Priya Okafor.\n\n' +
        '1. A public consultation on the construction compound opens in May.\n' +
        '2. Contractors will be appointed by the end of the year.\n' +
        '3. Work on the northern abutment starts in spring 2026.',
    );
    expect(document.html).toMatch(/^<blockquote>/);
  });

  it('removes the elements matched by excludeTags', async () => {
    const document = await stack.app.scrape(article, { formats: ['markdown'], excludeTags: ['blockquote', 'h2'] });
    expect(document.markdown).toContain('Councillors in Port Wenlow voted 31 to 9');
    expect(document.markdown).not.toContain('Quay Street');
    expect(document.markdown).not.toContain('## Why now?');
  });

  it('matches iframes in includeTags as the div the cleaner turns them into', async () => {
    const document = await stack.app.scrape(embeds, { formats: ['html'], includeTags: ['iframe.video'] });
    const html = document.html!;
    expect(html).toMatch(/^<div [^>]*><\/div>$/);
    expect(html).toContain('data-original-tag="iframe"');
    expect(html).toContain('src="https://video.example.com/embed/gate-test"');
    expect(html).not.toContain('maps.example.com');
    expect(html).not.toContain('Engineers tested');
  });

  it('removes every iframe with excludeTags ["iframe"] and keeps the text around them', async () => {
    const kept = await stack.app.scrape(embeds, { formats: ['html'], onlyMainContent: false });
    expect(kept.html!.match(/data-original-tag="iframe"/g)).toHaveLength(3);
    const document = await stack.app.scrape(embeds, { formats: ['html'], onlyMainContent: false, excludeTags: ['iframe'] });
    expect(document.html).not.toContain('data-original-tag="iframe"');
    expect(document.html).not.toContain('video.example.com');
    expect(document.html).toContain('Engineers tested the first gate');
  });

  it('replaces base64 images in markdown with a placeholder by default and leaves html untouched', async () => {
    const document = await stack.app.scrape(`${stack.site.url}/gallery.html`, { formats: ['markdown', 'html'] });
    expect(document.markdown).toContain('![Fish market logo](<Base64-Image-Removed>)');
    expect(document.markdown).not.toContain('data:image/png;base64');
    expect(document.html).toContain(BASE64_LOGO);
  });

  it('keeps the base64 data URI in markdown with removeBase64Images false', async () => {
    const document = await stack.app.scrape(`${stack.site.url}/gallery.html`, { formats: ['markdown'], removeBase64Images: false });
    expect(document.markdown).toContain(`![Fish market logo](${BASE64_LOGO})`);
    expect(document.markdown).not.toContain('Base64-Image-Removed');
  });
});
