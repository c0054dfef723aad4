/** Where the benchmark lives, where it keeps scratch data, and which Chromium every contender uses. */
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from '../../src-engine/browser/find-chromium.js';

const here = dirname(fileURLToPath(import.meta.url));

export const REPO_ROOT = resolve(here, '..', '..');
export const BENCH_DIR = join(REPO_ROOT, 'bench');
/** Scratch space for data directories, crawler storage and profiles (git-ignored). */
export const WORK_DIR = join(BENCH_DIR, '.work');

/** A fresh, empty scratch directory under {@link WORK_DIR}. */
export function freshWorkDir(name: string): string {
  const dir = join(WORK_DIR, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The Chromium the engine would pick on this machine; every browser contender is given the same one. */
export function benchChromium(): string | undefined {
  return findChromium();
}
