/**
 * Runs the real `trawl serve` command line (bin/trawl.mjs) as a child process for the CLI tests,
 * with an environment free of the caller's TRAWL_* variables unless a test sets them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const BIN = join(ROOT, 'bin', 'trawl.mjs');

/** Compiling the TypeScript sources on the fly makes a cold start slow on a busy machine. */
export const START_TIMEOUT_MS = 45_000;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface CliProcess {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<Exit>;
}

export interface Started extends CliProcess {
  url: string;
  port: number;
  key: string;
}

function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!name.startsWith('TRAWL_')) env[name] = value;
  return { ...env, ...extra };
}

/** Spawns `node bin/trawl.mjs <args>`. */
export function runCli(args: string[], env: Record<string, string> = {}): CliProcess {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<Exit>((resolveExit) => child.once('exit', (code, signal) => resolveExit({ code, signal })));
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** Runs the CLI to completion (for commands that do not serve). */
export async function runToExit(args: string[], env: Record<string, string> = {}, timeoutMs = START_TIMEOUT_MS): Promise<Exit & { stdout: string; stderr: string }> {
  const run = runCli(args, env);
  const timer = setTimeout(() => run.child.kill('SIGKILL'), timeoutMs);
  const exit = await run.exited;
  clearTimeout(timer);
  return { ...exit, stdout: run.stdout(), stderr: run.stderr() };
}

const UI_LINE = /(http:\/\/127\.0\.0\.1:(\d+))\/#key=(\S+)/;

/** Spawns `trawl serve …` and waits for the printed `http://127.0.0.1:<port>/#key=<key>` line. */
export async function startServe(args: string[], env: Record<string, string> = {}): Promise<Started> {
  const run = runCli(['serve', ...args], env);
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const match = UI_LINE.exec(run.stdout());
    if (match) return { ...run, url: match[1]!, port: Number(match[2]), key: match[3]! };
    if (run.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  run.child.kill('SIGKILL');
  throw new Error(`trawl serve did not print its address.\nstdout:\n${run.stdout()}\nstderr:\n${run.stderr()}`);
}

/** Sends SIGTERM and resolves the exit with the time it took. */
export async function terminate(run: CliProcess): Promise<Exit & { ms: number }> {
  if (run.child.exitCode !== null) return { code: run.child.exitCode, signal: null, ms: 0 };
  const started = Date.now();
  run.child.kill('SIGTERM');
  const exit = await run.exited;
  return { ...exit, ms: Date.now() - started };
}

/** Kills a child that a failed test left running. */
export function killQuietly(run: CliProcess | undefined): void {
  if (run && run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
}

const dirs: string[] = [];

export function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'trawl-cli-'));
  dirs.push(dir);
  return dir;
}

export function removeTempDataDirs(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
