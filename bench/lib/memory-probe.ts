/**
 * Run as its own process (`node --import tsx bench/lib/memory-probe.ts <dataDir>`): loads the
 * engine's heaviest dependencies one at a time, then the engine, then starts it, and prints
 * (as one JSON line) the resident memory and V8 heap after each step — what an idle engine's
 * memory is made of.
 */

interface Step {
  step: string;
  rssMb: number;
  heapUsedMb: number;
}

const steps: Step[] = [];
const record = (step: string) => {
  const m = process.memoryUsage();
  steps.push({ step, rssMb: m.rss / 1048576, heapUsedMb: m.heapUsed / 1048576 });
};

record('Node.js with the TypeScript loader (tsx)');
await import('express');
record('+ express');
await import('zod');
await import('../../src-engine/contracts/index.js');
record('+ zod and the API contracts');
await import('../../src-engine/store/store.js');
record('+ libsql store');
await import('linkedom');
record('+ linkedom (HTML DOM)');
await import('../../src-engine/formats/markdown.js');
record('+ mdream (WebAssembly markdown converter)');
await import('@mozilla/readability');
record('+ @mozilla/readability');
await import('../../src-engine/transform/pdf.js');
record('+ pdf transform');
await import('playwright-core');
record('+ playwright-core');
const { createEngine } = await import('../../src-engine/engine.js');
record('+ the rest of the engine');
const engine = await createEngine({ dataDir: process.argv[2]!, port: 0, logLevel: 'silent' });
record('engine started, idle');
await engine.close();
console.log(JSON.stringify(steps));
process.exit(0);

export {};
