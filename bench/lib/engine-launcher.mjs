#!/usr/bin/env node
// Starts the engine's bundled command line exactly as bin/trawl.mjs starts a current bundle:
// `node engine-launcher.mjs <bundle.mjs> serve --port … --data-dir …`.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const [bundle, ...args] = process.argv.slice(2);
const cli = await import(pathToFileURL(bundle).href);
process.exitCode = await cli.main(args, process.env, { uiDir: join(root, 'out', 'renderer') });
process.exit();
