import { chmodSync, existsSync, readFileSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sendRequest } from '../support/start-engine.js';
import { killQuietly, removeTempDataDirs, startServe, tempDataDir, terminate, type Started } from './serve-process.js';

const SLOW = 120_000;
let running: Started | undefined;

afterAll(() => {
  killQuietly(running);
  removeTempDataDirs();
});

const modeOf = (path: string) => statSync(path).mode & 0o777;

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('trawl serve', () => {
  const dataDir = join(tempDataDir(), 'created-by-serve');
  let firstKey = '';

  it(
    'prints http://127.0.0.1:<port>/#key=<key>; the key opens /v2 and is kept in a 0600 key file in a new 0700 data folder',
    async () => {
      running = await startServe(['--port', '0', '--data-dir', dataDir]);
      expect(running.port).toBeGreaterThan(0);
      expect(running.stdout()).toContain(`API key:  ${running.key}`);

      const ok = await sendRequest(running.url, 'GET', '/v2/concurrency-check', { key: running.key });
      expect(ok.status).toBe(200);
      expect(ok.body.success).toBe(true);
      const refused = await sendRequest(running.url, 'GET', '/v2/concurrency-check');
      expect(refused.status).toBe(401);

      const keyFile = join(dataDir, 'api-key');
      expect(readFileSync(keyFile, 'utf8').trim()).toBe(running.key);
      expect(modeOf(keyFile)).toBe(0o600);
      expect(modeOf(dataDir)).toBe(0o700);
      firstKey = running.key;
    },
    SLOW,
  );

  it(
    'exits with code 0 within 5 seconds of SIGTERM and stops listening',
    async () => {
      expect(running, 'the previous test started the engine').toBeDefined();
      const port = running!.port;
      const exit = await terminate(running!);
      expect(exit.code).toBe(0);
      expect(exit.signal).toBeNull();
      expect(exit.ms).toBeLessThan(5000);
      expect(await refusesConnections(port)).toBe(true);
    },
    SLOW,
  );

  it(
    'reuses the same key when started again on the same data folder, and makes a loosened key file private again',
    async () => {
      expect(firstKey).not.toBe('');
      chmodSync(join(dataDir, 'api-key'), 0o644);
      running = await startServe(['--port', '0', '--data-dir', dataDir]);
      expect(running.key).toBe(firstKey);
      expect(modeOf(join(dataDir, 'api-key'))).toBe(0o600);
      const ok = await sendRequest(running.url, 'GET', '/v2/team/credit-usage', { key: firstKey });
      expect(ok.status).toBe(200);
      expect((await terminate(running)).code).toBe(0);
    },
    SLOW,
  );

  it(
    'takes its port and data folder from TRAWL_PORT and TRAWL_DATA_DIR',
    async () => {
      const envDir = tempDataDir();
      running = await startServe([], { TRAWL_PORT: '0', TRAWL_DATA_DIR: envDir });
      expect(running.port).not.toBe(3002);
      expect(readFileSync(join(envDir, 'api-key'), 'utf8').trim()).toBe(running.key);
      expect(existsSync(join(envDir, 'trawl.db'))).toBe(true);
      expect(running.stdout()).toContain(envDir);
      expect((await terminate(running)).code).toBe(0);
    },
    SLOW,
  );
});
