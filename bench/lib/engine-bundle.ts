/**
 * The engine build the benchmark measures: the command line bundled by the project's own build
 * step (`scripts/build-engine.mjs`, as `npm run build` does), copied once per benchmark run so
 * that source edits made while the benchmark runs cannot change what is measured. The bundle
 * is started as `bin/trawl.mjs` starts it (`engine-launcher.mjs`).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, WORK_DIR } from './paths.js';

/** How the engine is started: the node arguments before the CLI's own (`serve …`). */
export interface EngineEntry {
  args: string[];
  /** The module exporting the command line's `main` (the bundle, or the TypeScript source). */
  cliModule: string;
  /** Said in the report. */
  description: string;
}

let entry: EngineEntry | undefined;

/** Builds and pins the engine bundle (once per process); falls back to the TypeScript sources via bin/trawl.mjs. */
export function engineEntry(): EngineEntry {
  if (entry) return entry;
  const built = join(REPO_ROOT, 'out', 'engine', 'cli.mjs');
  try {
    execFileSync(process.execPath, [join(REPO_ROOT, 'scripts', 'build-engine.mjs')], { cwd: REPO_ROOT, stdio: 'pipe' });
    const dir = join(WORK_DIR, 'engine');
    mkdirSync(dir, { recursive: true });
    const pinned = join(dir, 'cli.mjs');
    copyFileSync(built, pinned);
    if (existsSync(`${built}.map`)) copyFileSync(`${built}.map`, `${pinned}.map`);
    entry = {
      args: [join(REPO_ROOT, 'bench', 'lib', 'engine-launcher.mjs'), pinned],
      cliModule: pinned,
      description: 'the engine bundle built by `scripts/build-engine.mjs` (esbuild), started as `bin/trawl.mjs` starts it',
    };
  } catch {
    entry = {
      args: [join(REPO_ROOT, 'bin', 'trawl.mjs')],
      cliModule: join(REPO_ROOT, 'src-engine', 'cli.ts'),
      description: '`bin/trawl.mjs` (no bundle could be built: TypeScript sources compiled on the fly by tsx)',
    };
  }
  return entry;
}
