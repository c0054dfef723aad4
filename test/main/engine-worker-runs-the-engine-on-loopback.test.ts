import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FromEngineMessage } from '../../src-main/engine-messages.js';
import { runEngineWorker, type ParentPortLike } from '../../src-main/engine-worker.js';

/** A stand-in for Electron's `process.parentPort` in a utility process. */
function fakeParentPort() {
  const sent: FromEngineMessage[] = [];
  let listener: ((message: { data: unknown }) => void) | undefined;
  const port: ParentPortLike = { on: (_event, l) => void (listener = l), postMessage: (message) => void sent.push(message) };
  return { port, sent, deliver: (data: unknown) => listener!({ data }) };
}

async function until<T>(find: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('engine process', () => {
  it('starts the engine on 127.0.0.1 with its data in the given folder, and closes it on shutdown', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'trawl-worker-'));
    const { port, sent, deliver } = fakeParentPort();
    const exits: number[] = [];
    try {
      runEngineWorker(port, (code) => exits.push(code));
      deliver({ type: 'start', options: { dataDir, preferredPort: 0, browser: 'system', appExecutable: '/nonexistent', appArgs: [] } });
      const ready = await until(() => sent.find((m) => m.type === 'ready' || m.type === 'failed'));
      expect(ready.type).toBe('ready');
      if (ready.type !== 'ready') return;
      expect(ready.url).toBe(`http://127.0.0.1:${ready.port}`);
      expect(ready.dataDir).toBe(dataDir);
      expect(ready.apiKey.length).toBeGreaterThanOrEqual(16);
      const unauthorised = await fetch(`${ready.url}/v2/crawl/active`);
      expect(unauthorised.status).toBe(401);
      deliver({ type: 'shutdown' });
      await until(() => (exits.length ? exits : undefined));
      expect(exits).toEqual([0]);
      expect(sent.at(-1)).toEqual({ type: 'closed' });
      await expect(fetch(`${ready.url}/v2/crawl/active`)).rejects.toThrow();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
