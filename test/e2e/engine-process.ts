/**
 * Runs `trawl serve` as a child process for end-to-end tests: a free port on 127.0.0.1, a fresh
 * data folder and a fresh key. It builds nothing: the UI must already be built into out/renderer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');

export interface RunningEngine {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The address `trawl serve` printed: the UI with the key in the fragment. */
  uiUrl: string;
  apiKey: string;
  dataDir: string;
  /** Everything the process printed so far. */
  output: () => string;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`trawl serve exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error('trawl serve did not become healthy in time');
}

/** Starts the headless engine and resolves once it answers `/health` and printed its UI address. */
export async function startEngine(): Promise<RunningEngine> {
  if (!existsSync(join(ROOT, 'out', 'renderer', 'index.html'))) {
    throw new Error('The UI is not built: run `npx electron-vite build` before the end-to-end tests.');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'trawl-e2e-'));
  const apiKey = `e2e-${randomBytes(16).toString('hex')}`;
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'trawl.mjs'), 'serve', '--port', String(port), '--data-dir', dataDir, '--api-key', apiKey], {
    cwd: ROOT,
    // No key and no language model from the surroundings: every run starts from the same, offline state.
    env: { ...process.env, TRAWL_API_KEY: undefined, TRAWL_LLM_BASE_URL: undefined, TRAWL_LLM_MODEL: undefined, TRAWL_LLM_API_KEY: undefined },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 6000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, Date.now() + 45_000);
    const deadline = Date.now() + 10_000;
    while (!output.includes('/#key=') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  } catch (error) {
    await close();
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  const printed = /(http:\/\/127\.0\.0\.1:\d+\/#key=\S+)/.exec(output)?.[1];
  if (!printed) {
    await close();
    throw new Error(`trawl serve did not print the UI address:\n${output}`);
  }
  return { url, uiUrl: printed, apiKey, dataDir, output: () => output, close };
}
