/**
 * Reads a V8 `.cpuprofile` (written by `node --cpu-prof`) and tells where the time went:
 * self time per function and per source area (an engine file, a package, Node's core,
 * WebAssembly, the garbage collector), idle time left out.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface TimeShare {
  name: string;
  ms: number;
  /** Share of the busy (non-idle) time, 0–1. */
  share: number;
}

export interface ProfileSummary {
  busyMs: number;
  areas: TimeShare[];
  functions: TimeShare[];
}

/** The source area a frame belongs to: an engine file, a package, Node's core, or a V8 pseudo-frame. */
export function areaOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('wasm://')) return 'WebAssembly (mdream converter)';
  if (url.startsWith('node:'))
    return `node core (${
      url
        .slice(5)
        .replace(/^internal\//, '')
        .split('/')[0]
    })`;
  const path = decodeURIComponent(url.replace(/^file:\/\//, ''));
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path.slice(path.lastIndexOf('node_modules/')));
  if (pkg) return `package ${pkg[1]}`;
  const own = /\/((?:src-engine|bench|bin)\/.*)$/.exec(path);
  return own ? own[1]! : path;
}

function shortFile(url: string): string {
  const path = decodeURIComponent(url.replace(/^file:\/\//, ''));
  const own = /\/((?:src-engine|bench|bin)\/.*)$/.exec(path);
  if (own) return own[1]!;
  const inPackage = path.lastIndexOf('node_modules/');
  return inPackage >= 0 ? path.slice(inPackage + 'node_modules/'.length) : path;
}

/**
 * Summarises one profile: the busiest areas and functions by self time. Samples in the first
 * `skipMs` of the profile (the process's start-up) are left out.
 */
export function summarizeProfile(profile: CpuProfile, top = 15, skipMs = 0): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  let elapsedUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]!);
    const delta = profile.timeDeltas[i] ?? 0;
    elapsedUs += delta;
    if (elapsedUs < skipMs * 1000) continue;
    if (!node || delta <= 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    busy += delta;
    const area = areaOf(url, functionName);
    areas.set(area, (areas.get(area) ?? 0) + delta);
    const fn = url === '' ? functionName : `${functionName || '(anonymous)'} — ${shortFile(url)}:${lineNumber + 1}`;
    functions.set(fn, (functions.get(fn) ?? 0) + delta);
  }
  const rank = (m: Map<string, number>): TimeShare[] =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, share: busy > 0 ? us / busy : 0 }));
  return { busyMs: busy / 1000, areas: rank(areas), functions: rank(functions) };
}

/**
 * Summarises the main thread's profile in a directory. Node writes one profile per thread
 * (`CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile`); thread 0 is the main thread, the
 * others are helpers such as the TypeScript loader's hooks thread.
 */
export function summarizeProfileDir(dir: string, top = 15, skipMs = 0): ProfileSummary | undefined {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort();
  const file = files.find((f) => /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(f)) ?? files.at(-1);
  if (!file) return undefined;
  return summarizeProfile(JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile, top, skipMs);
}

/** The summary as two markdown tables. */
export function profileMarkdown(summary: ProfileSummary, caption: string): string {
  const row = (t: TimeShare) => `| ${t.name.replace(/\|/g, '\\|')} | ${Math.round(t.ms)} | ${(t.share * 100).toFixed(1)} % |`;
  return [
    `${caption} Busy (non-idle) CPU time in the profile: ${(summary.busyMs / 1000).toFixed(1)} s.`,
    '',
    '| where (self time) | ms | share |',
    '|---|---:|---:|',
    ...summary.areas.map(row),
    '',
    '| function (self time) | ms | share |',
    '|---|---:|---:|',
    ...summary.functions.map(row),
  ].join('\n');
}
