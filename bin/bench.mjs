#!/usr/bin/env node
// Runs the benchmark (bench/run.ts) from its TypeScript sources; arguments name the scenarios.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../bench/run.ts');
process.exitCode = await main(process.argv.slice(2));
process.exit();
