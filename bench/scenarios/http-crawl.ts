/**
 * Scenario 1 — HTTP-path crawl throughput. A generated site of interlinked 30–60 KB pages is
 * served on 127.0.0.1; Trawl crawls it through its API (formats: markdown, results stored as
 * always and received by following `next`), Crawlee's CheerioCrawler crawls it with turndown in
 * its handler and its default storage, and a bare undici + cheerio + turndown loop crawls it
 * keeping nothing. Same concurrency for all three; each run measures all three in turn.
 */
import { generateArticleSite } from '../sites/article-site.js';
import { ALLOW_ALL_ROBOTS, serveSite } from '../sites/site-server.js';
import { runContender } from '../lib/contender-process.js';
import { profileMarkdown, summarizeProfileDir } from '../lib/cpu-profile.js';
import { markdownTable } from '../lib/markdown-table.js';
import { freshWorkDir } from '../lib/paths.js';
import type { Scenario, ScenarioContext, ScenarioResult } from '../lib/scenario.js';
import { fmt, fmtRatio, fmtSummary, mb, summarize } from '../lib/stats.js';
import { measureTrawlCrawl } from '../lib/trawl-crawl-run.js';

/** Pages in flight at once, for every contender (Trawl: global and per-host concurrency). */
export const HTTP_CONCURRENCY = 8;
const PAGES = 2000;
const RUNS = 5;
const CONTENDERS = ['trawl', 'crawlee', 'bare'] as const;
type Contender = (typeof CONTENDERS)[number];

interface RunFigures {
  pages: number;
  seconds: number;
  pagesPerSecond: number;
  cpuMsPerPage: number;
  peakRssMb: number;
  requests: number;
  markdownCharsPerPage: number;
  storeMb?: number;
}

const LABELS: Record<Contender, string> = {
  trawl: 'Trawl (API crawl, stored)',
  crawlee: 'Crawlee CheerioCrawler + turndown',
  bare: 'bare loop (undici + cheerio + turndown)',
};

export const httpCrawl: Scenario = {
  name: 'http-crawl',
  title: '1. HTTP-path crawl throughput',
  async run(ctx: ScenarioContext): Promise<ScenarioResult> {
    const pages = ctx.quick ? 200 : PAGES;
    const runs = ctx.quick ? 1 : RUNS;
    ctx.log(`generating a ${pages}-page site`);
    const site = generateArticleSite({ pages });
    const server = await serveSite((path) => (path === '/robots.txt' ? ALLOW_ALL_ROBOTS : bodyOf(site.page(path))));
    const startUrl = `${server.origin}/`;
    const figures: Record<Contender, RunFigures[]> = { trawl: [], crawlee: [], bare: [] };
    try {
      for (let run = 0; run < runs; run++) {
        // Rotate the order so no contender always runs first (or last) on a warming machine.
        const order = CONTENDERS.map((_, i) => CONTENDERS[(i + run) % CONTENDERS.length]!);
        for (const who of order) {
          server.resetCount();
          const f = await measureOnce(who, startUrl, pages);
          f.requests = server.requests();
          if (f.pages !== pages) throw new Error(`${who} crawled ${f.pages} of ${pages} pages`);
          figures[who].push(f);
          ctx.log(`run ${run + 1}/${runs} ${who}: ${fmt(f.pagesPerSecond)} pages/s, ${fmt(f.cpuMsPerPage)} CPU ms/page, peak RSS ${fmt(f.peakRssMb)} MB`);
        }
      }
      const ratio = (other: Contender) => summarize(figures.trawl.map((t, i) => t.pagesPerSecond / figures[other][i]!.pagesPerSecond));
      const vsCrawlee = ratio('crawlee');
      const vsBare = ratio('bare');
      const targets = [
        { scenario: '1', what: 'pages/s vs Crawlee CheerioCrawler', target: '≥ 2.0×', measured: fmtRatio(vsCrawlee), met: vsCrawlee.median >= 2.0 },
        { scenario: '1', what: 'pages/s vs bare loop', target: '≥ 1.0×', measured: fmtRatio(vsBare), met: vsBare.median >= 1.0 },
      ];
      let profile = '';
      if (ctx.forceProfile || targets.some((t) => !t.met)) {
        ctx.log('profiling one more Trawl crawl (not counted)');
        profile = await profileTrawl(startUrl, pages);
      }
      return {
        name: this.name,
        title: this.title,
        targets,
        data: { pages, runs, concurrency: HTTP_CONCURRENCY, siteBytes: site.totalBytes, figures },
        markdown: report(pages, runs, site.totalBytes, figures, vsCrawlee, vsBare, profile),
      };
    } finally {
      await server.close();
    }
  },
};

function bodyOf(page: Buffer | undefined) {
  return page ? { body: page } : undefined;
}

async function measureOnce(who: Contender, startUrl: string, pages: number): Promise<RunFigures> {
  if (who === 'trawl') {
    const m = await measureTrawlCrawl({ name: 'http-crawl-trawl', startUrl, limit: pages, concurrency: HTTP_CONCURRENCY });
    if (m.crawl.status !== 'completed') throw new Error(`Trawl crawl ended ${m.crawl.status}`);
    return {
      pages: m.crawl.documents,
      seconds: m.crawl.ms / 1000,
      pagesPerSecond: m.crawl.documents / (m.crawl.ms / 1000),
      cpuMsPerPage: (m.cpuSeconds * 1000) / m.crawl.documents,
      peakRssMb: mb(m.peakRssBytes),
      requests: 0,
      markdownCharsPerPage: m.crawl.markdownChars / m.crawl.documents,
      storeMb: mb(m.storeBytes),
    };
  }
  const m = await runContender(
    who === 'crawlee' ? 'crawlee-cheerio' : 'bare-loop',
    { startUrl, concurrency: HTTP_CONCURRENCY, maxPages: pages },
    { env: { CRAWLEE_STORAGE_DIR: freshWorkDir('http-crawl-crawlee-storage') } },
  );
  return {
    pages: m.report.pages,
    seconds: m.wallMs / 1000,
    pagesPerSecond: m.report.pages / (m.wallMs / 1000),
    cpuMsPerPage: (m.cpuSeconds * 1000) / m.report.pages,
    peakRssMb: mb(m.peakRssBytes),
    requests: 0,
    markdownCharsPerPage: m.report.markdownChars / m.report.pages,
  };
}

async function profileTrawl(startUrl: string, pages: number): Promise<string> {
  const dir = freshWorkDir('http-crawl-profile');
  await measureTrawlCrawl({ name: 'http-crawl-trawl-profiled', startUrl, limit: pages, concurrency: HTTP_CONCURRENCY, cpuProfileDir: dir });
  const summary = summarizeProfileDir(dir);
  return summary ? profileMarkdown(summary, `CPU profile of the engine process (\`node --cpu-prof\`) over one extra ${pages}-page crawl, start-up included.`) : '';
}

function report(
  pages: number,
  runs: number,
  siteBytes: number,
  figures: Record<Contender, RunFigures[]>,
  vsCrawlee: ReturnType<typeof summarize>,
  vsBare: ReturnType<typeof summarize>,
  profile: string,
): string {
  const rows = CONTENDERS.map((who) => {
    const f = figures[who];
    return [
      LABELS[who],
      fmtSummary(summarize(f.map((x) => x.pagesPerSecond))),
      fmtSummary(summarize(f.map((x) => x.cpuMsPerPage))),
      fmtSummary(summarize(f.map((x) => x.peakRssMb))),
      fmt(summarize(f.map((x) => x.markdownCharsPerPage)).median),
      who === 'trawl' ? fmt(summarize(f.map((x) => x.storeMb ?? 0)).median) : who === 'crawlee' ? 'dataset on disk' : 'none',
    ];
  });
  return [
    `Site: ${pages} interlinked pages generated by \`bench/sites/article-site.ts\` (${fmt(mb(siteBytes))} MB in all, ${fmt(siteBytes / pages / 1024)} KB a page on average, each with a mega menu, sidebars, inline CSS/SVG, analytics and consent scripts, JSON-LD, cookie banner and footer), served from memory on 127.0.0.1 by the benchmark process.`,
    `Concurrency: ${HTTP_CONCURRENCY} pages in flight for every contender (Trawl: \`globalConcurrency\` and \`perHostConcurrency\` ${HTTP_CONCURRENCY}, \`perHostDelayMs\` 0 — its per-host default of 4 would otherwise be the limit; Crawlee: \`minConcurrency\` = \`maxConcurrency\` = ${HTTP_CONCURRENCY}; bare loop: ${HTTP_CONCURRENCY} workers on an undici Agent of ${HTTP_CONCURRENCY} connections). Trawl still reads robots.txt and the sitemap, as by default.`,
    `Runs: ${runs}, each crawling all ${pages} pages with every contender in turn (order rotated per run); every contender is a separate process, started and loaded before its clock starts. Figures are medians with min–max; ratios are taken within each run, then summarised.`,
    '',
    markdownTable(['contender', 'pages/s', 'CPU ms / page', 'peak RSS (MB)', 'markdown chars / page', 'store (MB)'], rows),
    '',
    `**Trawl vs Crawlee: ${fmtRatio(vsCrawlee)} pages/s. Trawl vs bare loop: ${fmtRatio(vsBare)} pages/s.**`,
    '',
    'What each does per page: Trawl fetches, parses once, extracts metadata, cleans the page down to its main content (`onlyMainContent` is on by default), converts it to markdown, finds links for the frontier, and writes the page row, the document and a cache entry to SQLite, then serves the document over the API. Crawlee and the bare loop convert the whole page with turndown (hence their longer markdown: navigation, sidebars and footer included); Crawlee writes each result as a JSON file in its dataset; the bare loop keeps nothing. CPU is the process\'s own user + system time over the crawl; peak RSS is its VmHWM.',
    profile ? `\n${profile}` : '',
  ].join('\n');
}
