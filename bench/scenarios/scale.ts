/**
 * Scenario 5 — scale. One Trawl crawl of a 10,000-page generated site (the scenario-1 site,
 * larger) through the API: throughput over the first and the last 1,000 pages (a crawl must
 * not slow down as its frontier, seen-set and store grow), peak memory of the engine, and
 * the size of its store on disk afterwards.
 */
import { generateArticleSite } from '../sites/article-site.js';
import { ALLOW_ALL_ROBOTS, serveSite } from '../sites/site-server.js';
import { markdownTable } from '../lib/markdown-table.js';
import { memoryBreakdownMarkdown } from '../lib/memory-breakdown.js';
import { profiledCrawlMarkdown } from '../lib/profile-crawl.js';
import { storeBreakdown } from '../lib/store-breakdown.js';
import type { Scenario, ScenarioContext, ScenarioResult, TargetCheck } from '../lib/scenario.js';
import { fmt, mb } from '../lib/stats.js';
import { measureTrawlCrawl } from '../lib/trawl-crawl-run.js';
import { HTTP_CONCURRENCY } from './http-crawl.js';

const PAGES = 10_000;
const WINDOW = 1_000;
const MAX_RSS_MB = 400;
/** Pages of the extra crawls (heap traced, heap capped) when the memory target is missed. */
const MEMORY_TRACE_PAGES = 1_000;

/** Pages per second of each consecutive window of `size` documents, from arrival times (ms). */
export function windowRates(arrivals: number[], size: number): number[] {
  const rates: number[] = [];
  for (let start = 0; start + size <= arrivals.length; start += size) {
    const from = start === 0 ? 0 : arrivals[start - 1]!;
    const to = arrivals[start + size - 1]!;
    rates.push(size / ((to - from) / 1000));
  }
  return rates;
}

export const scale: Scenario = {
  name: 'scale',
  title: '5. Scale: a 10,000-page crawl',
  async run(ctx: ScenarioContext): Promise<ScenarioResult> {
    const pages = ctx.quick ? 1_000 : PAGES;
    const window = ctx.quick ? 100 : WINDOW;
    ctx.log(`generating a ${pages}-page site`);
    const site = generateArticleSite({ pages, seed: 99 });
    const server = await serveSite((path) => {
      if (path === '/robots.txt') return ALLOW_ALL_ROBOTS;
      const page = site.page(path);
      return page ? { body: page } : undefined;
    });
    try {
      const rssSamples: { ms: number; mb: number }[] = [];
      let received = 0;
      const m = await measureTrawlCrawl({
        name: 'scale-trawl',
        startUrl: `${server.origin}/`,
        limit: pages,
        concurrency: HTTP_CONCURRENCY,
        sampleRss: (bytes, ms) => rssSamples.push({ ms, mb: mb(bytes) }),
        onDocument: () => {
          if (++received % (window * 2) === 0) ctx.log(`${fmt(received)} pages received`);
        },
      });
      if (m.crawl.documents !== pages) throw new Error(`Trawl crawled ${m.crawl.documents} of ${pages} pages`);
      const rates = windowRates(m.crawl.arrivals, window);
      const first = rates[0]!;
      const last = rates.at(-1)!;
      const steadiness = last / first;
      const peakMb = mb(m.peakRssBytes);
      ctx.log(`first ${window}: ${fmt(first)} pages/s, last ${window}: ${fmt(last)} pages/s, peak RSS ${fmt(peakMb)} MB`);
      const targets: TargetCheck[] = [
        {
          scenario: '5',
          what: `pages/s, last ${fmt(window)} vs first ${fmt(window)} pages`,
          target: '≥ 0.9',
          measured: steadiness.toFixed(2),
          met: steadiness >= 0.9,
        },
        {
          scenario: '5',
          what: `engine peak RSS over a ${fmt(pages)}-page crawl`,
          target: `≤ ${MAX_RSS_MB} MB`,
          measured: `${fmt(peakMb)} MB`,
          met: peakMb <= MAX_RSS_MB,
        },
      ];
      const profiles: string[] = [];
      if (!targets[1]!.met || ctx.forceProfile) {
        ctx.log('memory breakdown: idle engine, then the heap over one more crawl (not counted)');
        profiles.push(
          await memoryBreakdownMarkdown({
            name: 'scale-heap-trace',
            startUrl: `${server.origin}/`,
            limit: Math.min(pages, MEMORY_TRACE_PAGES),
            concurrency: HTTP_CONCURRENCY,
          }),
        );
      }
      if (!targets[0]!.met || ctx.forceProfile) {
        // A slow-down shows only over the whole crawl, so the profiled crawl has the full size.
        ctx.log('profiling one more crawl (not counted)');
        profiles.push(
          await profiledCrawlMarkdown(
            { name: 'scale-profiled', startUrl: `${server.origin}/`, limit: pages, concurrency: HTTP_CONCURRENCY },
            `Where the engine's time goes: CPU profile of its main thread (\`node --cpu-prof\`) over one extra ${fmt(pages)}-page crawl.`,
          ),
        );
      }
      const profile = profiles.join('\n\n');
      const tables = storeBreakdown(m.dataDir).filter((t) => t.bytes >= 1024 * 1024);
      const growth = rssSamples.filter((_, i) => i % Math.max(1, Math.ceil(rssSamples.length / 10)) === 0 || i === rssSamples.length - 1);
      const markdown = [
        `Site: ${fmt(pages)} pages from \`bench/sites/article-site.ts\` (${fmt(mb(site.totalBytes))} MB of HTML), crawled once by Trawl through the API at concurrency ${HTTP_CONCURRENCY}, the documents received by following \`next\`. One run: the crawl is its own repetition — the figures below compare its ${rates.length} consecutive ${fmt(window)}-page windows.`,
        '',
        markdownTable(
          ['figure', 'value'],
          [
            ['pages/s over the whole crawl', fmt(m.crawl.documents / (m.crawl.ms / 1000))],
            [`pages/s, first ${fmt(window)} pages`, fmt(first)],
            [`pages/s, last ${fmt(window)} pages`, fmt(last)],
            ['last / first', steadiness.toFixed(2)],
            ['engine CPU ms / page', fmt((m.cpuSeconds * 1000) / pages)],
            ['engine peak RSS (VmHWM)', `${fmt(peakMb)} MB`],
            ['store on disk after the crawl', `${fmt(mb(m.storeBytes))} MB (${fmt(m.storeBytes / pages / 1024)} KB a page)`],
            ['… of which (SQLite tables ≥ 1 MB)', tables.map((t) => `${t.name} ${fmt(mb(t.bytes))} MB`).join(', ')],
            ['failed pages', String(m.crawl.errors)],
          ],
          ['l', 'r'],
        ),
        '',
        `pages/s per ${fmt(window)}-page window: ${rates.map((r) => fmt(r)).join(', ')}.`,
        '',
        `Engine peak RSS as the crawl went on (s → MB): ${growth.map((s) => `${fmt(s.ms / 1000)} → ${fmt(s.mb)}`).join(', ')}.`,
        profile ? `\n${profile}` : '',
      ].join('\n');
      return {
        name: this.name,
        title: this.title,
        targets,
        data: {
          pages,
          window,
          rates,
          peakRssBytes: m.peakRssBytes,
          storeBytes: m.storeBytes,
          tables,
          seconds: m.crawl.ms / 1000,
          cpuSeconds: m.cpuSeconds,
          rssSamples,
        },
        markdown,
      };
    } finally {
      await server.close();
    }
  },
};
