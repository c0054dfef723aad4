/**
 * A CPU profile of the engine over one extra crawl (never one of the measured runs, since
 * profiling slows it down), summarised by self time with the start-up left out.
 */
import { profileMarkdown, summarizeProfileDir } from './cpu-profile.js';
import { freshWorkDir } from './paths.js';
import { measureTrawlCrawl, type TrawlCrawlOptions } from './trawl-crawl-run.js';

/** Runs the crawl under `node --cpu-prof` and returns the profile's summary as markdown. */
export async function profiledCrawlMarkdown(options: Omit<TrawlCrawlOptions, 'cpuProfileDir'>, caption: string): Promise<string> {
  const dir = freshWorkDir(`${options.name}-profile`);
  const m = await measureTrawlCrawl({ ...options, cpuProfileDir: dir });
  const summary = summarizeProfileDir(dir, 15, m.startupMs);
  if (!summary) return '';
  return profileMarkdown(
    summary,
    `${caption} Start-up (the first ${(m.startupMs / 1000).toFixed(1)} s) left out; the crawl took ${(m.crawl.ms / 1000).toFixed(1)} s under the profiler.`,
  );
}
