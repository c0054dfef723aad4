/**
 * The article-extraction benchmark's text metric: 4-token shingles compared
 * as multisets, per-page precision and recall, means over pages, and the F1
 * of those means.
 */

/** Counts of matched, extra and missing shingles on one page. */
export interface ShingleCounts {
  tp: number;
  fp: number;
  fn: number;
}

/** Mean precision and recall over pages, and the F1 of the two means. */
export interface TextScores {
  f1: number;
  precision: number;
  recall: number;
}

/** Same as Python's `\w+` with `re.UNICODE`: letters, numbers and underscore. */
const TOKEN_RE = /[\p{L}\p{N}_]+/gu;
const SHINGLE_SIZE = 4;

/** Splits text into word tokens, case kept. */
export function tokenize(text: string): string[] {
  return text.match(TOKEN_RE) ?? [];
}

/** Multiset of the text's shingles (a text shorter than four tokens is one shingle; no tokens, none). */
export function shingleCounts(text: string): Map<string, number> {
  const tokens = tokenize(text);
  const counts = new Map<string, number>();
  if (tokens.length === 0) return counts;
  const last = Math.max(1, tokens.length - SHINGLE_SIZE + 1);
  for (let i = 0; i < last; i++) {
    const key = tokens.slice(i, i + SHINGLE_SIZE).join('\u0000');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Compares one page's predicted text with its true text. */
export function matchShingles(truth: string, predicted: string): ShingleCounts {
  const trueCounts = shingleCounts(truth);
  const predCounts = shingleCounts(predicted);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const [key, predCount] of predCounts) {
    const trueCount = trueCounts.get(key) ?? 0;
    tp += Math.min(trueCount, predCount);
    fp += Math.max(0, predCount - trueCount);
  }
  for (const [key, trueCount] of trueCounts) {
    fn += Math.max(0, trueCount - (predCounts.get(key) ?? 0));
  }
  return { tp, fp, fn };
}

/** Precision of one page: 1 when nothing is extra or missing, 0 when nothing was predicted. */
export function pagePrecision({ tp, fp, fn }: ShingleCounts): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fp === 0) return 0;
  return tp / (tp + fp);
}

/** Recall of one page: 1 when nothing is extra or missing, 0 when nothing was expected. */
export function pageRecall({ tp, fp, fn }: ShingleCounts): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fn === 0) return 0;
  return tp / (tp + fn);
}

function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length;
}

/**
 * Scores a set of pages. Pages whose precision (or recall) denominator is
 * zero are left out of that mean, as the benchmark does.
 */
export function scorePages(pages: ShingleCounts[]): TextScores {
  const precision = mean(pages.filter((p) => p.tp + p.fp > 0).map(pagePrecision));
  const recall = mean(pages.filter((p) => p.tp + p.fn > 0).map(pageRecall));
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { f1, precision, recall };
}
