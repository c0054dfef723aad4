/**
 * `npm run bench [-- <scenario>…] [--quick] [--profile]`: runs the benchmark scenarios on this
 * machine and writes bench/RESULTS.md (machine, date, commit, figures, comparisons, and a
 * profile wherever a target is missed). Results of scenarios not run this time are kept from
 * the previous run (bench/results.json) and marked with their own date and commit.
 * `--quick` runs small sizes once, to try the benchmark out, and writes to bench/.work instead.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { engineEntry } from './lib/engine-bundle.js';
import { machineInfo, type MachineInfo } from './lib/machine.js';
import { BENCH_DIR, WORK_DIR } from './lib/paths.js';
import { renderResults, type CurrentRun, type StoredScenario } from './lib/results-report.js';
import type { Scenario, ScenarioContext } from './lib/scenario.js';
import { apiOverhead } from './scenarios/api-overhead.js';
import { browserCrawl } from './scenarios/browser-crawl.js';
import { coldStart } from './scenarios/cold-start.js';
import { httpCrawl } from './scenarios/http-crawl.js';
import { mainContent } from './scenarios/main-content.js';
import { markdownSpeed } from './scenarios/markdown-speed.js';
import { scale } from './scenarios/scale.js';

/** In report order (the issue's numbering). */
export const SCENARIOS: Scenario[] = [httpCrawl, browserCrawl, markdownSpeed, mainContent, scale, apiOverhead, coldStart];

/** Scenarios that call the engine's modules in this process instead of starting `trawl serve`. */
const IN_PROCESS = new Set(['markdown', 'main-content']);

/** The order they run in: quick, CPU-only scenarios first, the long crawls last. */
const RUN_ORDER = ['markdown', 'main-content', 'cold-start', 'api-overhead', 'http-crawl', 'browser-crawl', 'scale'];

interface ResultsFile {
  scenarios: Record<string, StoredScenario>;
  /** The latest run (for the report's header). */
  run?: CurrentRun;
}

function parseArgs(argv: string[]) {
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  const names = argv.filter((a) => !a.startsWith('--'));
  for (const flag of flags) {
    if (!['--quick', '--profile', '--render', '--help'].includes(flag)) throw new Error(`Unknown option ${flag}`);
  }
  const known = SCENARIOS.map((s) => s.name);
  for (const name of names) if (!known.includes(name)) throw new Error(`Unknown scenario "${name}". Scenarios: ${known.join(', ')}`);
  return {
    quick: flags.has('--quick'),
    profile: flags.has('--profile'),
    render: flags.has('--render'),
    help: flags.has('--help'),
    names: names.length > 0 ? names : known,
  };
}

export async function main(argv: string[]): Promise<number> {
  let args;
  try {
    args = parseArgs(argv);
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  if (args.help) {
    console.log(
      `Usage: npm run bench [-- <scenario>…] [--quick] [--profile] [--render]\nScenarios: ${SCENARIOS.map((s) => s.name).join(', ')}`,
    );
    return 0;
  }
  mkdirSync(WORK_DIR, { recursive: true });
  if (args.render) return renderStored(args.quick);
  const machine = machineInfo();
  const started = performance.now();
  const log = (message: string) => console.log(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(4)}s] ${message}`);
  log(`${machine.cpu}, ${machine.cores} cores, load ${machine.loadAtStart}; commit ${machine.commit}${args.quick ? '; QUICK mode' : ''}`);
  // Scenarios that start the engine get one pinned build for the whole run.
  const engine = args.names.some((name) => !IN_PROCESS.has(name)) ? engineEntry().description : 'not started (in-process scenarios only)';
  log(`engine: ${engine}`);

  const resultsPath = args.quick ? join(WORK_DIR, 'results.quick.json') : join(BENCH_DIR, 'results.json');
  const reportPath = args.quick ? join(WORK_DIR, 'RESULTS.quick.md') : join(BENCH_DIR, 'RESULTS.md');
  const stored: ResultsFile = existsSync(resultsPath) ? (JSON.parse(readFileSync(resultsPath, 'utf8')) as ResultsFile) : { scenarios: {} };

  const selected = RUN_ORDER.filter((name) => args.names.includes(name)).map((name) => SCENARIOS.find((s) => s.name === name)!);
  let failures = 0;
  for (const scenario of selected) {
    const ctx: ScenarioContext = { quick: args.quick, forceProfile: args.profile, log: (m) => log(`${scenario.name}: ${m}`) };
    const scenarioStarted = performance.now();
    const loadBefore = os.loadavg()[0]!;
    log(`${scenario.title} …`);
    try {
      const result = await scenario.run(ctx);
      result.seconds = (performance.now() - scenarioStarted) / 1000;
      stored.scenarios[scenario.name] = {
        result,
        machine: { ...machine, loadAtStart: Math.round(loadBefore * 100) / 100 },
        ranAt: new Date().toISOString(),
      };
      log(
        `${scenario.name} done in ${result.seconds.toFixed(0)} s: ${result.targets.map((t) => `${t.what} ${t.measured} (${t.met ? 'met' : 'MISSED'})`).join('; ')}`,
      );
    } catch (error) {
      failures++;
      log(`${scenario.name} FAILED: ${(error as Error).stack ?? String(error)}`);
    }
    stored.run = currentRun(
      machine,
      engine,
      started,
      selected.map((s) => s.name),
    );
    writeFileSync(resultsPath, JSON.stringify(stored, null, 2));
    writeFileSync(reportPath, await formatMarkdown(renderResults(SCENARIOS, stored.scenarios, stored.run)));
  }
  log(`wrote ${reportPath} in ${((performance.now() - started) / 60_000).toFixed(1)} min`);
  return failures > 0 ? 1 : 0;
}

/** `--render`: writes the report again from the stored results, running nothing. */
async function renderStored(quick: boolean): Promise<number> {
  const resultsPath = quick ? join(WORK_DIR, 'results.quick.json') : join(BENCH_DIR, 'results.json');
  const reportPath = quick ? join(WORK_DIR, 'RESULTS.quick.md') : join(BENCH_DIR, 'RESULTS.md');
  const stored = existsSync(resultsPath) ? (JSON.parse(readFileSync(resultsPath, 'utf8')) as ResultsFile) : undefined;
  if (!stored?.run) {
    console.error(`No stored run in ${resultsPath}: run the benchmark first.`);
    return 1;
  }
  writeFileSync(reportPath, await formatMarkdown(renderResults(SCENARIOS, stored.scenarios, stored.run)));
  console.log(`wrote ${reportPath}`);
  return 0;
}

/** The report in the project's formatting (Prettier), so `npm run format` leaves it alone. */
async function formatMarkdown(markdown: string): Promise<string> {
  try {
    const prettier = await import('prettier');
    return await prettier.format(markdown, { ...(await prettier.resolveConfig(join(BENCH_DIR, 'RESULTS.md'))), parser: 'markdown' });
  } catch {
    return markdown;
  }
}

function currentRun(machine: MachineInfo, engine: string, started: number, names: string[]): CurrentRun {
  return { machine, engine, minutes: (performance.now() - started) / 60_000, names };
}
