#!/usr/bin/env node
// Bundles the engine's command line into out/engine/cli.mjs (npm packages stay external), so
// `trawl serve` starts without compiling TypeScript.
import { build } from 'esbuild';

await build({
  entryPoints: ['src-engine/cli.ts'],
  outfile: 'out/engine/cli.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('built out/engine/cli.mjs');
