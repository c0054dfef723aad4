#!/usr/bin/env node
// Runs the engine's command line: the bundle built by `npm run build` when it is up to date with
// the sources, otherwise the TypeScript sources themselves (compiled on the fly by tsx).
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(root, 'out', 'engine', 'cli.mjs');

function newestSourceTime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceTime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function bundleIsCurrent() {
  try {
    return statSync(bundle).mtimeMs >= newestSourceTime(join(root, 'src-engine'));
  } catch {
    return false;
  }
}

let cli;
if (bundleIsCurrent()) {
  cli = await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import(pathToFileURL(join(root, 'src-engine', 'cli.ts')).href);
}
process.exitCode = await cli.main(process.argv.slice(2), process.env, { uiDir: join(root, 'out', 'renderer') });
process.exit();
