import type { DocumentMetadata, ScrapedDocument } from '../contracts/index.js';
import { EngineError } from '../errors/engine-error.js';
import type { FetchResult } from '../fetch/types.js';
import { computeChangeTracking, removedChangeTracking } from '../formats/change-tracking.js';
import { computeChangeTrackingJson } from '../formats/change-tracking-json.js';
import { produceJson } from '../formats/json.js';
import { toMarkdown } from '../formats/markdown.js';
import { produceSummary } from '../formats/summary.js';
import type { LlmClient } from '../llm/chat-client.js';
import type { StoreTables } from '../store/store.js';
import { removeBase64Images } from '../transform/base64-images.js';
import { pdfToMarkdown } from '../transform/pdf.js';
import { transformHtml } from '../transform/transform-html.js';
import { classifyContent, type ContentKind } from './content-kind.js';
import { creditsForPage } from './credits.js';
import type { ScrapeTarget } from './scrape-service.js';
import type { StepTimer } from './step-timer.js';

export interface BuiltDocument {
  document: ScrapedDocument;
  kind: ContentKind;
}

/** A fetched body turned into content, before any format is produced from it. */
export interface TransformedContent {
  kind: ContentKind;
  content: Content;
  /** Markdown after base64-image removal (what formats and the escalation heuristic see). */
  markdown: string;
}

interface TransformInput {
  target: ScrapeTarget;
  fetched: FetchResult;
  deadline: number;
  timer: StepTimer;
}

interface BuildInput extends TransformInput {
  proxyUsed: 'basic' | 'stealth';
  cacheState?: 'miss';
  llm?: LlmClient;
  tables: StoreTables;
}

interface Content {
  markdown: string;
  html: string;
  rawHtml: string;
  metadata: Record<string, unknown>;
  /** The `links` format, when asked for and the content is HTML. */
  links?: string[];
  numPages?: number;
  pdfParsed: boolean;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  410: 'Gone',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** First phase: the body becomes clean content and markdown (no format, no side effect yet). */
export async function transformContent(input: TransformInput): Promise<TransformedContent> {
  const { target, fetched, timer } = input;
  const { options } = target;
  const kind = classifyContent(fetched.contentType, fetched.body);
  const wantLinks = options.formats.some((f) => f.type === 'links');
  const content = await timer.timeAsync('transform', () => contentOf(kind, input, wantLinks));
  const markdown = options.removeBase64Images ? removeBase64Images(content.markdown) : content.markdown;
  return { kind, content, markdown };
}

/**
 * Second phase, run once per scrape: the requested formats, metadata and credits. Model calls
 * share the scrape's deadline, so a slow model ends in SCRAPE_TIMEOUT, never a hang.
 */
export async function buildDocument(input: BuildInput, transformed: TransformedContent): Promise<BuiltDocument> {
  const { target, fetched, timer } = input;
  const { options } = target;
  const wants = new Set(options.formats.map((f) => f.type));
  const { kind, content, markdown } = transformed;

  const metadata: DocumentMetadata = {
    ...content.metadata,
    sourceURL: target.sourceURL,
    url: fetched.url,
    statusCode: fetched.statusCode,
    contentType: fetched.contentType,
    scrapeId: target.scrapeId,
    proxyUsed: input.proxyUsed,
  };
  if (content.numPages !== undefined) metadata.numPages = content.numPages;
  if (input.cacheState) metadata.cacheState = input.cacheState;
  if (fetched.statusCode >= 400) metadata.error = STATUS_TEXT[fetched.statusCode] ?? `HTTP ${fetched.statusCode}`;

  const document: ScrapedDocument = { metadata };
  const warnings: string[] = [];
  if (wants.has('markdown')) document.markdown = markdown;
  if (wants.has('html')) document.html = content.html;
  if (wants.has('rawHtml')) document.rawHtml = content.rawHtml;
  if (wants.has('links')) document.links = content.links ?? [];
  if (wants.has('screenshot') && fetched.screenshot) document.screenshot = fetched.screenshot;
  if (fetched.actions && options.actions && options.actions.length > 0) document.actions = fetched.actions;

  const budget = new AbortController();
  const budgetTimer = setTimeout(
    () => budget.abort(new EngineError('SCRAPE_TIMEOUT', 'Scrape timed out while the language model was answering.')),
    Math.max(1, input.deadline - Date.now()),
  );
  const signal = target.signal ? AbortSignal.any([target.signal, budget.signal]) : budget.signal;
  try {
    for (const format of options.formats) {
      if (format.type === 'json') {
        const result = await timer.timeAsync('json', () =>
          produceJson({ markdown, html: content.rawHtml, url: fetched.url, metadata, format, llm: input.llm, signal }),
        );
        document.json = result.json;
        if (result.warning) warnings.push(result.warning);
      } else if (format.type === 'summary') {
        const result = await timer.timeAsync('summary', () => produceSummary({ markdown, llm: input.llm, signal }));
        document.summary = result.summary;
        if (result.warning) warnings.push(result.warning);
      } else if (format.type === 'changeTracking') {
        const tag = format.tag ?? '';
        const urlKey = changeKey(fetched.url);
        const previous = input.tables.changes.get(urlKey, tag);
        // A page answering 404 has been removed, whatever its history (as Firecrawl reports it).
        const result =
          fetched.statusCode === 404
            ? removedChangeTracking(previous?.scrapedAt ?? null)
            : computeChangeTracking({
                previous: previous ? { markdown: previous.markdown, scrapedAt: previous.scrapedAt } : null,
                currentMarkdown: markdown,
                gitDiff: format.modes.includes('git-diff'),
              });
        let currentJson: unknown;
        if (format.modes.includes('json')) {
          const produced = await produceJson({
            markdown,
            html: content.rawHtml,
            url: fetched.url,
            metadata,
            format: { type: 'json', schema: format.schema, prompt: format.prompt },
            llm: input.llm,
            signal,
          });
          currentJson = produced.json;
          if (produced.warning) warnings.push(produced.warning);
          result.json = computeChangeTrackingJson({ previous: previous?.json ?? null, current: currentJson });
        }
        document.changeTracking = result;
        if (!target.zeroDataRetention) {
          input.tables.changes.put(urlKey, tag, { scrapedAt: new Date().toISOString(), markdown, json: currentJson });
        }
      }
    }
  } finally {
    clearTimeout(budgetTimer);
  }

  metadata.creditsUsed = creditsForPage({
    options,
    numPages: content.numPages,
    pdfParsed: content.pdfParsed,
    proxyUsed: input.proxyUsed,
    zeroDataRetention: target.zeroDataRetention,
  });
  if (warnings.length > 0) document.warning = warnings.join(' ');
  return { document, kind };
}

/** Change history is kept per page address without its fragment. */
function changeKey(url: string): string {
  const u = new URL(url);
  u.hash = '';
  return u.href;
}

async function contentOf(kind: ContentKind, input: TransformInput, wantLinks: boolean): Promise<Content> {
  const { fetched, target, deadline } = input;
  const { options } = target;
  switch (kind) {
    case 'html': {
      const run = (onlyMainContent: boolean) =>
        transformHtml(fetched.text, {
          url: fetched.url,
          onlyMainContent,
          includeTags: options.includeTags,
          excludeTags: options.excludeTags,
          wantLinks,
          wantMetadata: true,
        });
      let transformed = run(options.onlyMainContent);
      let markdown = toMarkdown(transformed.cleanedHtml, { baseUrl: fetched.url });
      if (options.onlyMainContent && markdown.trim() === '') {
        // Wire contract 3.1: an empty main content falls back to the whole page.
        transformed = run(false);
        markdown = toMarkdown(transformed.cleanedHtml, { baseUrl: fetched.url });
      }
      return {
        markdown,
        html: transformed.cleanedHtml,
        rawHtml: fetched.text,
        metadata: transformed.metadata ?? {},
        links: transformed.links,
        pdfParsed: false,
      };
    }
    case 'pdf': {
      const parse = options.parsers === undefined || options.parsers.length > 0;
      if (!parse) {
        return { markdown: fetched.body.toString('base64'), html: '', rawHtml: '', metadata: {}, pdfParsed: false };
      }
      const pdfParser = options.parsers?.find((p) => typeof p === 'object');
      const maxPages = typeof pdfParser === 'object' ? pdfParser.maxPages : undefined;
      const pdf = await pdfToMarkdown(fetched.body, { timeoutMs: Math.max(0, deadline - Date.now()), maxPages });
      const metadata: Record<string, unknown> = {};
      if (pdf.title) metadata.title = pdf.title;
      return { markdown: pdf.markdown, html: '', rawHtml: '', metadata, numPages: pdf.numPages, pdfParsed: true };
    }
    case 'json':
      return {
        markdown: '```json\n' + fetched.text.trim() + '\n```',
        html: fetched.text,
        rawHtml: fetched.text,
        metadata: {},
        pdfParsed: false,
      };
    case 'text':
      return { markdown: fetched.text, html: fetched.text, rawHtml: fetched.text, metadata: {}, pdfParsed: false };
    case 'unsupported':
      throw new EngineError(
        'SCRAPE_UNSUPPORTED_FILE_ERROR',
        `Scrape resulted in unsupported file: ${fetched.contentType || 'unknown content type'}`,
      );
  }
}
