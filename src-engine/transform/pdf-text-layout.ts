/**
 * Turns the positioned text runs of PDF pages into Markdown: runs on one baseline become a
 * line, lines become paragraphs by their vertical gaps, lines set noticeably larger than
 * the body text become headings (levels by relative size), bullet glyphs become list items.
 */

/** One positioned run of text, as a PDF text extractor reports it. */
export interface PdfTextRun {
  text: string;
  /** Baseline position in PDF units (y grows upwards). */
  x: number;
  y: number;
  width: number;
  /** Font size in PDF units. */
  size: number;
}

/** A baseline of text on one page. */
export interface PdfLine {
  text: string;
  x: number;
  y: number;
  /** The size most of the line's characters are set in. */
  size: number;
}

/** Lines shorter than this may be headings; longer ones are body text whatever their size. */
const MAX_HEADING_CHARS = 200;
/** How much larger than body text a line must be to count as a heading. */
const HEADING_RATIO = 1.15;
const BULLET = /^[•◦▪▫●○■□‣⁃]\s*/;

/** Groups a page's runs (in content order) into lines. */
export function groupRunsIntoLines(runs: PdfTextRun[]): PdfLine[] {
  const lines: { parts: string[]; x: number; y: number; endX: number; sizes: Map<number, number> }[] = [];
  for (const run of runs) {
    if (run.text === '') continue;
    const line = lines.at(-1);
    const tolerance = Math.max(run.size, 1) * 0.5;
    if (line && Math.abs(run.y - line.y) <= tolerance && run.x >= line.endX - run.size) {
      const previous = line.parts.at(-1) ?? '';
      const gap = run.x - line.endX;
      if (gap > run.size * 0.15 && !/\s$/.test(previous) && !/^\s/.test(run.text)) line.parts.push(' ');
      line.parts.push(run.text);
      line.endX = Math.max(line.endX, run.x + run.width);
    } else {
      lines.push({ parts: [run.text], x: run.x, y: run.y, endX: run.x + run.width, sizes: new Map() });
    }
    const current = lines.at(-1)!;
    const key = roundSize(run.size);
    current.sizes.set(key, (current.sizes.get(key) ?? 0) + run.text.trim().length);
  }
  return lines
    .map((line) => ({
      text: line.parts.join('').replace(/\s+/g, ' ').trim(),
      x: line.x,
      y: line.y,
      size: dominant(line.sizes),
    }))
    .filter((line) => line.text !== '');
}

/** Renders the lines of every page (page order) as one Markdown document. */
export function linesToMarkdown(pages: PdfLine[][]): string {
  const all = pages.flat();
  if (all.length === 0) return '';
  const bodySize = bodyTextSize(all);
  const headingLevels = headingLevelsBySize(all, bodySize);
  const typicalGap = typicalLineGap(pages, bodySize);
  const blocks = pages.flatMap((lines) => pageBlocks(lines, headingLevels, typicalGap));
  let markdown = '';
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    if (i > 0) markdown += block.kind === 'item' && blocks[i - 1]!.kind === 'item' ? '\n' : '\n\n';
    markdown += block.text;
  }
  return markdown;
}

interface Block {
  kind: 'heading' | 'paragraph' | 'item';
  level: number;
  text: string;
  /** The last line added, to measure the gap to the next one. */
  last: PdfLine;
}

function pageBlocks(lines: PdfLine[], headingLevels: Map<number, number>, typicalGap: number): Block[] {
  const blocks: Block[] = [];
  for (const line of lines) {
    const level = headingLevels.get(roundSize(line.size)) ?? 0;
    const bullet = level === 0 && BULLET.test(line.text);
    const kind: Block['kind'] = level > 0 ? 'heading' : bullet ? 'item' : 'paragraph';
    const block = blocks.at(-1);
    if (block && !bullet && continues(block, line, kind, level, typicalGap)) {
      block.text = joinLines(block.text, line.text);
      block.last = line;
      continue;
    }
    const text = bullet ? line.text.replace(BULLET, '') : line.text;
    blocks.push({ kind, level, text, last: line });
  }
  return blocks.map((block) => ({ ...block, text: render(block) }));
}

/** True when `line` carries on the previous block rather than starting a new one. */
function continues(block: Block, line: PdfLine, kind: Block['kind'], level: number, typicalGap: number): boolean {
  if (kind === 'heading' ? block.kind !== 'heading' || block.level !== level : block.kind === 'heading') return false;
  const gap = block.last.y - line.y;
  if (gap <= 0) return false; // moved up: a new column or a float
  const size = Math.max(line.size, block.last.size);
  return gap <= Math.min(size * 1.6, typicalGap * 1.3);
}

function render(block: Block): string {
  if (block.kind === 'heading') return `${'#'.repeat(block.level)} ${block.text}`;
  if (block.kind === 'item') return `- ${block.text}`;
  return block.text;
}

/** Joins a wrapped line, undoing end-of-line hyphenation of a lower-case word. */
function joinLines(previous: string, next: string): string {
  if (/[a-zà-ÿ]-$/.test(previous) && /^[a-zà-ÿ]/.test(next)) return previous.slice(0, -1) + next;
  return `${previous} ${next}`;
}

/** The size most characters are set in. */
function bodyTextSize(lines: PdfLine[]): number {
  const weights = new Map<number, number>();
  for (const line of lines)
    weights.set(roundSize(line.size), (weights.get(roundSize(line.size)) ?? 0) + line.text.length);
  return dominant(weights);
}

/** Distinct sizes above the body size, largest first, mapped to heading levels 1–4. */
function headingLevelsBySize(lines: PdfLine[], bodySize: number): Map<number, number> {
  const sizes = new Set<number>();
  for (const line of lines) {
    if (line.size >= bodySize * HEADING_RATIO && line.text.length <= MAX_HEADING_CHARS) sizes.add(roundSize(line.size));
  }
  const ordered = [...sizes].sort((a, b) => b - a);
  return new Map(ordered.map((size, index) => [size, Math.min(index + 1, 4)]));
}

/** The median baseline distance between consecutive body lines: the document's line spacing. */
function typicalLineGap(pages: PdfLine[][], bodySize: number): number {
  const gaps: number[] = [];
  for (const lines of pages) {
    for (let i = 1; i < lines.length; i++) {
      const gap = lines[i - 1]!.y - lines[i]!.y;
      const bodyLike = roundSize(lines[i]!.size) === bodySize && roundSize(lines[i - 1]!.size) === bodySize;
      if (bodyLike && gap > 0 && gap < bodySize * 3) gaps.push(gap);
    }
  }
  if (gaps.length === 0) return bodySize * 1.6;
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)]!;
}

function roundSize(size: number): number {
  return Math.round(size * 2) / 2;
}

function dominant(weights: Map<number, number>): number {
  let best = 0;
  let bestWeight = -1;
  for (const [size, weight] of weights) {
    if (weight > bestWeight) {
      best = size;
      bestWeight = weight;
    }
  }
  return best;
}
