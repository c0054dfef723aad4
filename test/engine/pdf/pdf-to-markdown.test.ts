import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../../../src-engine/errors/engine-error.js';
import { pdfToMarkdown } from '../../../src-engine/transform/pdf.js';
import { buildPdf, paragraph } from './build-pdf.js';

const report = `<!doctype html><html><head><meta charset="utf-8"><title>Annual Harbour Report</title></head>
<body style="font-family: serif; font-size: 12pt">
  <h1>Annual Harbour Report</h1>
  <p>The harbour handled more ships this year than in any year before, and this opening paragraph is long
  enough to wrap over several printed lines so that the lines have to be joined back together.</p>
  <h2>Cargo</h2>
  <p>Container traffic grew by a fifth.</p>
  <p>Bulk cargo stayed level.</p>
  <h2 style="break-before: page">Outlook</h2>
  <p>The second page talks about dredging the outer channel.</p>
  <h2 style="break-before: page">Closing Notes</h2>
  <p>The lighthouse keeper retires in spring.</p>
</body></html>`;

describe('pdfToMarkdown', () => {
  let dir: string;
  let chromiumPdf: Buffer;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'trawl-pdf-'));
    const html = join(dir, 'report.html');
    const out = join(dir, 'report.pdf');
    writeFileSync(html, report);
    execFileSync(
      '/usr/bin/chromium',
      ['--headless', '--no-sandbox', '--disable-gpu', '--no-pdf-header-footer', `--print-to-pdf=${out}`, html],
      { stdio: 'ignore', timeout: 60_000 },
    );
    chromiumPdf = readFileSync(out);
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('turns a printed web page into headings and paragraphs across pages', async () => {
    const result = await pdfToMarkdown(chromiumPdf, { timeoutMs: 30_000 });
    expect(result.numPages).toBe(3);
    expect(result.title).toBe('Annual Harbour Report');
    expect(result.markdown).toContain('# Annual Harbour Report');
    expect(result.markdown).toContain('## Cargo');
    expect(result.markdown).toContain('## Outlook');
    expect(result.markdown).toMatch(
      /The harbour handled more ships this year than in any year before, and this opening paragraph is long enough to wrap over several printed lines so that the lines have to be joined back together\./,
    );
    expect(result.markdown).toContain('Container traffic grew by a fifth.\n\nBulk cargo stayed level.');
    expect(result.markdown.trimEnd().endsWith('The lighthouse keeper retires in spring.')).toBe(true);
  });

  it('ranks headings by relative size and splits paragraphs by vertical gaps', async () => {
    const pdf = buildPdf({
      title: 'Field Guide',
      pages: [
        [
          { text: 'Field Guide to Rivers', size: 24, y: 720 },
          ...paragraph(['Rivers carry water from high ground', 'to the sea, shaping valleys on the way.'], 680),
          { text: 'Sources', size: 16, y: 630 },
          ...paragraph(
            ['Most rivers begin as small streams fed by rain and melt-', 'ing snow high in the hills.'],
            605,
          ),
          ...paragraph(['A second paragraph starts after a wider gap.'], 570),
          { text: 'Springs', size: 13, y: 540 },
          ...paragraph(['Springs rise where groundwater meets the surface.'], 520),
        ],
        [{ text: 'Deltas', size: 16, y: 720 }, ...paragraph(['The final page mentions the estuary heron.'], 695)],
      ],
    });
    const result = await pdfToMarkdown(pdf, { timeoutMs: 30_000 });
    expect(result).toEqual({
      numPages: 2,
      title: 'Field Guide',
      markdown: [
        '# Field Guide to Rivers',
        'Rivers carry water from high ground to the sea, shaping valleys on the way.',
        '## Sources',
        'Most rivers begin as small streams fed by rain and melting snow high in the hills.',
        'A second paragraph starts after a wider gap.',
        '### Springs',
        'Springs rise where groundwater meets the surface.',
        '## Deltas',
        'The final page mentions the estuary heron.',
      ].join('\n\n'),
    });
  });

  it('reads only the first maxPages pages but reports every page', async () => {
    const pages = [1, 2, 3, 4].map((n) => paragraph([`Text of page ${n}.`], 700));
    const result = await pdfToMarkdown(buildPdf({ pages }), { timeoutMs: 30_000, maxPages: 2 });
    expect(result.numPages).toBe(4);
    expect(result.markdown).toBe('Text of page 1.\n\nText of page 2.');
    expect(result.title).toBeUndefined();
  });

  it('fails with SCRAPE_PDF_INSUFFICIENT_TIME_ERROR when the budget is too small', async () => {
    const pages = Array.from({ length: 40 }, (_, n) => paragraph([`Page ${n + 1} of a long document.`], 700));
    const error = await pdfToMarkdown(buildPdf({ pages }), { timeoutMs: 1 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('SCRAPE_PDF_INSUFFICIENT_TIME_ERROR');
    expect((error as EngineError).message).toMatch(
      /^Insufficient time to process PDF of 40 pages\. Please increase the timeout parameter in your scrape request to at least \d+ms\.$/,
    );
  });

  it('rejects bytes that are not a PDF as an unsupported file', async () => {
    const error = await pdfToMarkdown(Buffer.from('<html>not a pdf</html>'), { timeoutMs: 10_000 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as EngineError).code).toBe('SCRAPE_UNSUPPORTED_FILE_ERROR');
  });
});
