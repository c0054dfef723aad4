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

/** Where the dataset lives; overridable so the benchmark can run from another checkout. */
export const DATASET_DIR = process.env.TRAWL_ARTICLE_SET ?? resolve(here, '../../../shared/datasets/article-extraction');

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
  msPerPage: number;
  readabilityMsPerPage: number;
  perPage: { id: string; url: string; trawl: ShingleCounts; readability: ShingleCounts }[];
}

/** Loads the dataset pages (all, or the given ids). */
export function loadArticlePages(dir = DATASET_DIR, ids?: string[]): ArticlePage[] {
  const truth = JSON.parse(readFileSync(join(dir, 'ground-truth.json'), 'utf8')) as Record<
    string,
    { url: string; articleBody: string }
  >;
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

function extractWithTrawl(page: ArticlePage): string {
  return markdownToPlainText(toMarkdown(extractMainContentHtml(page.html, page.url), { baseUrl: page.url }));
}

function extractWithReadability(page: ArticlePage): string {
  try {
    const { document } = parseHTML(page.html);
    return new Readability(document as unknown as Document).parse()?.textContent ?? '';
  } catch {
    return '';
  }
}

/** Scores one extractor over pages, with its mean time per page. */
export function scoreExtractor(pages: ArticlePage[], extract: (page: ArticlePage) => string) {
  const counts: ShingleCounts[] = [];
  const started = performance.now();
  for (const page of pages) counts.push(matchShingles(page.articleBody, extract(page)));
  const ms = (performance.now() - started) / Math.max(1, pages.length);
  return { scores: scorePages(counts), counts, ms };
}

/** Runs both extractors on the whole development set and returns the figures. */
export function run(pages = loadArticlePages()): MainContentQuality {
  const trawl = scoreExtractor(pages, extractWithTrawl);
  const readability = scoreExtractor(pages, extractWithReadability);
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

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const result = run();
  console.log(`pages        ${result.pages}`);
  console.log(`trawl        ${format(result.trawl)}  (${result.msPerPage} ms/page)`);
  console.log(`readability  ${format(result.readability)}  (${result.readabilityMsPerPage} ms/page)`);
  if (process.argv.includes('--pages')) {
    for (const p of result.perPage) {
      const f = (c: ShingleCounts) => `${(c.tp / (c.tp + c.fp || 1)).toFixed(2)}/${(c.tp / (c.tp + c.fn || 1)).toFixed(2)}`;
      console.log(`${p.id.slice(0, 8)} trawl ${f(p.trawl)} read ${f(p.readability)} ${p.url}`);
    }
  }
}
