/**
 * One measured Trawl crawl: a fresh engine process, a crawl through the API with the
 * results received as they are stored, and the engine's CPU time, peak memory and store size.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startEngineProcess } from './engine-process.js';
import { freshWorkDir } from './paths.js';
import { cpuSeconds, peakRssBytes, TreeSampler, type TreeUsage } from './process-usage.js';
import { TrawlClient, type CrawlDocument, type CrawlResult } from './trawl-client.js';

export interface TrawlCrawlOptions {
  /** Scratch directory name for this run's data dir. */
  name: string;
  startUrl: string;
  limit: number;
  concurrency: number;
  chromiumPath?: string;
  /** Extra crawl request fields (scrape options, sitemap…). */
  request?: Record<string, unknown>;
  /** Follow Chromium's processes too (browser-path crawls). */
  trackTree?: boolean;
  /** Directory for a CPU profile of the engine (a separate, unmeasured run). */
  cpuProfileDir?: string;
  /** Extra Node.js flags for the engine, and a reader of its stdout (diagnostic runs). */
  nodeArgs?: string[];
  onStdoutLine?: (line: string) => void;
  onDocument?: (doc: CrawlDocument) => void;
  /** Samples the engine's resident memory while the crawl runs (for the scale scenario). */
  sampleRss?: (bytes: number, elapsedMs: number) => void;
}

export interface TrawlCrawlMeasurement {
  crawl: CrawlResult;
  cpuSeconds: number;
  peakRssBytes: number;
  storeBytes: number;
  /** The engine's data directory (left in place for inspection). */
  dataDir: string;
  tree?: TreeUsage;
  /** Milliseconds from spawning the engine to the crawl request: the start-up part of a profile. */
  startupMs: number;
}

/** Bytes of every file under a directory. */
export function directoryBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += directoryBytes(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

export async function measureTrawlCrawl(options: TrawlCrawlOptions): Promise<TrawlCrawlMeasurement> {
  const dataDir = freshWorkDir(options.name);
  const engine = await startEngineProcess({
    dataDir,
    chromiumPath: options.chromiumPath,
    settings: { globalConcurrency: options.concurrency, perHostConcurrency: options.concurrency, perHostDelayMs: 0 },
    cpuProfileDir: options.cpuProfileDir,
    nodeArgs: options.nodeArgs,
    onStdoutLine: options.onStdoutLine,
  });
  try {
    const client = new TrawlClient(engine.url, engine.apiKey);
    const sampler = options.trackTree ? new TreeSampler(engine.pid) : undefined;
    const cpuBefore = cpuSeconds(engine.pid) ?? 0;
    sampler?.start();
    const started = performance.now();
    const startupMs = started - engine.spawnedAt;
    const rssTimer = options.sampleRss
      ? setInterval(() => {
          const rss = peakRssBytes(engine.pid);
          if (rss !== undefined) options.sampleRss!(rss, performance.now() - started);
        }, 1000)
      : undefined;
    let crawl: CrawlResult;
    try {
      crawl = await client.crawl(
        { url: options.startUrl, limit: options.limit, scrapeOptions: { formats: ['markdown'] }, ...options.request },
        options.onDocument,
      );
    } finally {
      if (rssTimer) clearInterval(rssTimer);
    }
    const cpu = (cpuSeconds(engine.pid) ?? cpuBefore) - cpuBefore;
    const tree = sampler?.stop();
    const peak = peakRssBytes(engine.pid) ?? 0;
    await engine.stop();
    return { crawl, cpuSeconds: cpu, peakRssBytes: peak, storeBytes: directoryBytes(dataDir), dataDir, tree, startupMs };
  } finally {
    await engine.stop();
  }
}
