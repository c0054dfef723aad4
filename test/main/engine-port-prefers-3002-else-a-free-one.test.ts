import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { pickEnginePort, PREFERRED_ENGINE_PORT } from '../../src-main/port.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function occupy(port = 0): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    servers.push(server);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
  });
}

describe('engine port selection', () => {
  it('prefers Firecrawl\'s self-hosted port', () => {
    expect(PREFERRED_ENGINE_PORT).toBe(3002);
  });

  it('returns the preferred port when it is free', async () => {
    const free = await occupy();
    await new Promise((resolve) => servers.pop()!.close(resolve));
    expect(await pickEnginePort(free)).toBe(free);
  });

  it('returns another free port when the preferred one is taken', async () => {
    const taken = await occupy();
    const chosen = await pickEnginePort(taken);
    expect(chosen).not.toBe(taken);
    expect(chosen).toBeGreaterThan(0);
    await occupy(chosen); // really free: it can be bound
  });
});
