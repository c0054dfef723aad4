#!/usr/bin/env node
// Run as its own process: `node memory-probe.mjs <engine cli module> <data dir>`. Loads the
// engine's heaviest dependencies one at a time, then the engine's command line, then starts
// `serve` on a free port, and prints (as one JSON line) the resident memory and V8 heap after
// each step: what an idle engine's memory is made of.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [cliModule, dataDir] = process.argv.slice(2);
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const steps = [];
const record = (step) => {
  const m = process.memoryUsage();
  steps.push({ step, rssMb: m.rss / 1048576, heapUsedMb: m.heapUsed / 1048576 });
};

record('Node.js');
const dependencies = [
  ['express', 'express (API server)'],
  ['zod', 'zod (request validation)'],
  ['libsql', 'libsql (SQLite store)'],
  ['linkedom', 'linkedom (HTML DOM)'],
  ['htmlparser2', 'htmlparser2'],
  ['@mozilla/readability', '@mozilla/readability'],
  ['undici', 'undici (HTTP client)'],
  ['playwright-core', 'playwright-core (browser control)'],
];
for (const [name, label] of dependencies) {
  await import(name);
  record(`+ ${label}`);
}
const cli = await import(pathToFileURL(cliModule).href);
record('+ the engine itself');
// `main` resolves only when the engine stops: measure once it has started and settled.
const log = console.log;
console.log = () => {};
void cli.main(
  ['serve', '--port', '0', '--data-dir', dataDir, '--api-key', 'trawl-memory-probe-0123456789'],
  {},
  { uiDir: join(root, 'out', 'renderer') },
);
await new Promise((resolve) => setTimeout(resolve, 2000));
record('engine started, idle');
log(JSON.stringify(steps));
process.exit(0);
