/**
 * Scenario 4 — main-content quality: the article-extraction set's own metric on its pages,
 * Trawl's `onlyMainContent` markdown stripped to text next to Mozilla Readability, both run by
 * `main-content-quality.ts` in this process. The scores are deterministic; the runs repeat it
 * for the time per page.
 */
import { markdownTable } from '../lib/markdown-table.js';
import type { Scenario, ScenarioContext, ScenarioResult } from '../lib/scenario.js';
import { fmtSummary, summarize } from '../lib/stats.js';
import { loadArticlePages, run as runQuality, type MainContentQuality } from './main-content-quality.js';

const RUNS = 5;
const TARGET_F1 = 0.97;

export const mainContent: Scenario = {
  name: 'main-content',
  title: '4. Main-content quality',
  async run(ctx: ScenarioContext): Promise<ScenarioResult> {
    const all = loadArticlePages();
    const pages = ctx.quick ? all.slice(0, 15) : all;
    const runs = ctx.quick ? 1 : RUNS;
    const results: MainContentQuality[] = [];
    for (let i = 0; i < runs; i++) {
      results.push(runQuality(pages));
      ctx.log(`run ${i + 1}/${runs}: Trawl F1 ${results[i]!.trawl.f1.toFixed(4)}, Readability F1 ${results[i]!.readability.f1.toFixed(4)}`);
    }
    const first = results[0]!;
    const stable = results.every((r) => r.trawl.f1 === first.trawl.f1 && r.readability.f1 === first.readability.f1);
    const ratio = first.trawl.f1 / first.readability.f1;
    const row = (name: string, s: MainContentQuality['trawl'], ms: number[]) => [
      name,
      s.f1.toFixed(4),
      s.precision.toFixed(4),
      s.recall.toFixed(4),
      fmtSummary(summarize(ms)),
    ];
    const worst = first.perPage
      .map((p) => ({ ...p, f1: f1Of(p.trawl) }))
      .sort((a, b) => a.f1 - b.f1)
      .slice(0, 5);
    const markdown = [
      `Dataset: the ${first.pages} development pages of the article-extraction set (real news and blog pages with human-written main text), scored with its metric (4-token shingles, per-page precision and recall, means over pages, F1 of the means) by \`bench/lib/text-metric.ts\`. Trawl: \`extractMainContentHtml\` (what \`onlyMainContent\` does), then \`toMarkdown\`, then the markdown stripped to text. Readability: \`@mozilla/readability\` on a linkedom document of the same HTML, \`textContent\`. ${runs} runs; the scores are deterministic${stable ? ' (identical in every run)' : ' (they differed between runs: see results.json)'}, the time per page is a median with min–max.`,
      '',
      markdownTable(
        ['extractor', 'F1', 'precision', 'recall', 'ms / page'],
        [
          row(
            'Trawl (onlyMainContent → markdown → text)',
            first.trawl,
            results.map((r) => r.msPerPage),
          ),
          row(
            'Mozilla Readability 0.6',
            first.readability,
            results.map((r) => r.readabilityMsPerPage),
          ),
        ],
      ),
      '',
      `**Trawl F1 ${first.trawl.f1.toFixed(4)} (target ≥ ${TARGET_F1}); ${ratio.toFixed(3)}× Readability's F1 in the same run.** For reference, the dataset README lists published F1 on the whole 181-page set: trafilatura 0.958, Readability.js 0.947.`,
      '',
      'Lowest-scoring pages for Trawl (per-page F1 of shingle precision and recall):',
      '',
      markdownTable(
        ['page', 'Trawl F1', 'Readability F1'],
        worst.map((p) => [p.url, f1Of(p.trawl).toFixed(3), f1Of(p.readability).toFixed(3)]),
      ),
    ].join('\n');
    return {
      name: this.name,
      title: this.title,
      targets: [
        {
          scenario: '4',
          what: 'main-content F1 (dataset metric)',
          target: `≥ ${TARGET_F1}`,
          measured: `${first.trawl.f1.toFixed(4)} (Readability ${first.readability.f1.toFixed(4)})`,
          met: first.trawl.f1 >= TARGET_F1,
        },
      ],
      data: {
        pages: first.pages,
        trawl: first.trawl,
        readability: first.readability,
        msPerPage: results.map((r) => r.msPerPage),
        readabilityMsPerPage: results.map((r) => r.readabilityMsPerPage),
        stable,
      },
      markdown,
    };
  },
};

function f1Of(c: { tp: number; fp: number; fn: number }): number {
  const p = c.tp + c.fp === 0 ? 0 : c.tp / (c.tp + c.fp);
  const r = c.tp + c.fn === 0 ? 0 : c.tp / (c.tp + c.fn);
  return p + r === 0 ? 0 : (2 * p * r) / (p + r);
}
