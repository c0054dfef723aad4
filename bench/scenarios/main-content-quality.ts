/**
 * Main-content quality: scores `extractMainContentHtml` (through markdown, as a
 * scrape with `onlyMainContent` returns it) and plain Mozilla Readability on
 * the article-extraction development set, with the benchmark's own metric.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { toMarkdown } from '../../src-engine/formats/markdown.js';
import { extractMainContentHtml } from '../../src-engine/transform/main-content.js';
import { matchShingles, scorePages, type ShingleCounts, type TextScores } from '../lib/text-metric.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Where the dataset lives (beside the checkout); `loadArticlePages` takes another folder too. */
export const DATASET_DIR = resolve(here, '../../../shared/datasets/article-extraction');

/** One dataset page: its HTML, URL and human-written main text. */
export interface ArticlePage {
  id: string;
  url: string;
  html: string;
  articleBody: string;
}

/** Figures the benchmark runner records. */
export interface MainContentQuality {
  trawl: TextScores;
  readability: TextScores;
  pages: number;
  /** Mean time of `extractMainContentHtml` per page (parsing included, markdown conversion not). */
  msPerPage: number;
  /** Mean time of plain Readability per page (parsing included). */
  readabilityMsPerPage: number;
  perPage: { id: string; url: string; trawl: ShingleCounts; readability: ShingleCounts }[];
}

/** Loads the dataset pages (all, or the given ids). */
export function loadArticlePages(dir = DATASET_DIR, ids?: string[]): ArticlePage[] {
  const truth = JSON.parse(readFileSync(join(dir, 'ground-truth.json'), 'utf8')) as Record<string, { url: string; articleBody: string }>;
  const wanted =
    ids ??
    readdirSync(join(dir, 'html'))
      .filter((f) => f.endsWith('.html.gz'))
      .map((f) => f.replace(/\.html\.gz$/, ''))
      .sort();
  return wanted.map((id) => ({
    id,
    url: truth[id].url,
    articleBody: truth[id].articleBody,
    html: gunzipSync(readFileSync(join(dir, 'html', `${id}.html.gz`))).toString('utf8'),
  }));
}

/** Strips markdown syntax so only the text a reader sees remains. */
export function markdownToPlainText(markdown: string): string {
  // Escaped characters are literal text: park them in private-use code points while syntax is removed.
  const escaped: string[] = [];
  const parked = markdown.replace(/\\([!-/:-@[-`{-~])/g, (_, ch: string) => {
    escaped.push(ch);
    return String.fromCodePoint(0xf0000 + escaped.length - 1);
  });
  const text = parked
    .replace(/^\s*(```|~~~).*$/gm, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\((?:[^()\s]|\([^)]*\))*(?:\s+"[^"]*")?\)/g, '$1')
    .replace(/<((?:https?|mailto|ftp):[^>\s]+)>/g, '$1')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '')
    .replace(/^\s*>+\s?/gm, '')
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, '')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/gm, '')
    .replace(/\|/g, ' ')
    // Underscores are word characters, so emphasis made of them must go; asterisks never form tokens.
    .replace(/(^|[^\p{L}\p{N}_])_+(?=[\p{L}\p{N}])/gmu, '$1')
    .replace(/([\p{L}\p{N}])_+(?![\p{L}\p{N}_])/gmu, '$1');
  return text.replace(/[\u{f0000}-\u{ffffd}]/gu, (c) => escaped[c.codePointAt(0)! - 0xf0000] ?? c);
}

/** Extracted text of one page and how long the extraction itself took (conversion to text excluded). */
interface Extraction {
  text: string;
  ms: number;
}

function extractWithTrawl(page: ArticlePage): Extraction {
  const started = performance.now();
  const html = extractMainContentHtml(page.html, page.url);
  const ms = performance.now() - started;
  return { text: markdownToPlainText(toMarkdown(html, { baseUrl: page.url })), ms };
}

function extractWithReadability(page: ArticlePage): Extraction {
  const started = performance.now();
  let text = '';
  try {
    const { document } = parseHTML(page.html);
    text = new Readability(document as unknown as Document).parse()?.textContent ?? '';
  } catch {
    text = '';
  }
  return { text, ms: performance.now() - started };
}

/** Scores one extractor over pages, with its mean extraction time per page. */
export function scoreExtractor(pages: ArticlePage[], extract: (page: ArticlePage) => Extraction) {
  const tally = new Tally();
  for (const page of pages) tally.add(page, extract(page));
  return tally.result();
}

class Tally {
  readonly counts: ShingleCounts[] = [];
  private totalMs = 0;

  add(page: ArticlePage, { text, ms }: Extraction): void {
    this.totalMs += ms;
    this.counts.push(matchShingles(page.articleBody, text));
  }

  result() {
    return { scores: scorePages(this.counts), counts: this.counts, ms: this.totalMs / Math.max(1, this.counts.length) };
  }
}

/** Runs both extractors on the whole development set and returns the figures. */
export function run(pages = loadArticlePages()): MainContentQuality {
  // Warm both code paths up first so neither pays the JIT's start-up in its timing.
  for (const page of pages.slice(0, 5)) {
    extractWithTrawl(page);
    extractWithReadability(page);
  }
  // Page by page, both extractors in turn, so a busy machine slows both alike.
  const trawlTally = new Tally();
  const readabilityTally = new Tally();
  for (const page of pages) {
    trawlTally.add(page, extractWithTrawl(page));
    readabilityTally.add(page, extractWithReadability(page));
  }
  const trawl = trawlTally.result();
  const readability = readabilityTally.result();
  return {
    trawl: trawl.scores,
    readability: readability.scores,
    pages: pages.length,
    msPerPage: round(trawl.ms),
    readabilityMsPerPage: round(readability.ms),
    perPage: pages.map((p, i) => ({ id: p.id, url: p.url, trawl: trawl.counts[i], readability: readability.counts[i] })),
  };
}

/** Score of the Trawl extractor alone, for quality tests on a subset. */
export function scoreTrawl(pages: ArticlePage[]): TextScores {
  return scoreExtractor(pages, extractWithTrawl).scores;
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

function format(s: TextScores): string {
  return `F1 ${s.f1.toFixed(4)}  precision ${s.precision.toFixed(4)}  recall ${s.recall.toFixed(4)}`;
}

function formatCounts(c: ShingleCounts): string {
  return `precision ${(c.tp / (c.tp + c.fp || 1)).toFixed(2)} recall ${(c.tp / (c.tp + c.fn || 1)).toFixed(2)}`;
}

/** Prints the figures; `--pages` adds one line per page (Trawl, then Readability). */
function main(): void {
  const result = run();
  const { perPage, ...summary } = result;
  console.log(`pages        ${result.pages}`);
  console.log(`trawl        ${format(result.trawl)}  (${result.msPerPage} ms/page)`);
  console.log(`readability  ${format(result.readability)}  (${result.readabilityMsPerPage} ms/page)`);
  if (process.argv.includes('--pages')) {
    for (const p of perPage) console.log(`${p.id.slice(0, 8)}  ${formatCounts(p.trawl)} | ${formatCounts(p.readability)}  ${p.url}`);
  }
  console.log(JSON.stringify(summary));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
