import { existsSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINE_VERSION } from '../../src-engine/version.js';
import { sendRequest } from '../support/start-engine.js';
import { killQuietly, removeTempDataDirs, runToExit, startServe, tempDataDir, terminate, type Started } from './serve-process.js';

const SLOW = 120_000;
const GIVEN_KEY = 'given-key-0123456789abcdef';
let running: Started | undefined;

afterAll(() => {
  killQuietly(running);
  removeTempDataDirs();
});

describe('trawl serve with a given key', () => {
  it(
    'honours --api-key: prints it, accepts it, and writes no key file',
    async () => {
      const dataDir = tempDataDir();
      running = await startServe(['--port', '0', '--data-dir', dataDir, '--api-key', GIVEN_KEY]);
      expect(running.key).toBe(GIVEN_KEY);
      expect((await sendRequest(running.url, 'GET', '/v2/jobs', { key: GIVEN_KEY })).status).toBe(200);
      expect((await sendRequest(running.url, 'GET', '/v2/jobs', { key: 'some-other-key-0123456789' })).status).toBe(401);
      expect(existsSync(join(dataDir, 'api-key'))).toBe(false);
      expect((await terminate(running)).code).toBe(0);
    },
    SLOW,
  );

  it(
    'honours TRAWL_API_KEY the same way, and --api-key wins over it',
    async () => {
      const dataDir = tempDataDir();
      running = await startServe(['--port', '0', '--data-dir', dataDir], { TRAWL_API_KEY: GIVEN_KEY });
      expect(running.key).toBe(GIVEN_KEY);
      expect((await sendRequest(running.url, 'GET', '/v2/jobs', { key: GIVEN_KEY })).status).toBe(200);
      expect(existsSync(join(dataDir, 'api-key'))).toBe(false);
      expect((await terminate(running)).code).toBe(0);

      const flagKey = 'flag-key-0123456789abcdef';
      running = await startServe(['--port', '0', '--data-dir', dataDir, '--api-key', flagKey], { TRAWL_API_KEY: GIVEN_KEY });
      expect(running.key).toBe(flagKey);
      expect((await terminate(running)).code).toBe(0);
    },
    SLOW,
  );
});

describe('trawl command line', () => {
  it(
    '--help exits 0 and prints the usage; --version prints the version',
    async () => {
      const help = await runToExit(['--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('Usage: trawl serve');
      expect(help.stdout).toContain('--port');
      expect(help.stdout).toContain('--data-dir');
      expect(help.stdout).toContain('--api-key');
      const version = await runToExit(['--version']);
      expect(version.code).toBe(0);
      expect(version.stdout.trim()).toBe(ENGINE_VERSION);
    },
    SLOW,
  );

  it(
    'exits non-zero with a clear message for an invalid port, and serves nothing',
    async () => {
      const dataDir = tempDataDir();
      const results = await Promise.all(
        ['70000', 'abc', '-1', '80.5'].map(async (port) => ({ port, ...(await runToExit(['serve', `--port=${port}`, '--data-dir', dataDir])) })),
      );
      for (const result of results) {
        expect(result.code, result.port).not.toBe(0);
        expect(result.code, result.port).not.toBeNull();
        expect(result.stderr, result.port).toContain(`Invalid port: "${result.port}"`);
        expect(result.stdout, result.port).not.toContain('is running');
      }
      const emptyEnv = await runToExit(['serve', '--data-dir', dataDir], { TRAWL_PORT: 'eighty' });
      expect(emptyEnv.code).not.toBe(0);
      expect(emptyEnv.stderr).toContain('Invalid port: "eighty"');
    },
    SLOW,
  );

  it(
    'exits non-zero with a clear message when the port is already in use',
    async () => {
      const blocker: Server = createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
      const port = (blocker.address() as AddressInfo).port;
      try {
        const result = await runToExit(['serve', '--port', String(port), '--data-dir', tempDataDir()]);
        expect(result.code).not.toBe(0);
        expect(result.code).not.toBeNull();
        expect(result.stderr).toContain(`Port ${port}`);
        expect(result.stderr).toContain('already in use');
        expect(result.stdout).not.toContain('is running');
      } finally {
        await new Promise<void>((resolve) => blocker.close(() => resolve()));
      }
    },
    SLOW,
  );

  it(
    'exits non-zero with a clear message for a key that is too short or has spaces, and for an unknown option',
    async () => {
      const dataDir = tempDataDir();
      const [short, spaced, unknown] = await Promise.all([
        runToExit(['serve', '--port', '0', '--data-dir', dataDir, '--api-key', 'short']),
        runToExit(['serve', '--port', '0', '--data-dir', dataDir], { TRAWL_API_KEY: 'a key with spaces in it 123' }),
        runToExit(['serve', '--port', '0', '--bogus']),
      ]);
      for (const result of [short, spaced]) {
        expect(result.code).not.toBe(0);
        expect(result.stderr).toContain('Invalid API key');
        expect(result.stderr).not.toContain('"code"');
      }
      expect(unknown.code).not.toBe(0);
      expect(unknown.stderr).toContain('--bogus');
      expect(unknown.stderr).toContain('Usage: trawl serve');
    },
    SLOW,
  );
});
