import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppProtocolHandler, mimeTypeFor } from '../../src-main/app-protocol.js';
import { buildContentSecurityPolicy } from '../../src-main/csp.js';

let base: string;
let handler: (request: Request) => Promise<Response>;
const csp = buildContentSecurityPolicy('http://127.0.0.1:3002');

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'trawl-protocol-'));
  const root = join(base, 'renderer');
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(join(root, 'index.html'), '<!doctype html><title>Trawl</title>');
  await writeFile(join(root, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(join(root, 'assets', 'app.css'), 'body{}');
  await writeFile(join(root, 'assets', 'logo.svg'), '<svg/>');
  await writeFile(join(root, 'assets', 'font.woff2'), 'x');
  await writeFile(join(root, 'assets', 'data.bin'), 'x');
  await writeFile(join(base, 'secret.txt'), 'secret');
  await symlink(join(base, 'secret.txt'), join(root, 'assets', 'leak.txt'));
  handler = createAppProtocolHandler({ root, contentSecurityPolicy: () => csp });
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const get = (url: string, method = 'GET') => handler(new Request(url, { method }));

describe('app:// protocol handler', () => {
  it('serves bundle files with their MIME type and the CSP header', async () => {
    const cases: [string, string][] = [
      ['app://trawl/index.html', 'text/html; charset=utf-8'],
      ['app://trawl/', 'text/html; charset=utf-8'],
      ['app://trawl/assets/app.js', 'text/javascript; charset=utf-8'],
      ['app://trawl/assets/app.css', 'text/css; charset=utf-8'],
      ['app://trawl/assets/logo.svg', 'image/svg+xml'],
      ['app://trawl/assets/font.woff2', 'font/woff2'],
      ['app://trawl/index.html?x=1#api=http://127.0.0.1:3002&key=k', 'text/html; charset=utf-8'],
    ];
    for (const [url, type] of cases) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toBe(type);
      expect(response.headers.get('content-security-policy')).toBe(csp);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect(await (await get('app://trawl/index.html')).text()).toContain('<title>Trawl</title>');
  });

  it('refuses every path that would leave the bundle folder', async () => {
    const attempts = [
      'app://trawl/../secret.txt',
      'app://trawl/%2e%2e/secret.txt',
      'app://trawl/assets/%2E%2E/%2E%2E/secret.txt',
      'app://trawl/%2e%2e%2fsecret.txt',
      'app://trawl/..%5csecret.txt',
      'app://trawl/assets%5c..%5c..%5csecret.txt',
      'app://trawl/index.html%00.js',
      'app://trawl//etc/passwd',
      'app://trawl/assets/leak.txt',
      'app://trawl/%E0%A4%A',
    ];
    for (const url of attempts) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).not.toContain('secret');
    }
  });

  it('refuses unknown files, unknown types, folders, other hosts and methods', async () => {
    expect((await get('app://trawl/missing.js')).status).toBe(404);
    expect((await get('app://trawl/assets/data.bin')).status).toBe(404);
    expect((await get('app://trawl/assets')).status).toBe(404);
    expect((await get('app://other/index.html')).status).toBe(404);
    expect((await get('app://trawl/index.html', 'POST')).status).toBe(405);
  });

  it('maps the bundle file types to MIME types and nothing else', () => {
    expect(mimeTypeFor('a.MJS')).toBe('text/javascript; charset=utf-8');
    expect(mimeTypeFor('a.wasm')).toBe('application/wasm');
    expect(mimeTypeFor('a.exe')).toBeUndefined();
    expect(mimeTypeFor('Makefile')).toBeUndefined();
  });

  it('has a CSP that only allows the bundle and the local engine', () => {
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:3002 ws://127.0.0.1:3002");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toContain('*');
  });
});
