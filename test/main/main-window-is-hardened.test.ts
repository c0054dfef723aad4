import { describe, expect, it } from 'vitest';
import { denyAllPermissions, hardenWebContents, mainWindowOptions, type HardenableWebContents } from '../../src-main/windows.js';

/** A stand-in for Electron's WebContents that records its handlers. */
function fakeWebContents() {
  const listeners = new Map<string, (event: never) => void>();
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;
  const contents = {
    setWindowOpenHandler: (handler: typeof openHandler) => void (openHandler = handler),
    on: (event: string, listener: (event: never) => void) => void listeners.set(event, listener),
  } as unknown as HardenableWebContents;
  const fire = (name: string, url: string, isMainFrame = true) => {
    let prevented = false;
    listeners.get(name)!({ url, isMainFrame, preventDefault: () => (prevented = true) } as never);
    return prevented;
  };
  return { contents, fire, open: (url: string) => openHandler!({ url }) };
}

describe('main window hardening', () => {
  it('sets every isolation flag explicitly', () => {
    const options = mainWindowOptions('/app/out/preload/preload.cjs', { width: 1000, height: 700 });
    expect(options.webPreferences).toMatchObject({
      preload: '/app/out/preload/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
    });
    expect(options.show).toBe(false);
    expect(options.width).toBe(1000);
  });

  it('denies window.open and opens only safe links in the default browser', () => {
    const opened: string[] = [];
    const { contents, open } = fakeWebContents();
    hardenWebContents(contents, (url) => opened.push(url));
    expect(open('https://example.com/page')).toEqual({ action: 'deny' });
    expect(open('javascript:alert(1)')).toEqual({ action: 'deny' });
    expect(open('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(open('ms-settings:privacy')).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://example.com/page']);
  });

  it('keeps the window on app://trawl and hands clicked web links to the default browser', () => {
    const opened: string[] = [];
    const { contents, fire } = fakeWebContents();
    hardenWebContents(contents, (url) => opened.push(url));
    expect(fire('will-navigate', 'app://trawl/index.html#jobs')).toBe(false);
    expect(fire('will-navigate', 'https://example.com/')).toBe(true);
    expect(fire('will-navigate', 'file:///home/user/')).toBe(true);
    expect(fire('will-navigate', 'app://trawl.evil/index.html')).toBe(true);
    expect(opened).toEqual(['https://example.com/']);
  });

  it('keeps sub-frames (the raw HTML preview) from navigating and refuses webviews', () => {
    const opened: string[] = [];
    const { contents, fire } = fakeWebContents();
    hardenWebContents(contents, (url) => opened.push(url));
    expect(fire('will-frame-navigate', 'about:srcdoc', false)).toBe(false);
    expect(fire('will-frame-navigate', 'https://tracker.example/', false)).toBe(true);
    expect(fire('will-attach-webview', '')).toBe(true);
    expect(opened).toEqual([]);
  });

  it('denies every permission request and check', () => {
    const granted: boolean[] = [];
    let check: ((contents: unknown, permission: string) => boolean) | undefined;
    let device: ((details: unknown) => boolean) | undefined;
    denyAllPermissions({
      setPermissionRequestHandler: (handler) => {
        for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) handler(null, permission, (ok) => granted.push(ok));
      },
      setPermissionCheckHandler: (handler) => void (check = handler),
      setDevicePermissionHandler: (handler) => void (device = handler),
    });
    expect(granted).toEqual([false, false, false, false, false]);
    expect(check!(null, 'media')).toBe(false);
    expect(device!({ deviceType: 'hid' })).toBe(false);
  });
});
