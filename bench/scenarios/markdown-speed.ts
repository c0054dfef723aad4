/**
 * Scenario 3 — markdown conversion speed. Two real-world pages from the article-extraction set
 * (the one nearest 100 KB and the one nearest 1 MB of HTML) are converted again and again by
 * Trawl's converter (`toMarkdown`, mdream) and by turndown with its GFM plugin, in the same
 * process, alternating, after a warm-up. MB/s counts input HTML bytes.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { toMarkdown } from '../../src-engine/formats/markdown.js';
import { markdownTable } from '../lib/markdown-table.js';
import type { Scenario, ScenarioContext, ScenarioResult } from '../lib/scenario.js';
import { fmt, fmtRatio, fmtSummary, mb, summarize, type Summary } from '../lib/stats.js';
import { createTurndown } from '../lib/turndown-markdown.js';
import { DATASET_DIR } from './main-content-quality.js';

const RUNS = 5;
const WARMUP = 3;
/** Each run repeats a conversion until this much time has passed (at least once). */
const RUN_MS = 1000;

interface Sample {
  id: string;
  url: string;
  html: string;
  bytes: number;
}

/** The dataset page whose HTML size is nearest `bytes`. */
function pageNear(bytes: number): Sample {
  const dir = join(DATASET_DIR, 'html');
  let best: { id: string; html: string; size: number } | undefined;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.html.gz'))) {
    // Compressed sizes prune the candidates before anything is unpacked.
    if (statSync(join(dir, file)).size > bytes) continue;
    const html = gunzipSync(readFileSync(join(dir, file))).toString('utf8');
    const size = Buffer.byteLength(html);
    if (!best || Math.abs(size - bytes) < Math.abs(best.size - bytes)) best = { id: file.replace(/\.html\.gz$/, ''), html, size };
  }
  if (!best) throw new Error(`No dataset page near ${bytes} bytes in ${dir}`);
  const truth = JSON.parse(readFileSync(join(DATASET_DIR, 'ground-truth.json'), 'utf8')) as Record<string, { url: string }>;
  return { id: best.id, url: truth[best.id]?.url ?? '', html: best.html, bytes: best.size };
}

/** MB/s of `convert` on one page over about {@link RUN_MS}. */
function throughput(convert: () => string, bytes: number, runMs: number): number {
  let iterations = 0;
  const started = performance.now();
  let elapsed = 0;
  do {
    convert();
    iterations++;
    elapsed = performance.now() - started;
  } while (elapsed < runMs);
  return mb(bytes * iterations) / (elapsed / 1000);
}

export const markdownSpeed: Scenario = {
  name: 'markdown',
  title: '3. Markdown conversion speed',
  async run(ctx: ScenarioContext): Promise<ScenarioResult> {
    const runs = ctx.quick ? 2 : RUNS;
    const runMs = ctx.quick ? 300 : RUN_MS;
    const turndown = createTurndown();
    const samples = [pageNear(100 * 1024), pageNear(1024 * 1024)];
    const rows: string[][] = [];
    const targets = [];
    const data = [];
    for (const sample of samples) {
      const trawl = () => toMarkdown(sample.html, { baseUrl: sample.url });
      const plain = () => turndown.turndown(sample.html);
      const outputs = { trawl: trawl().length, turndown: plain().length };
      for (let i = 0; i < WARMUP; i++) {
        trawl();
        plain();
      }
      const trawlMbps: number[] = [];
      const turndownMbps: number[] = [];
      for (let run = 0; run < runs; run++) {
        const first = run % 2 === 0;
        if (first) trawlMbps.push(throughput(trawl, sample.bytes, runMs));
        turndownMbps.push(throughput(plain, sample.bytes, runMs));
        if (!first) trawlMbps.push(throughput(trawl, sample.bytes, runMs));
      }
      const ratio: Summary = summarize(trawlMbps.map((t, i) => t / turndownMbps[i]!));
      const label = `${fmt(sample.bytes / 1024)} KB page`;
      ctx.log(`${label}: Trawl ${fmt(ratio.median)}× turndown`);
      rows.push([
        `${label} (${new URL(sample.url).hostname})`,
        fmtSummary(summarize(trawlMbps)),
        fmtSummary(summarize(turndownMbps)),
        fmtRatio(ratio),
        `${fmt(outputs.trawl / 1024)} / ${fmt(outputs.turndown / 1024)}`,
      ]);
      targets.push({
        scenario: '3',
        what: `markdown MB/s vs turndown + GFM, ${label}`,
        target: '≥ 2×',
        measured: fmtRatio(ratio),
        met: ratio.median >= 2,
      });
      data.push({ id: sample.id, url: sample.url, bytes: sample.bytes, trawlMbps, turndownMbps, outputs });
    }
    const markdown = [
      `Pages: two real-world pages from the article-extraction set, the one nearest 100 KB and the one nearest 1 MB of HTML, converted whole (raw HTML in, markdown out). Trawl: \`toMarkdown\` from \`src-engine/formats/markdown.ts\` (mdream, WebAssembly, plus Trawl's pre- and post-processing). turndown: turndown 7 with \`turndown-plugin-gfm\`, ATX headings, fenced code, script/style removed. Both in one process, ${WARMUP} warm-up conversions each, then ${runs} runs alternating the two; each run repeats the conversion for ~${runMs} ms. MB/s counts input HTML (MiB).`,
      '',
      markdownTable(['page', 'Trawl MB/s', 'turndown MB/s', 'Trawl vs turndown', 'output KB (Trawl / turndown)'], rows),
    ].join('\n');
    return { name: this.name, title: this.title, targets, data, markdown };
  },
};
