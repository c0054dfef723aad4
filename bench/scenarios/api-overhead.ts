/**
 * Scenario 6 — API overhead. Twenty concurrent clients call `POST /v2/scrape` for pages that
 * are already in Trawl's cache, so what is measured is the API itself: routing, auth,
 * validation, the cache lookup and the JSON answer. Latency per request (p50, p99) and
 * requests per second.
 */
import { Agent, request } from 'undici';
import { generateArticleSite } from '../sites/article-site.js';
import { ALLOW_ALL_ROBOTS, serveSite } from '../sites/site-server.js';
import { startEngineProcess } from '../lib/engine-process.js';
import { markdownTable } from '../lib/markdown-table.js';
import { freshWorkDir } from '../lib/paths.js';
import { cpuSeconds } from '../lib/process-usage.js';
import type { Scenario, ScenarioContext, ScenarioResult } from '../lib/scenario.js';
import { fmt, fmtSummary, summarize } from '../lib/stats.js';

const CLIENTS = 20;
const CACHED_PAGES = 100;
const REQUESTS_PER_CLIENT = 100;
const RUNS = 5;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface Round {
  p50: number;
  p99: number;
  requestsPerSecond: number;
  cpuMsPerRequest: number;
}

export const apiOverhead: Scenario = {
  name: 'api-overhead',
  title: '6. API overhead: cached scrapes under 20 concurrent clients',
  async run(ctx: ScenarioContext): Promise<ScenarioResult> {
    const runs = ctx.quick ? 1 : RUNS;
    const perClient = ctx.quick ? 20 : REQUESTS_PER_CLIENT;
    const site = generateArticleSite({ pages: CACHED_PAGES, seed: 5 });
    const server = await serveSite((path) => {
      if (path === '/robots.txt') return ALLOW_ALL_ROBOTS;
      const page = site.page(path);
      return page ? { body: page } : undefined;
    });
    const engine = await startEngineProcess({ dataDir: freshWorkDir('api-overhead') });
    const agent = new Agent({ connections: CLIENTS });
    const urls = site.paths.map((p) => `${server.origin}${p}`);
    const scrape = async (url: string) => {
      const response = await request(`${engine.url}/v2/scrape`, {
        method: 'POST',
        dispatcher: agent,
        headers: { authorization: `Bearer ${engine.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url, formats: ['markdown'] }),
      });
      const body = (await response.body.json()) as { success: boolean; data?: { markdown?: string; metadata?: { cacheState?: string } } };
      if (response.statusCode !== 200 || !body.success || !body.data?.markdown)
        throw new Error(`scrape of ${url} answered ${response.statusCode}`);
      return body.data.metadata?.cacheState;
    };
    try {
      ctx.log(`warming the cache with ${urls.length} pages`);
      for (const url of urls) await scrape(url);
      const round = async (count: number): Promise<{ latencies: number[]; seconds: number; misses: number }> => {
        const latencies: number[] = [];
        let misses = 0;
        const started = performance.now();
        await Promise.all(
          Array.from({ length: CLIENTS }, async (_, client) => {
            for (let i = 0; i < count; i++) {
              const url = urls[(client * 37 + i * 11) % urls.length]!;
              const t = performance.now();
              if ((await scrape(url)) !== 'hit') misses++;
              latencies.push(performance.now() - t);
            }
          }),
        );
        return { latencies, seconds: (performance.now() - started) / 1000, misses };
      };
      await round(10);
      const rounds: Round[] = [];
      for (let run = 0; run < runs; run++) {
        const cpuBefore = cpuSeconds(engine.pid) ?? 0;
        const { latencies, seconds, misses } = await round(perClient);
        const cpu = (cpuSeconds(engine.pid) ?? cpuBefore) - cpuBefore;
        if (misses > 0) throw new Error(`${misses} scrapes missed the cache`);
        latencies.sort((a, b) => a - b);
        const r = {
          p50: percentile(latencies, 50),
          p99: percentile(latencies, 99),
          requestsPerSecond: latencies.length / seconds,
          cpuMsPerRequest: (cpu * 1000) / latencies.length,
        };
        rounds.push(r);
        ctx.log(`run ${run + 1}/${runs}: p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, ${fmt(r.requestsPerSecond)} req/s`);
      }
      const s = (pick: (r: Round) => number) => fmtSummary(summarize(rounds.map(pick)));
      const markdown = [
        `Setup: one engine (\`trawl serve\`, default settings); ${CACHED_PAGES} pages of the generated site scraped once (\`formats: ['markdown']\`) to fill the cache; then ${CLIENTS} clients, each on its own keep-alive connection, send \`POST /v2/scrape\` for those pages one after another (${perClient} requests each, ${CLIENTS * perClient} per run) and every answer is checked to be a cache hit with markdown. ${runs} runs on the same engine after a warm-up round; the clients run in the benchmark process.`,
        '',
        markdownTable(
          ['figure', 'median (min–max)'],
          [
            ['p50 latency', `${s((r) => r.p50)} ms`],
            ['p99 latency', `${s((r) => r.p99)} ms`],
            ['requests / s', s((r) => r.requestsPerSecond)],
            ['engine CPU ms / request', s((r) => r.cpuMsPerRequest)],
          ],
          ['l', 'r'],
        ),
        '',
        `A cached document here is the markdown of a ~45 KB page (${fmt(site.totalBytes / CACHED_PAGES / 1024)} KB of HTML on average), so each answer carries ~15–25 KB of JSON.`,
      ].join('\n');
      return { name: this.name, title: this.title, targets: [], data: { clients: CLIENTS, perClient, rounds }, markdown };
    } finally {
      await agent.close();
      await engine.stop();
      await server.close();
    }
  },
};
