/**
 * Reads a V8 `.cpuprofile` (written by `node --cpu-prof`) and tells where the time went:
 * self time per function and per source area (an engine file, a package, Node's core,
 * WebAssembly, the garbage collector), idle time left out.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
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
  /** Busy time grouped by kind of work (every area counted, not only the top ones). */
  kinds: TimeShare[];
}

/** Kinds of work, recognised from a source area's name; the first match wins. */
const KINDS: [string, RegExp][] = [
  [
    'HTML parsing and DOM (linkedom, htmlparser2, css-select, Readability)',
    /^package (linkedom|htmlparser2|css-select|css-what|nth-check|domhandler|domutils|dom-serializer|entities|boolbase|uhyphen|html-escaper|cssom|@mozilla\/readability)$/,
  ],
  ['garbage collection', /^\(garbage collector\)$/],
  ["engine's transform and scrape code (src-engine/transform, scrape, crawl)", /^src-engine\/(transform|scrape|crawl)\//],
  ['markdown conversion (mdream, WebAssembly, src-engine/formats)', /^(package mdream|WebAssembly|src-engine\/formats\/)/],
  ['SQLite store (libsql, src-engine/store)', /^(package libsql|src-engine\/store\/)/],
  ['HTTP fetching (undici, Node net and streams)', /^(package undici|node core \((net|streams|stream_base_commons|http|tls|dns|zlib)\))/],
  [
    'API server (express, src-engine/api)',
    /^(package (express|router|body-parser|raw-body|send|finalhandler|serve-static|qs|type-is|mime-types|content-type|ws)|src-engine\/api\/)/,
  ],
  ['job scheduling (src-engine/jobs)', /^src-engine\/jobs\//],
  ['JSON parse / stringify (stored documents, API answers)', /^\(JSON parse \/ stringify\)$/],
  ['regular expressions (all callers)', /^\(regular expressions\)$/],
  ['socket and pipe writes (HTTP answers, messages to Chromium)', /^\(socket and pipe writes\)$/],
  ['module loading (Node core)', /^node core \((modules|deps)\)$/],
  ['browser control (playwright-core, src-engine/browser, fetch)', /^(package playwright-core|src-engine\/(browser|fetch)\/)/],
];

/** The source area a frame belongs to: an engine file, a package, Node's core, or a V8 pseudo-frame. */
export function areaOf(url: string, functionName: string): string {
  if (url === '') {
    if (functionName.startsWith('(')) return functionName;
    if (functionName.startsWith('RegExp:')) return '(regular expressions)';
    if (functionName === 'parse' || functionName === 'stringify') return '(JSON parse / stringify)';
    if (/^write(Utf8String|Latin1String|AsciiString|Ucs2String|Buffer|v)$/.test(functionName)) return '(socket and pipe writes)';
    return '(native built-ins)';
  }
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
 * Maps a frame of a bundled file (one with a `.map` beside it) back to its source file and
 * line, so the engine's bundle is reported file by file.
 */
function sourceMapper(): (frame: ProfileNode['callFrame']) => { url: string; line: number } {
  const maps = new Map<string, SourceMap | undefined>();
  return (frame) => {
    const plain = { url: frame.url, line: frame.lineNumber };
    if (!frame.url.startsWith('file://') || !frame.url.endsWith('.mjs')) return plain;
    if (!maps.has(frame.url)) {
      const mapFile = `${decodeURIComponent(frame.url.slice('file://'.length))}.map`;
      maps.set(frame.url, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))) : undefined);
    }
    const entry = maps.get(frame.url)?.findEntry(frame.lineNumber, frame.columnNumber) as
      { originalSource?: string; originalLine?: number } | undefined;
    return entry?.originalSource
      ? { url: `file:///${entry.originalSource.replace(/^(\.\.\/)+/, '')}`, line: entry.originalLine ?? 0 }
      : plain;
  };
}

/**
 * Summarises one profile: the busiest areas and functions by self time. Samples in the first
 * `skipMs` of the profile (the process's start-up) are left out.
 */
export function summarizeProfile(profile: CpuProfile, top = 15, skipMs = 0): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const resolve = sourceMapper();
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
    const { functionName } = node.callFrame;
    if (functionName === '(idle)') continue;
    const { url, line: lineNumber } = resolve(node.callFrame);
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
  const kinds = new Map<string, number>();
  for (const [area, us] of areas) {
    const kind = KINDS.find(([, pattern]) => pattern.test(area))?.[0] ?? 'other (Node core, V8 built-ins)';
    kinds.set(kind, (kinds.get(kind) ?? 0) + us);
  }
  return {
    busyMs: busy / 1000,
    areas: rank(areas),
    functions: rank(functions),
    kinds: [...kinds].sort((a, b) => b[1] - a[1]).map(([name, us]) => ({ name, ms: us / 1000, share: busy > 0 ? us / busy : 0 })),
  };
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

/** The summary as markdown: time by kind of work, then by source area and by function. */
export function profileMarkdown(summary: ProfileSummary, caption: string): string {
  const row = (t: TimeShare) => `| ${t.name.replace(/\|/g, '\\|')} | ${Math.round(t.ms)} | ${(t.share * 100).toFixed(1)} % |`;
  return [
    `${caption} Busy (non-idle) CPU time in the profile: ${(summary.busyMs / 1000).toFixed(1)} s.`,
    '',
    '| kind of work (self time) | ms | share |',
    '|---|---:|---:|',
    ...summary.kinds.map(row),
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
