import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_FIXTURES } from '../../fixtures/site-server.js';
import { startScrapeStack, type ScrapeStack } from './scrape-stack.js';

describe('scrape parses PDFs', () => {
  let stack: ScrapeStack;
  beforeAll(async () => {
    stack = await startScrapeStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('turns a multi-page PDF into markdown by default, up to the last page, billed one credit per page', async () => {
    const { path, pages, heading, lastPageText } = PDF_FIXTURES.multipage;
    const document = await stack.app.scrape(`${stack.site.url}${path}`);
    expect(document.markdown).toContain(`# ${heading}`);
    expect(document.markdown).toContain(lastPageText);
    expect(document.metadata).toMatchObject({ numPages: pages, creditsUsed: pages, contentType: 'application/pdf', statusCode: 200 });
  });

  it('parses a PDF with parsers ["pdf"] like the default', async () => {
    const { path, text } = PDF_FIXTURES.single;
    const document = await stack.app.scrape(`${stack.site.url}${path}`, { parsers: ['pdf'] });
    expect(document.markdown).toContain(text);
    expect(document.metadata).toMatchObject({ numPages: 1, creditsUsed: 1 });
  });

  it('returns the PDF itself as base64 in markdown with parsers [], billed one credit', async () => {
    const document = await stack.app.scrape(`${stack.site.url}${PDF_FIXTURES.multipage.path}`, { parsers: [] });
    expect(document.markdown).toMatch(/^JVBER/);
    expect(Buffer.from(document.markdown!, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(document.metadata?.creditsUsed).toBe(1);
    expect(document.metadata).not.toHaveProperty('numPages');
  });

  it('scrapes an HTML page normally whatever the parsers', async () => {
    for (const parsers of [['pdf'], []] as const) {
      const document = await stack.app.scrape(`${stack.site.url}/article.html`, { parsers: [...parsers] });
      expect(document.markdown).toContain('Councillors in Port Wenlow voted 31 to 9');
    }
  });

  it('fails with "Insufficient time to process PDF" when the timeout is too small for the pages', async () => {
    const { status, body } = await stack.postScrape({ url: `${stack.site.url}${PDF_FIXTURES.multipage.path}`, timeout: 300, maxAge: 0 });
    expect(status).toBe(500);
    expect(body).toMatchObject({ success: false, code: 'SCRAPE_PDF_INSUFFICIENT_TIME_ERROR' });
    expect(String(body.error)).toMatch(
      /^Insufficient time to process PDF of 3 pages\. Please increase the timeout parameter in your scrape request to at least \d+ms\.$/,
    );
  });

  it('rejects parsers that are not a list of known parsers with 400 Bad Request', async () => {
    for (const parsers of [['invalid-parser'], 'pdf', { pdf: true }]) {
      const { status, body } = await stack.postScrape({ url: `${stack.site.url}${PDF_FIXTURES.single.path}`, parsers });
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, error: 'Bad Request' });
    }
  });
});
