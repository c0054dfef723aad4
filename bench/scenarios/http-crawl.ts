/**
 * Scenario 1 — HTTP-path crawl throughput. A generated site of interlinked 30–60 KB pages is
 * served on 127.0.0.1; Trawl crawls it through its API (formats: markdown, results stored as
 * always and received by following `next`), Crawlee's CheerioCrawler crawls it with turndown in
 * its handler and its default storage, and a bare undici + cheerio + turndown loop crawls it
 * keeping nothing. Same concurrency for all three; each run measures all three in turn.
 */
import { generateArticleSite } from '../sites/article-site.js';
import { ALLOW_ALL_ROBOTS, serveSite, type RunningSite } from '../sites/site-server.js';
import { runContender } from '../lib/contender-process.js';
import { markdownTable } from '../lib/markdown-table.js';
import { freshWorkDir } from '../lib/paths.js';
import { profiledCrawlMarkdown } from '../lib/profile-crawl.js';
import type { Scenario, ScenarioContext, ScenarioResult } from '../lib/scenario.js';
import { fmt, fmtRatio, fmtSummary, mb, summarize } from '../lib/stats.js';
import { measureTrawlCrawl } from '../lib/trawl-crawl-run.js';

/** Pages in flight at once, for every contender (Trawl: global and per-host concurrency). */
export const HTTP_CONCURRENCY = 8;
/**
 * Pages crawled in each run: the reported run crawls a 2,000-page site; the four others crawl
 * a complete 500-page site of the same kind, so five runs of three crawlers stay within the
 * benchmark's time budget.
 */
const RUN_PAGES = [2000, 500, 500, 500, 500];
const QUICK_RUN_PAGES = [200];
/** Pages of the extra, profiled crawl when a target is missed. */
const PROFILE_PAGES = 500;
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
    const runPages = ctx.quick ? QUICK_RUN_PAGES : RUN_PAGES;
    const runs = runPages.length;
    const pages = Math.max(...runPages);
    ctx.log(
      `generating ${runPages
        .map((n) => `a ${n}-page site`)
        .filter((v, i, a) => a.indexOf(v) === i)
        .join(' and ')}`,
    );
    // Each size is a complete site of its own, so every crawler finds exactly that many pages.
    const sites = new Map(runPages.map((n) => [n, generateArticleSite({ pages: n })]));
    const servers = new Map<number, RunningSite>();
    for (const [n, site] of sites)
      servers.set(n, await serveSite((path) => (path === '/robots.txt' ? ALLOW_ALL_ROBOTS : bodyOf(site.page(path)))));
    const figures: Record<Contender, RunFigures[]> = { trawl: [], crawlee: [], bare: [] };
    try {
      for (let run = 0; run < runs; run++) {
        const n = runPages[run]!;
        const server = servers.get(n)!;
        const startUrl = `${server.origin}/`;
        // Rotate the order so no contender always runs first (or last) on a warming machine.
        const order = CONTENDERS.map((_, i) => CONTENDERS[(i + run) % CONTENDERS.length]!);
        for (const who of order) {
          server.resetCount();
          const f = await measureOnce(who, startUrl, n);
          f.requests = server.requests();
          if (f.pages !== n) throw new Error(`${who} crawled ${f.pages} of ${n} pages`);
          figures[who].push(f);
          ctx.log(
            `run ${run + 1}/${runs} (${n} pages) ${who}: ${fmt(f.pagesPerSecond)} pages/s, ${fmt(f.cpuMsPerPage)} CPU ms/page, peak RSS ${fmt(f.peakRssMb)} MB`,
          );
        }
      }
      const ratio = (other: Contender) => summarize(figures.trawl.map((t, i) => t.pagesPerSecond / figures[other][i]!.pagesPerSecond));
      const vsCrawlee = ratio('crawlee');
      const vsBare = ratio('bare');
      const targets = [
        {
          scenario: '1',
          what: 'pages/s vs Crawlee CheerioCrawler',
          target: '≥ 2.0×',
          measured: fmtRatio(vsCrawlee),
          met: vsCrawlee.median >= 2.0,
        },
        { scenario: '1', what: 'pages/s vs bare loop', target: '≥ 1.0×', measured: fmtRatio(vsBare), met: vsBare.median >= 1.0 },
      ];
      let profile = '';
      if (ctx.forceProfile || targets.some((t) => !t.met)) {
        ctx.log('profiling one more Trawl crawl (not counted)');
        const profilePages = Math.min(PROFILE_PAGES, pages);
        profile = await profileTrawl(`${servers.get(pages)!.origin}/`, profilePages);
      }
      const siteBytes = sites.get(pages)!.totalBytes;
      return {
        name: this.name,
        title: this.title,
        targets,
        data: { runPages, concurrency: HTTP_CONCURRENCY, siteBytes, figures },
        markdown: report(runPages, siteBytes, figures, vsCrawlee, vsBare, profile),
      };
    } finally {
      for (const server of servers.values()) await server.close();
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

function profileTrawl(startUrl: string, pages: number): Promise<string> {
  return profiledCrawlMarkdown(
    { name: 'http-crawl-profiled', startUrl, limit: pages, concurrency: HTTP_CONCURRENCY },
    `Where the engine's time goes: CPU profile of its main thread (\`node --cpu-prof\`) over one extra ${pages}-page crawl.`,
  );
}

function report(
  runPages: number[],
  siteBytes: number,
  figures: Record<Contender, RunFigures[]>,
  vsCrawlee: ReturnType<typeof summarize>,
  vsBare: ReturnType<typeof summarize>,
  profile: string,
): string {
  const pages = runPages[0]!;
  const store = (who: Contender, f: RunFigures) =>
    who === 'trawl' ? fmt(f.storeMb ?? 0) : who === 'crawlee' ? 'dataset (JSON files)' : 'none';
  const reported = CONTENDERS.map((who) => {
    const f = figures[who][0]!;
    return [
      LABELS[who],
      fmt(f.pagesPerSecond),
      fmt(f.cpuMsPerPage),
      fmt(f.peakRssMb),
      fmt(f.markdownCharsPerPage),
      store(who, f),
      fmt(f.requests),
    ];
  });
  const all = CONTENDERS.map((who) => {
    const f = figures[who];
    return [
      LABELS[who],
      fmtSummary(summarize(f.map((x) => x.pagesPerSecond))),
      fmtSummary(summarize(f.map((x) => x.cpuMsPerPage))),
      fmtSummary(summarize(f.map((x) => x.peakRssMb))),
    ];
  });
  const ratioIn = (other: Contender, run: number) => (figures.trawl[run]!.pagesPerSecond / figures[other][run]!.pagesPerSecond).toFixed(2);
  const others = runPages.slice(1);
  const sizes =
    others.length > 0
      ? `one of ${pages} pages and ${others.length} of ${others[0]} pages (a complete ${others[0]}-page site of the same kind), to keep five runs of three crawlers within the benchmark's time budget`
      : `one of ${pages} pages`;
  return [
    `Site: ${pages} interlinked pages generated by \`bench/sites/article-site.ts\` (${fmt(mb(siteBytes))} MB in all, ${fmt(siteBytes / pages / 1024)} KB a page on average, each with a mega menu, sidebars, inline CSS/SVG, analytics and consent scripts, JSON-LD, cookie banner and footer), served from memory on 127.0.0.1 by the benchmark process.`,
    `Concurrency: **${HTTP_CONCURRENCY}** pages in flight for every contender (Trawl: \`globalConcurrency\` and \`perHostConcurrency\` ${HTTP_CONCURRENCY}, \`perHostDelayMs\` 0 — its per-host default of 4 would otherwise be the limit; Crawlee: \`minConcurrency\` = \`maxConcurrency\` = ${HTTP_CONCURRENCY}; bare loop: ${HTTP_CONCURRENCY} workers on an undici Agent of ${HTTP_CONCURRENCY} connections). Trawl still reads robots.txt and looks for a sitemap, as by default.`,
    `Runs: ${runPages.length} — ${sizes}. In each run every contender crawls the whole site in turn (order rotated per run), each in its own process, started and loaded before its clock starts. Ratios are taken within each run, then summarised.`,
    '',
    `The ${pages}-page run:`,
    '',
    markdownTable(
      [
        'contender',
        'pages/s',
        'CPU ms / page',
        'peak RSS (MB)',
        'markdown chars / page',
        'results kept (MB on disk)',
        'requests to the site',
      ],
      reported,
    ),
    '',
    `In that run: Trawl vs Crawlee ${ratioIn('crawlee', 0)}×, Trawl vs bare loop ${ratioIn('bare', 0)}× pages/s.`,
    '',
    `All ${runPages.length} runs, median (min–max):`,
    '',
    markdownTable(['contender', 'pages/s', 'CPU ms / page', 'peak RSS (MB)'], all),
    '',
    `**Trawl vs Crawlee: ${fmtRatio(vsCrawlee)} pages/s. Trawl vs bare loop: ${fmtRatio(vsBare)} pages/s** (per-run ratios: ${runPages.map((_, i) => `${ratioIn('crawlee', i)} / ${ratioIn('bare', i)}`).join(', ')}).`,
    '',
    "What each does per page: Trawl fetches, parses once, extracts metadata, cleans the page down to its main content (`onlyMainContent` is on by default), converts it to markdown, finds links for the frontier, writes the page row, the document and a cache entry to SQLite, and serves the document over the API. Crawlee and the bare loop convert the whole page with turndown (hence their longer markdown: navigation, sidebars and footer included); Crawlee writes each result as a JSON file in its dataset; the bare loop keeps nothing. CPU is the process's own user + system time over the crawl; peak RSS is its VmHWM (the engine's includes its idle footprint, see scenario 5).",
    profile ? `\n${profile}` : '',
  ].join('\n');
}
