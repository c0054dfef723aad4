/**
 * PDF → Markdown with pdf.js (legacy build, no worker: it runs in the calling thread under
 * Node). Pages are read one by one inside a time budget; when the budget runs out the
 * caller gets Firecrawl's SCRAPE_PDF_INSUFFICIENT_TIME_ERROR naming a timeout that would do.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { EngineError } from '../errors/engine-error.js';
import { groupRunsIntoLines, linesToMarkdown, type PdfLine, type PdfTextRun } from './pdf-text-layout.js';

export interface PdfToMarkdownOptions {
  /** Time budget for parsing, in milliseconds. */
  timeoutMs: number;
  /** Read at most this many pages (from the first). */
  maxPages?: number;
}

export interface PdfMarkdown {
  markdown: string;
  /** Pages in the document (all of them, also when `maxPages` read fewer). */
  numPages: number;
  /** The document's Title metadata, when set. */
  title?: string;
}

/** A guess at per-page cost used before any page has been timed. */
const ASSUMED_MS_PER_PAGE = 100;
/**
 * The least time a page is given (Firecrawl's rule): a budget below pages × this fails at once
 * with SCRAPE_PDF_INSUFFICIENT_TIME_ERROR instead of parsing until the deadline cuts it short.
 */
export const MIN_MS_PER_PAGE = 150;

type PdfJs = typeof import('pdfjs-dist');
let pdfjsModule: Promise<PdfJs> | undefined;

/** Loads pdf.js once, on first use (it is large and most scrapes never see a PDF). */
function loadPdfJs(): Promise<PdfJs> {
  pdfjsModule ??= import('pdfjs-dist/legacy/build/pdf.mjs') as Promise<PdfJs>;
  return pdfjsModule;
}

/** Where pdf.js finds its standard fonts and character maps on disk. */
function pdfjsAssets(): { standardFontDataUrl: string; cMapUrl: string } {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return { standardFontDataUrl: join(root, 'standard_fonts') + '/', cMapUrl: join(root, 'cmaps') + '/' };
}

/**
 * Extracts the text of a PDF as Markdown: headings by relative font size, paragraphs in
 * reading order, pages separated by a blank line. Throws SCRAPE_PDF_INSUFFICIENT_TIME_ERROR
 * when `timeoutMs` is not enough, SCRAPE_UNSUPPORTED_FILE_ERROR when the bytes are no PDF.
 */
export async function pdfToMarkdown(pdf: Buffer, options: PdfToMarkdownOptions): Promise<PdfMarkdown> {
  const started = Date.now();
  const deadline = started + options.timeoutMs;
  // Decided from the raw bytes before pdf.js is even loaded: a hopeless budget fails at once.
  rejectTooSmallBudget(Math.min(countPagesRoughly(pdf), options.maxPages ?? Infinity), deadline, started);
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    data: new Uint8Array(pdf),
    ...pdfjsAssets(),
    cMapPacked: true,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });

  let doc: PDFDocumentProxy;
  try {
    doc = await beforeDeadline(task.promise, deadline);
  } catch (error) {
    void task.destroy();
    if (error === DEADLINE) throw insufficientTime(countPagesRoughly(pdf), started, 0);
    throw new EngineError(
      'SCRAPE_UNSUPPORTED_FILE_ERROR',
      `Scrape resulted in unsupported file: the PDF could not be read (${(error as Error).message}).`,
      { cause: error },
    );
  }

  try {
    const numPages = doc.numPages;
    const pagesToRead = Math.min(numPages, options.maxPages ?? numPages);
    rejectTooSmallBudget(pagesToRead, deadline, started);
    const pages: PdfLine[][] = [];
    for (let number = 1; number <= pagesToRead; number++) {
      if (Date.now() >= deadline) throw insufficientTime(pagesToRead, started, pages.length);
      try {
        pages.push(await beforeDeadline(readPageLines(doc, number), deadline));
      } catch (error) {
        if (error === DEADLINE) throw insufficientTime(pagesToRead, started, pages.length);
        throw error;
      }
    }
    const title = await readTitle(doc);
    return { markdown: linesToMarkdown(pages), numPages, ...(title ? { title } : {}) };
  } finally {
    void doc.destroy();
  }
}

async function readPageLines(doc: PDFDocumentProxy, number: number): Promise<PdfLine[]> {
  const page = await doc.getPage(number);
  try {
    const content = await page.getTextContent();
    const runs: PdfTextRun[] = [];
    for (const item of content.items) {
      if (!('str' in item)) continue;
      const [, , c = 0, d = 0, x = 0, y = 0] = item.transform as number[];
      runs.push({ text: item.str, x, y, width: item.width, size: Math.hypot(c, d) || item.height });
    }
    return groupRunsIntoLines(runs);
  } finally {
    page.cleanup();
  }
}

async function readTitle(doc: PDFDocumentProxy): Promise<string | undefined> {
  try {
    const { info } = await doc.getMetadata();
    const title = (info as { Title?: unknown } | undefined)?.Title;
    return typeof title === 'string' && title.trim() !== '' ? title.trim() : undefined;
  } catch {
    return undefined;
  }
}

const DEADLINE = Symbol('deadline');

/** Resolves like `work`, or rejects with DEADLINE once `deadline` (epoch ms) has passed. */
function beforeDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(DEADLINE), Math.min(Math.max(0, deadline - Date.now()), 2_147_483_647));
  });
  work.catch(() => undefined);
  return Promise.race([work, expiry]).finally(() => clearTimeout(timer));
}

/** Throws SCRAPE_PDF_INSUFFICIENT_TIME_ERROR when what is left before `deadline` is below {@link MIN_MS_PER_PAGE} per page. */
function rejectTooSmallBudget(pages: number, deadline: number, started: number): void {
  if (deadline - Date.now() < pages * MIN_MS_PER_PAGE) throw insufficientTime(pages, started, 0);
}

/** The error for a budget too small, with a timeout estimated from the pages read so far. */
function insufficientTime(pages: number, started: number, pagesDone: number): EngineError {
  const elapsed = Date.now() - started;
  const perPage = pagesDone > 0 ? elapsed / pagesDone : Math.max(ASSUMED_MS_PER_PAGE, elapsed);
  const estimate = Math.max((elapsed + perPage * Math.max(1, pages - pagesDone)) * 1.5, pages * MIN_MS_PER_PAGE) + 5_000;
  const ms = Math.ceil(estimate / 1_000) * 1_000;
  return new EngineError(
    'SCRAPE_PDF_INSUFFICIENT_TIME_ERROR',
    `Insufficient time to process PDF of ${pages} pages. Please increase the timeout parameter in your scrape request to at least ${ms}ms.`,
    { details: { numPages: pages, requiredTimeoutMs: ms } },
  );
}

/** Page count from the raw bytes when the document could not be opened in time. */
function countPagesRoughly(pdf: Buffer): number {
  const text = pdf.toString('latin1');
  const pageObjects = text.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
  let declared = 0;
  for (const match of text.matchAll(
    /\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)|\/Count\s+(\d+)[^>]*?\/Type\s*\/Pages\b/g,
  )) {
    declared = Math.max(declared, Number(match[1] ?? match[2]));
  }
  return Math.max(1, pageObjects, declared);
}
