#!/usr/bin/env node
// Runs the engine's command line from its TypeScript sources (tsx compiles on the fly).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src-engine/cli.ts');
process.exitCode = await main(process.argv.slice(2), process.env);
process.exit();
