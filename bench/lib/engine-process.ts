/**
 * Runs `trawl serve` in its own process, as a user starts it (see `engine-bundle.ts` for which
 * build), so the engine's CPU time and memory are its own: a fresh data directory, a fixed API key, optional start-up settings
 * (written where the engine reads them) and an optional V8 CPU profile written at exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { engineEntry } from './engine-bundle.js';
import { REPO_ROOT } from './paths.js';

export interface EngineProcessOptions {
  dataDir: string;
  /** Chromium for browser scrapes (`--chromium`); the engine's own discovery when unset. */
  chromiumPath?: string;
  /** Start-up settings, as the Settings screen stores them (concurrency, politeness). */
  settings?: { globalConcurrency?: number; perHostConcurrency?: number; perHostDelayMs?: number };
  /** Directory for a `--cpu-prof` profile, written when the engine stops. */
  cpuProfileDir?: string;
  /** Extra Node.js flags (e.g. `--trace-gc`). */
  nodeArgs?: string[];
  /** Every line the engine prints on stdout after it started. */
  onStdoutLine?: (line: string) => void;
}

export interface EngineProcess {
  readonly pid: number;
  /** API origin, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  readonly apiKey: string;
  /** Milliseconds from spawn until the engine printed its address. */
  readonly startupMs: number;
  /** `performance.now()` of the benchmark process when the engine was spawned. */
  readonly spawnedAt: number;
  /** Stops the engine (SIGTERM, as Ctrl-C would) and waits for the process to exit. */
  stop(): Promise<void>;
}

export const BENCH_API_KEY = 'trawl-bench-key-0123456789abcdef';
const START_TIMEOUT_MS = 60_000;

/** Starts the engine CLI and resolves once it prints the address it listens on. */
export async function startEngineProcess(options: EngineProcessOptions): Promise<EngineProcess> {
  mkdirSync(options.dataDir, { recursive: true });
  if (options.settings) writeFileSync(join(options.dataDir, 'settings.json'), JSON.stringify(options.settings));
  const nodeArgs: string[] = [...(options.nodeArgs ?? [])];
  if (options.cpuProfileDir) {
    mkdirSync(options.cpuProfileDir, { recursive: true });
    nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`);
  }
  const cliArgs = ['serve', '--port', '0', '--data-dir', options.dataDir, '--api-key', BENCH_API_KEY];
  if (options.chromiumPath) cliArgs.push('--chromium', options.chromiumPath);
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, ...engineEntry().args, ...cliArgs], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: engineEnvironment(),
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(
      () => reject(new Error(`trawl serve did not start within ${START_TIMEOUT_MS} ms\n${stderr}`)),
      START_TIMEOUT_MS,
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+)\/#key=/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
      if (options.onStdoutLine) {
        const lines = stdout.split('\n');
        stdout = lines.pop()!;
        for (const line of lines) options.onStdoutLine(line);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`trawl serve exited with code ${code} before it started\n${stderr}`));
    });
  });
  const startupMs = performance.now() - started;
  return { pid: child.pid!, url, apiKey: BENCH_API_KEY, startupMs, spawnedAt: started, stop: () => stopChild(child, exited) };
}

/** The caller's environment without Trawl's own variables, so flags alone configure the engine. */
function engineEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('TRAWL_')) env[key] = value;
  return env;
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 15_000).unref());
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
}
