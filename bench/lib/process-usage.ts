/**
 * CPU time and memory of other processes, read from Linux's /proc: a process's own CPU
 * seconds (all threads, user + system), its peak resident set (VmHWM), and a sampler that
 * follows a whole process tree (an engine and the Chromium it launched).
 */
import { readFileSync, readdirSync } from 'node:fs';

/** Kernel clock ticks per second (USER_HZ); 100 on every mainstream Linux build. */
const TICKS_PER_SECOND = 100;

function statFields(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces and parentheses: split after its last ')'.
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system, every thread) a live process has used; undefined when it is gone. */
export function cpuSeconds(pid: number): number | undefined {
  const fields = statFields(pid);
  if (!fields) return undefined;
  // After the name: state(0) ppid(1) … utime(11) stime(12).
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

function statusValueKb(pid: number, key: 'VmHWM' | 'VmRSS'): number | undefined {
  try {
    const match = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Peak resident memory of a live process since it started, in bytes. */
export function peakRssBytes(pid: number): number | undefined {
  const kb = statusValueKb(pid, 'VmHWM');
  return kb === undefined ? undefined : kb * 1024;
}

/** Current resident memory of a live process, in bytes. */
export function rssBytes(pid: number): number | undefined {
  const kb = statusValueKb(pid, 'VmRSS');
  return kb === undefined ? undefined : kb * 1024;
}

/** Proportional resident memory (shared pages split between their users), in bytes; falls back to RSS. */
export function pssBytes(pid: number): number | undefined {
  try {
    const match = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    if (match) return Number(match[1]) * 1024;
  } catch {
    // Not readable (older kernels, another user's process): plain RSS is the best figure left.
  }
  return rssBytes(pid);
}

/** Every live descendant of `root` (children, grandchildren, …), without `root` itself. */
export function descendantsOf(root: number): number[] {
  const childrenOf = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (!fields) continue;
    const parent = Number(fields[1]);
    const list = childrenOf.get(parent) ?? [];
    list.push(Number(entry));
    childrenOf.set(parent, list);
  }
  const found: number[] = [];
  const stack = [...(childrenOf.get(root) ?? [])];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    found.push(pid);
    stack.push(...(childrenOf.get(pid) ?? []));
  }
  return found;
}

/** What a {@link TreeSampler} saw between its start and stop. */
export interface TreeUsage {
  /** CPU seconds of the root process alone. */
  rootCpuSeconds: number;
  /** CPU seconds of its descendants (processes that ended between samples count up to their last sample). */
  childCpuSeconds: number;
  /** Largest sum of proportional resident memory (PSS) over the tree seen in one sample, in bytes. */
  peakTreeRssBytes: number;
}

/**
 * Samples a process tree at a fixed interval: CPU time per process (the increase since the
 * sampler started, or since the process appeared) and the largest total resident memory.
 */
export class TreeSampler {
  private readonly baseline = new Map<number, number>();
  private readonly latest = new Map<number, number>();
  private peakRss = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly root: number,
    private readonly intervalMs = 200,
  ) {}

  start(): void {
    for (const pid of [this.root, ...descendantsOf(this.root)]) {
      const cpu = cpuSeconds(pid);
      if (cpu !== undefined) {
        this.baseline.set(pid, cpu);
        this.latest.set(pid, cpu);
      }
    }
    this.timer = setInterval(() => this.sample(), this.intervalMs);
    this.timer.unref();
  }

  stop(): TreeUsage {
    this.sample();
    if (this.timer) clearInterval(this.timer);
    let child = 0;
    for (const [pid, cpu] of this.latest) {
      if (pid !== this.root) child += cpu - (this.baseline.get(pid) ?? 0);
    }
    const root = (this.latest.get(this.root) ?? 0) - (this.baseline.get(this.root) ?? 0);
    return { rootCpuSeconds: root, childCpuSeconds: child, peakTreeRssBytes: this.peakRss };
  }

  private sample(): void {
    let rss = 0;
    for (const pid of [this.root, ...descendantsOf(this.root)]) {
      const cpu = cpuSeconds(pid);
      if (cpu === undefined) continue;
      this.latest.set(pid, cpu);
      if (!this.baseline.has(pid)) this.baseline.set(pid, 0);
      rss += pssBytes(pid) ?? 0;
    }
    this.peakRss = Math.max(this.peakRss, rss);
  }
}
