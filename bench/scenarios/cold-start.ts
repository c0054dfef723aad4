/**
 * Scenario 7 — cold start. `trawl serve` started on a fresh data directory: time until it
 * prints its address, until it answers its first API request, and how long the first
 * browser-path scrape then takes (Chromium is launched on first use).
 */
import { generateJsSite } from '../sites/js-site.js';
import { serveSite } from '../sites/site-server.js';
import { engineEntry } from '../lib/engine-bundle.js';
import { startEngineProcess } from '../lib/engine-process.js';
import { markdownTable } from '../lib/markdown-table.js';
import { benchChromium, freshWorkDir } from '../lib/paths.js';
import type { Scenario, ScenarioContext, ScenarioResult } from '../lib/scenario.js';
import { fmt, fmtSummary, summarize } from '../lib/stats.js';
import { TrawlClient } from '../lib/trawl-client.js';

const RUNS = 5;

interface Start {
  listeningMs: number;
  firstAnswerMs: number;
  firstBrowserScrapeMs: number;
  secondBrowserScrapeMs: number;
}

export const coldStart: Scenario = {
  name: 'cold-start',
  title: '7. Cold start',
  async run(ctx: ScenarioContext): Promise<ScenarioResult> {
    const runs = ctx.quick ? 2 : RUNS;
    const chromium = benchChromium();
    if (!chromium) throw new Error('No Chromium found on this machine: the cold-start scenario needs one.');
    const site = generateJsSite({ pages: 10 });
    const server = await serveSite(site.routes);
    const starts: Start[] = [];
    try {
      for (let run = 0; run < runs; run++) {
        const spawned = performance.now();
        const engine = await startEngineProcess({ dataDir: freshWorkDir('cold-start'), chromiumPath: chromium });
        try {
          const client = new TrawlClient(engine.url, engine.apiKey);
          await client.request('GET', '/v2/crawl/active');
          const firstAnswerMs = performance.now() - spawned;
          const browserScrape = async (path: string) => {
            const t = performance.now();
            const answer = await client.request<{ data: { markdown?: string } }>('POST', '/v2/scrape', {
              url: `${server.origin}${path}`,
              formats: ['markdown'],
            });
            if (!answer.data.markdown || answer.data.markdown.length < 500)
              throw new Error(`the browser-path scrape of ${path} returned no rendered content`);
            return performance.now() - t;
          };
          const firstBrowserScrapeMs = await browserScrape('/notes/1');
          const secondBrowserScrapeMs = await browserScrape('/notes/2');
          starts.push({ listeningMs: engine.startupMs, firstAnswerMs, firstBrowserScrapeMs, secondBrowserScrapeMs });
          ctx.log(
            `run ${run + 1}/${runs}: listening ${fmt(engine.startupMs)} ms, first answer ${fmt(firstAnswerMs)} ms, first browser scrape ${fmt(firstBrowserScrapeMs)} ms`,
          );
        } finally {
          await engine.stop();
        }
      }
    } finally {
      await server.close();
    }
    const s = (pick: (x: Start) => number) => `${fmtSummary(summarize(starts.map(pick)))} ms`;
    const markdown = [
      `Each run starts \`trawl serve --port 0\` (${engineEntry().description}) on a new, empty data directory, waits for it to print its address, sends one authenticated API request, then scrapes a JavaScript-rendered page (an app shell of the browser-path site) — the first scrape that needs Chromium, which the engine launches on first use — and then a second one. ${runs} runs. Chromium: \`${chromium}\`.`,
      '',
      markdownTable(
        ['from spawning `trawl serve`', 'median (min–max)'],
        [
          ['address printed (listening)', s((x) => x.listeningMs)],
          ['first API request answered', s((x) => x.firstAnswerMs)],
        ],
        ['l', 'r'],
      ),
      '',
      markdownTable(
        ['after start', 'median (min–max)'],
        [
          ['first browser-path scrape (includes launching Chromium)', s((x) => x.firstBrowserScrapeMs)],
          ['second browser-path scrape (warm browser)', s((x) => x.secondBrowserScrapeMs)],
        ],
        ['l', 'r'],
      ),
    ].join('\n');
    return { name: this.name, title: this.title, targets: [], data: { runs, starts }, markdown };
  },
};
