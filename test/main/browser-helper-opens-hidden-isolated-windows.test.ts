import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createHelperCommandHandler, hiddenPageOptions, runHelperCommandLoop, type HelperWindow } from '../../src-main/browser-helper.js';
import { browserHelperArgs, helperPageUrl, parseDevToolsEndpoint, parseReply } from '../../src-main/helper-protocol.js';
import type { BrowserWindowConstructorOptions } from 'electron';

/** A stand-in for Electron's BrowserWindow recording what the helper does with it. */
function fakeWindows() {
  const created: { options: BrowserWindowConstructorOptions; url?: string; userAgent?: string; destroyed: boolean; downloadsBlocked: boolean; permission?: boolean; popup?: string }[] = [];
  const factory = (options: BrowserWindowConstructorOptions): HelperWindow => {
    const record: (typeof created)[number] = { options, destroyed: false, downloadsBlocked: false };
    created.push(record);
    return {
      loadURL: async (url) => void (record.url = url),
      destroy: () => void (record.destroyed = true),
      isDestroyed: () => record.destroyed,
      webContents: {
        setUserAgent: (ua) => void (record.userAgent = ua),
        setWindowOpenHandler: (handler) => void (record.popup = handler().action),
        session: {
          setPermissionRequestHandler: (handler) => handler(null, 'geolocation', (ok) => void (record.permission = ok)),
          on: (_event, listener) => listener({ preventDefault: () => void (record.downloadsBlocked = true) }),
        },
      },
    };
  };
  return { created, factory };
}

describe('browser helper', () => {
  it('starts the app binary with DevTools on a random loopback port and a throwaway profile', () => {
    const args = browserHelperArgs(['/src/app'], '/tmp/trawl-browser-1');
    expect(args[0]).toBe('/src/app');
    expect(args).toContain('--trawl-browser-helper');
    expect(args).toContain('--remote-debugging-port=0');
    expect(args).toContain('--remote-debugging-address=127.0.0.1');
    expect(args).toContain('--user-data-dir=/tmp/trawl-browser-1');
    expect(args.some((arg) => arg.startsWith('--inspect'))).toBe(false);
  });

  it('accepts only loopback DevTools endpoints', () => {
    expect(parseDevToolsEndpoint('DevTools listening on ws://127.0.0.1:41234/devtools/browser/abc')).toBe('ws://127.0.0.1:41234/devtools/browser/abc');
    expect(parseDevToolsEndpoint('DevTools listening on ws://0.0.0.0:9222/devtools/browser/abc')).toBeUndefined();
    expect(parseDevToolsEndpoint('[123:ERROR] something else')).toBeUndefined();
  });

  it('opens hidden, sandboxed windows, each context in its own in-memory partition', async () => {
    const { created, factory } = fakeWindows();
    const handle = createHelperCommandHandler(factory, () => undefined);
    await handle({ op: 'open', id: 1, partition: 'trawl-a', token: 't1', page: { userAgent: 'TrawlBot', width: 390, height: 844 } });
    await handle({ op: 'open', id: 2, partition: 'persist:trawl-b', token: 't2', page: { javaScriptEnabled: false } });
    const [first, second] = created;
    expect(first!.options).toMatchObject({ show: false, width: 390, height: 844, webPreferences: { partition: 'trawl-a', sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: true } });
    expect(first!.options.webPreferences!.preload).toBeUndefined();
    expect(second!.options.webPreferences).toMatchObject({ partition: 'trawl-b', javascript: false });
    expect(first!.url).toBe(helperPageUrl('t1'));
    expect(first!.userAgent).toBe('TrawlBot');
    expect(first).toMatchObject({ popup: 'deny', permission: false, downloadsBlocked: true });
  });

  it('closes the windows of a partition and everything on quit', async () => {
    const { created, factory } = fakeWindows();
    let quit = 0;
    const handle = createHelperCommandHandler(factory, () => quit++);
    await handle({ op: 'open', id: 1, partition: 'a', token: '1', page: {} });
    await handle({ op: 'open', id: 2, partition: 'a', token: '2', page: {} });
    await handle({ op: 'open', id: 3, partition: 'b', token: '3', page: {} });
    await handle({ op: 'close-partition', id: 4, partition: 'a' });
    expect(created.map((w) => w.destroyed)).toEqual([true, true, false]);
    await handle({ op: 'quit', id: 5 });
    expect(created.map((w) => w.destroyed)).toEqual([true, true, true]);
    expect(quit).toBe(1);
  });

  it('answers each command line and quits when its stdin closes', async () => {
    const { factory } = fakeWindows();
    const input = new PassThrough();
    const output = new PassThrough();
    let quit = 0;
    const lines: string[] = [];
    output.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    runHelperCommandLoop(createHelperCommandHandler(factory, () => undefined), () => quit++, input, output);
    input.write('{"op":"open","id":7,"partition":"p","token":"x","page":{}}\nnot json\n{"op":"format-disk","id":8}\n');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines.map(parseReply)).toEqual([{ id: 7, ok: true }]);
    input.end();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(quit).toBe(1);
  });
});
