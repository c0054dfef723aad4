/**
 * Runs one contender (a competing crawler, or a bare loop) in its own Node process and
 * measures it the way the engine is measured: wall time of the work, CPU seconds of the
 * process over the work, and its peak resident memory; optionally its child processes too.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { ContenderReport } from './contenders/protocol.js';
import { REPO_ROOT } from './paths.js';
import { cpuSeconds, peakRssBytes, TreeSampler, type TreeUsage } from './process-usage.js';

export interface ContenderMeasurement {
  report: ContenderReport;
  /** Milliseconds from `go` to the contender's report, measured by the runner. */
  wallMs: number;
  /** CPU seconds of the contender's own process over the work. */
  cpuSeconds: number;
  /** Peak resident memory of the contender's process (VmHWM), in bytes. */
  peakRssBytes: number;
  /** Usage of the whole process tree (when asked for). */
  tree?: TreeUsage;
}

type ChildMessage = { type: 'ready' } | { type: 'done'; report: ContenderReport } | { type: 'failed'; error: string };

/**
 * Starts `bench/lib/contenders/<name>.ts`, hands it `config`, and measures its run.
 * The process is started and loaded before the clock starts, as the engine is.
 */
export async function runContender(
  name: string,
  config: unknown,
  options: { trackTree?: boolean; timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<ContenderMeasurement> {
  const script = join(REPO_ROOT, 'bench', 'lib', 'contenders', `${name}.ts`);
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    env: { ...process.env, ...options.env },
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const messages: ChildMessage[] = [];
  let wake: (() => void) | undefined;
  child.on('message', (message: ChildMessage) => {
    messages.push(message);
    wake?.();
  });
  const nextMessage = async (timeoutMs: number): Promise<ChildMessage> => {
    const deadline = Date.now() + timeoutMs;
    while (messages.length === 0) {
      if (child.exitCode !== null) throw new Error(`contender ${name} exited early (code ${child.exitCode})\n${stderr}`);
      if (Date.now() > deadline) throw new Error(`contender ${name} timed out\n${stderr}`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 250);
      });
    }
    return messages.shift()!;
  };

  try {
    const ready = await nextMessage(60_000);
    if (ready.type !== 'ready') throw new Error(`contender ${name}: unexpected ${ready.type}`);
    const pid = child.pid!;
    const sampler = options.trackTree ? new TreeSampler(pid) : undefined;
    const cpuBefore = cpuSeconds(pid) ?? 0;
    sampler?.start();
    const started = performance.now();
    child.send({ type: 'go', config });
    const outcome = await nextMessage(options.timeoutMs ?? 600_000);
    const wallMs = performance.now() - started;
    const cpu = (cpuSeconds(pid) ?? cpuBefore) - cpuBefore;
    const tree = sampler?.stop();
    const peak = peakRssBytes(pid) ?? 0;
    if (outcome.type === 'failed') throw new Error(`contender ${name} failed: ${outcome.error}`);
    if (outcome.type !== 'done') throw new Error(`contender ${name}: unexpected ${outcome.type}`);
    return { report: outcome.report, wallMs, cpuSeconds: cpu, peakRssBytes: peak, tree };
  } finally {
    if (child.connected) child.send({ type: 'exit' });
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000).unref());
    if ((await Promise.race([exited, timeout])) === 'timeout') {
      child.kill('SIGKILL');
      await exited;
    }
  }
}
