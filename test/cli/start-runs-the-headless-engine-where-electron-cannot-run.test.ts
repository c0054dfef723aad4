import { spawn } from 'node:child_process';
import { afterAll, expect, it } from 'vitest';
import { ROOT, START_TIMEOUT_MS, removeTempDataDirs, tempDataDir } from './serve-process.js';

afterAll(() => removeTempDataDirs());

it('npm start without a display serves the UI signed in from the printed address, and stops on SIGTERM', async () => {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith('TRAWL_') && name !== 'DISPLAY' && name !== 'WAYLAND_DISPLAY') env[name] = value;
  }
  const child = spawn(process.execPath, ['scripts/start.mjs', '--port', '0', '--data-dir', tempDataDir()], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    const deadline = Date.now() + START_TIMEOUT_MS * 4;
    let match: RegExpExecArray | null = null;
    while (!match && Date.now() < deadline && child.exitCode === null) {
      await new Promise((r) => setTimeout(r, 200));
      match = /(http:\/\/127\.0\.0\.1:\d+)\/#key=(\S+)/.exec(out);
    }
    expect(match, out).not.toBeNull();
    const page = await fetch(`${match![1]}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('<script');
    const api = await fetch(`${match![1]}/v2/jobs`, { headers: { authorization: `Bearer ${match![2]}` } });
    expect(api.status).toBe(200);
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
}, 240_000);
