/**
 * Scenario 2 — browser-path crawl throughput. A site of JavaScript-rendered pages (empty app
 * shells whose content and links appear only after a script fetches and renders them) is
 * crawled by Trawl through its API — which fetches each shell over HTTP, sees that it needs
 * JavaScript, and renders it in its browser pool — and by Crawlee's PlaywrightCrawler with the
 * same Chromium executable launched through playwright-core. Same concurrency for both.
 */
import { generateJsSite } from '../sites/js-site.js';
import { serveSite } from '../sites/site-server.js';
import { runContender } from '../lib/contender-process.js';
import { markdownTable } from '../lib/markdown-table.js';
import { benchChromium, freshWorkDir } from '../lib/paths.js';
import { profiledCrawlMarkdown } from '../lib/profile-crawl.js';
import type { Scenario, ScenarioContext, ScenarioResult } from '../lib/scenario.js';
import { fmt, fmtRatio, fmtSummary, mb, summarize } from '../lib/stats.js';
import { measureTrawlCrawl } from '../lib/trawl-crawl-run.js';

/** Pages rendered at once: the size of Trawl's browser pool, and Crawlee's concurrency. */
export const BROWSER_CONCURRENCY = 4;
const PAGES = 200;
const RUNS = 5;
/** Markdown shorter than this is an unrendered page (the shell has none; a rendered page has thousands). */
const EMPTY_BELOW_CHARS = 200;
/** Pages of the extra, profiled crawl when the target is missed. */
const PROFILE_PAGES = 100;
const CONTENDERS = ['trawl', 'crawlee'] as const;
type Contender = (typeof CONTENDERS)[number];

interface RunFigures {
  pages: number;
  /** Pages of the site the crawl never returned. */
  missing: number;
  /** Pages returned with (nearly) empty markdown: unrendered shells. */
  empty: number;
  /** Of those, pages whose data the browser had requested from the site. */
  emptyWithData: number;
  emptyPaths: string[];
  pagesPerSecond: number;
  nodeCpuMsPerPage: number;
  browserCpuMsPerPage: number;
  peakTreeMb: number;
  requests: number;
  markdownCharsPerPage: number;
}

const LABELS: Record<Contender, string> = {
  trawl: 'Trawl (API crawl, auto-detected JavaScript pages)',
  crawlee: 'Crawlee PlaywrightCrawler + turndown',
};

export const browserCrawl: Scenario = {
  name: 'browser-crawl',
  title: '2. Browser-path crawl throughput',
  async run(ctx: ScenarioContext): Promise<ScenarioResult> {
    const pages = ctx.quick ? 30 : PAGES;
    const runs = ctx.quick ? 1 : RUNS;
    const chromium = benchChromium();
    if (!chromium) throw new Error('No Chromium found on this machine: the browser-path scenario needs one.');
    const site = generateJsSite({ pages });
    const server = await serveSite(site.routes);
    const startUrl = `${server.origin}/`;
    const figures: Record<Contender, RunFigures[]> = { trawl: [], crawlee: [] };
    try {
      for (let run = 0; run < runs; run++) {
        const order = run % 2 === 0 ? CONTENDERS : [...CONTENDERS].reverse();
        for (const who of order) {
          server.resetCount();
          const f = await measureOnce(who, startUrl, pages, chromium);
          f.requests = server.requests();
          f.missing = pages - f.pages;
          f.emptyWithData = f.emptyPaths.filter((path) => server.requestsFor(site.dataPathOf(path)) > 0).length;
          if (f.pages < pages * 0.9) throw new Error(`${who} crawled only ${f.pages} of ${pages} pages`);
          figures[who].push(f);
          ctx.log(
            `run ${run + 1}/${runs} ${who}: ${fmt(f.pagesPerSecond)} pages/s${f.missing + f.empty > 0 ? `, ${f.missing} pages missing, ${f.empty} empty` : ''}`,
          );
        }
      }
      const ratio = summarize(figures.trawl.map((t, i) => t.pagesPerSecond / figures.crawlee[i]!.pagesPerSecond));
      const targets = [
        {
          scenario: '2',
          what: 'browser-path pages/s vs Crawlee PlaywrightCrawler',
          target: '≥ 1.5×',
          measured: fmtRatio(ratio),
          met: ratio.median >= 1.5,
        },
      ];
      let profile = '';
      if (ctx.forceProfile || !targets[0]!.met) {
        ctx.log('profiling one more Trawl crawl (not counted)');
        const profilePages = Math.min(PROFILE_PAGES, pages);
        profile = await profiledCrawlMarkdown(
          { name: 'browser-crawl-profiled', startUrl, limit: profilePages, concurrency: BROWSER_CONCURRENCY, chromiumPath: chromium },
          `Where the engine's own time goes: CPU profile of its main thread (\`node --cpu-prof\`) over one extra ${profilePages}-page crawl; Chromium's CPU time is in the table above.`,
        );
      }
      return {
        name: this.name,
        title: this.title,
        targets,
        data: { pages, runs, concurrency: BROWSER_CONCURRENCY, chromium, figures },
        markdown: report(pages, runs, chromium, figures, ratio, profile),
      };
    } finally {
      await server.close();
    }
  },
};

async function measureOnce(who: Contender, startUrl: string, pages: number, chromium: string): Promise<RunFigures> {
  if (who === 'trawl') {
    const emptyPaths: string[] = [];
    const m = await measureTrawlCrawl({
      name: 'browser-crawl-trawl',
      startUrl,
      limit: pages,
      concurrency: BROWSER_CONCURRENCY,
      chromiumPath: chromium,
      trackTree: true,
      onDocument: (doc) => {
        if ((doc.markdown ?? '').trim().length < EMPTY_BELOW_CHARS)
          emptyPaths.push(new URL(String(doc.metadata.sourceURL ?? doc.metadata.url)).pathname);
      },
    });
    if (m.crawl.status !== 'completed') throw new Error(`Trawl crawl ended ${m.crawl.status}`);
    const n = m.crawl.documents;
    return {
      pages: n,
      missing: 0,
      empty: emptyPaths.length,
      emptyWithData: 0,
      emptyPaths,
      pagesPerSecond: n / (m.crawl.ms / 1000),
      nodeCpuMsPerPage: (m.tree!.rootCpuSeconds * 1000) / n,
      browserCpuMsPerPage: (m.tree!.childCpuSeconds * 1000) / n,
      peakTreeMb: mb(m.tree!.peakTreeRssBytes),
      requests: 0,
      markdownCharsPerPage: m.crawl.markdownChars / n,
    };
  }
  const m = await runContender(
    'crawlee-playwright',
    { startUrl, concurrency: BROWSER_CONCURRENCY, executablePath: chromium, renderedSelector: '#root article' },
    { trackTree: true, env: { CRAWLEE_STORAGE_DIR: freshWorkDir('browser-crawl-crawlee-storage') } },
  );
  const n = m.report.pages;
  return {
    pages: n,
    missing: 0,
    empty: m.report.emptyPages ?? 0,
    emptyWithData: 0,
    emptyPaths: [],
    pagesPerSecond: n / (m.wallMs / 1000),
    nodeCpuMsPerPage: (m.tree!.rootCpuSeconds * 1000) / n,
    browserCpuMsPerPage: (m.tree!.childCpuSeconds * 1000) / n,
    peakTreeMb: mb(m.tree!.peakTreeRssBytes),
    requests: 0,
    markdownCharsPerPage: m.report.markdownChars / n,
  };
}

function report(
  pages: number,
  runs: number,
  chromium: string,
  figures: Record<Contender, RunFigures[]>,
  ratio: ReturnType<typeof summarize>,
  profile: string,
): string {
  const rows = CONTENDERS.map((who) => {
    const f = figures[who];
    const s = (pick: (x: RunFigures) => number) => fmtSummary(summarize(f.map(pick)));
    return [
      LABELS[who],
      s((x) => x.pagesPerSecond),
      s((x) => x.nodeCpuMsPerPage),
      s((x) => x.browserCpuMsPerPage),
      s((x) => x.peakTreeMb),
      fmt(summarize(f.map((x) => x.requests)).median),
      `${f.reduce((n, x) => n + x.empty, 0)} / ${f.reduce((n, x) => n + x.missing, 0)}`,
    ];
  });
  const empty = figures.trawl.reduce((n, x) => n + x.empty, 0);
  const missing = figures.trawl.reduce((n, x) => n + x.missing, 0);
  const withData = figures.trawl.reduce((n, x) => n + x.emptyWithData, 0);
  const incomplete =
    empty + missing > 0
      ? `**Correctness: in ${runs} runs Trawl returned ${empty} of ${runs * pages} pages as the unrendered shell (empty markdown, no error), and ${missing} pages were never reached (links exist only in rendered pages).** For ${withData} of the ${empty} empty pages the site had served the page's data to the browser: the engine read the page before the app had rendered it. Pages/s above counts every document returned, empty or not.`
      : `Every page came back rendered (no empty documents, none missing) in all ${runs} runs.`;
  return [
    `Site: ${pages} pages generated by \`bench/sites/js-site.ts\`: each page is an app shell (\`<div id="root">\`, a \`<noscript>\` asking for JavaScript, a ~80 KB vendor bundle and an app script) whose script fetches the page's JSON and renders its navigation, article (~5–12 KB of text) and links; nothing, not even the links, is in the HTML. Served from memory on 127.0.0.1.`,
    `Browser: \`${chromium}\` for both, launched through playwright-core. Concurrency: ${BROWSER_CONCURRENCY} pages in flight for both (Trawl: crawl concurrency ${BROWSER_CONCURRENCY}, and its browser pool renders ${BROWSER_CONCURRENCY} pages at once; Crawlee: \`minConcurrency\` = \`maxConcurrency\` = ${BROWSER_CONCURRENCY}). Crawlee's handler waits for \`#root article\` (it would otherwise read the empty shell), converts \`page.content()\` with turndown, pushes it to its dataset and enqueues links; Trawl is given no such hint: it waits for the page's network requests and rendering to settle.`,
    `Runs: ${runs}, each crawling all ${pages} pages with both (order alternating). CPU is split between the Node process and its Chromium processes (sampled from /proc every 200 ms); memory is the largest sum of PSS over the process tree.`,
    '',
    markdownTable(
      [
        'contender',
        'pages/s',
        'Node CPU ms / page',
        'Chromium CPU ms / page',
        'peak tree memory (MB)',
        'requests to the site',
        `empty / missing pages (all runs)`,
      ],
      rows,
    ),
    '',
    `**Trawl vs Crawlee: ${fmtRatio(ratio)} pages/s.**`,
    '',
    incomplete,
    '',
    'Trawl fetches each shell over HTTP first (that is how it decides a page needs a browser), so it makes one more request per page than Crawlee; its browser contexts also block fonts, images and media.',
    profile ? `\n${profile}` : '',
  ].join('\n');
}
