/**
 * Where the engine's memory goes, for a missed memory target: what an idle engine's resident
 * memory is made of (module by module, from `memory-probe.mjs`), and how the V8 heap that is
 * still live after each full garbage collection evolves over a crawl (`--trace-gc`), which
 * separates memory the engine keeps from memory V8 has not given back.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { engineEntry } from './engine-bundle.js';
import { markdownTable } from './markdown-table.js';
import { freshWorkDir, REPO_ROOT } from './paths.js';
import { fmt, mb } from './stats.js';
import { measureTrawlCrawl, type TrawlCrawlOptions } from './trawl-crawl-run.js';

interface ProbeStep {
  step: string;
  rssMb: number;
  heapUsedMb: number;
}

/** Runs the memory probe in a fresh process against the measured engine build and returns its steps. */
export async function probeIdleMemory(): Promise<ProbeStep[]> {
  const { cliModule } = engineEntry();
  const loader = cliModule.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(
    process.execPath,
    [...loader, join(REPO_ROOT, 'bench', 'lib', 'memory-probe.mjs'), cliModule, freshWorkDir('memory-probe')],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const line = out.trim().split('\n').at(-1) ?? '[]';
  return JSON.parse(line) as ProbeStep[];
}

/** One full (mark-compact) collection seen by `--trace-gc`: elapsed ms, live heap and committed heap after it. */
interface FullGc {
  ms: number;
  liveMb: number;
  committedMb: number;
}

const MARK_COMPACT = /^\[\d+:(0x[0-9a-f]+)\]\s+(\d+) ms: Mark-Compact[^\d]*([\d.]+) \(([\d.]+)\) -> ([\d.]+) \(([\d.]+)\) MB/;

/** Crawls once more under `--trace-gc` and returns the full collections and the peak RSS. */
export async function traceHeapOverCrawl(
  options: Omit<TrawlCrawlOptions, 'nodeArgs' | 'onStdoutLine'>,
): Promise<{ gcs: FullGc[]; peakRssMb: number; pages: number; pagesPerSecond: number }> {
  // Every isolate (the main thread, the TypeScript loader's thread) traces its own collections.
  const byIsolate = new Map<string, FullGc[]>();
  const m = await measureTrawlCrawl({
    ...options,
    nodeArgs: ['--trace-gc'],
    onStdoutLine: (line) => {
      const match = MARK_COMPACT.exec(line);
      if (!match) return;
      const list = byIsolate.get(match[1]!) ?? [];
      list.push({ ms: Number(match[2]), liveMb: Number(match[5]), committedMb: Number(match[6]) });
      byIsolate.set(match[1]!, list);
    },
  });
  // The main thread's heap is the largest.
  const peak = (list: FullGc[]) => Math.max(...list.map((g) => g.committedMb));
  const gcs = [...byIsolate.values()].sort((a, b) => peak(b) - peak(a))[0] ?? [];
  return { gcs, peakRssMb: mb(m.peakRssBytes), pages: m.crawl.documents, pagesPerSecond: m.crawl.documents / (m.crawl.ms / 1000) };
}

/** V8 old-space limit of the comparison crawl: a little above the live heap the trace shows. */
const CAPPED_OLD_SPACE_MB = 192;

/** The memory breakdown as markdown. */
export async function memoryBreakdownMarkdown(crawl: Omit<TrawlCrawlOptions, 'nodeArgs' | 'onStdoutLine'>): Promise<string> {
  const steps = await probeIdleMemory();
  const traced = await traceHeapOverCrawl(crawl);
  const capped = await measureTrawlCrawl({
    ...crawl,
    name: `${crawl.name}-capped`,
    nodeArgs: [`--max-old-space-size=${CAPPED_OLD_SPACE_MB}`],
  });
  const cappedPagesPerSecond = capped.crawl.documents / (capped.crawl.ms / 1000);
  const rows = steps.map((s, i) => [s.step, fmt(s.rssMb), i === 0 ? '' : `+${fmt(s.rssMb - steps[i - 1]!.rssMb)}`, fmt(s.heapUsedMb)]);
  const picks = traced.gcs.filter((_, i) => i % Math.max(1, Math.ceil(traced.gcs.length / 8)) === 0 || i === traced.gcs.length - 1);
  const maxLive = Math.max(0, ...traced.gcs.map((g) => g.liveMb));
  const maxCommitted = Math.max(0, ...traced.gcs.map((g) => g.committedMb));
  return [
    "Where the engine's memory goes. First, what an idle engine is made of — each dependency loaded in turn in a fresh process, then the engine started (resident memory after each step; a shared dependency counts where it is first loaded, and what the engine loads only when first needed is not in it):",
    '',
    markdownTable(['step', 'RSS (MB)', 'added (MB)', 'V8 heap used (MB)'], rows),
    '',
    `Then the V8 heap over one extra ${fmt(traced.pages)}-page crawl run under \`--trace-gc\` (peak RSS ${fmt(traced.peakRssMb)} MB, ${fmt(traced.pagesPerSecond)} pages/s): ${traced.gcs.length} full collections; live heap after them at most ${fmt(maxLive)} MB, heap committed at most ${fmt(maxCommitted)} MB. Sampled (seconds since start → live / committed MB): ${picks.map((g) => `${fmt(g.ms / 1000)} s → ${fmt(g.liveMb)} / ${fmt(g.committedMb)}`).join(', ')}.`,
    '',
    `The same crawl once more with V8's old space capped (\`node --max-old-space-size=${CAPPED_OLD_SPACE_MB}\`): peak RSS ${fmt(mb(capped.peakRssBytes))} MB at ${fmt(cappedPagesPerSecond)} pages/s (${(cappedPagesPerSecond / traced.pagesPerSecond).toFixed(2)}× the uncapped crawl's pages/s).`,
  ].join('\n');
}
