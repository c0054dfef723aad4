/** What the benchmark ran on and against: machine, OS, Node, commit, date, load. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { REPO_ROOT } from './paths.js';

export interface MachineInfo {
  cpu: string;
  cores: number;
  ramGb: number;
  os: string;
  node: string;
  commit: string;
  date: string;
  /** 1-minute load average when the run started (other work on the machine skews figures). */
  loadAtStart: number;
}

function osName(): string {
  try {
    const pretty = /^PRETTY_NAME="?([^"\n]+)"?/m.exec(readFileSync('/etc/os-release', 'utf8'));
    if (pretty) return `${pretty[1]} (kernel ${os.release()})`;
  } catch {
    // Not Linux, or no os-release: fall through.
  }
  return `${os.type()} ${os.release()}`;
}

function git(args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/** The commit under test, marked when the work tree has changes that are not committed. */
export function currentCommit(): string {
  const head = git(['rev-parse', '--short', 'HEAD']) ?? 'unknown';
  const dirty = git(['status', '--porcelain', '--untracked-files=no']);
  return dirty ? `${head} (with uncommitted changes)` : head;
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    ramGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: osName(),
    node: process.version,
    commit: currentCommit(),
    date: new Date().toISOString(),
    loadAtStart: Math.round(os.loadavg()[0]! * 100) / 100,
  };
}
