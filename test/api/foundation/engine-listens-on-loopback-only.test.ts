import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type AddressInfo } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../../src-engine/engine.js';
import { startTestEngine, type TestEngine } from '../../support/start-engine.js';

let engine: TestEngine;

beforeAll(async () => {
  engine = await startTestEngine();
});

afterAll(async () => {
  await engine?.close();
});

/** The first IPv4 address of this machine that is not loopback, if it has one. */
function nonLoopbackAddress(): string | undefined {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (!address.internal && address.family === 'IPv4' && !address.address.startsWith('127.')) return address.address;
    }
  }
  return undefined;
}

/** Resolves 'connected' or the error code of a TCP connection attempt. */
function tryConnect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(3000, () => {
      socket.destroy();
      resolve('ETIMEDOUT');
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

describe('the engine listens on 127.0.0.1 only', () => {
  it('reports a 127.0.0.1 address and answers there', async () => {
    expect(engine.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await tryConnect('127.0.0.1', engine.engine.port)).toBe('connected');
  });

  it("cannot be reached through the machine's non-loopback address", async (ctx) => {
    const address = nonLoopbackAddress();
    if (!address) return ctx.skip('this machine has no non-loopback IPv4 address');
    // Control: a server listening on every interface is reachable through that address.
    const control = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => control.listen(0, '0.0.0.0', resolve));
    const controlResult = await tryConnect(address, (control.address() as AddressInfo).port);
    await new Promise<void>((resolve) => control.close(() => resolve()));
    if (controlResult !== 'connected') return ctx.skip(`connections to ${address} do not work here (${controlResult})`);

    expect(await tryConnect(address, engine.engine.port)).toBe('ECONNREFUSED');
  });

  it('refuses to be configured to listen on any other address', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'trawl-test-'));
    try {
      await expect(
        createEngine({ dataDir, port: 0, host: '0.0.0.0' as '127.0.0.1', apiKey: 'a-key-of-enough-length', logLevel: 'silent' }),
      ).rejects.toThrow();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
