import type { BrowserWindowConstructorOptions } from 'electron';
import { APP_ORIGIN } from './app-protocol.js';
import { safeExternalUrl } from './external-url.js';

/** Saved or default geometry of the main window. */
export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
}

/**
 * Options of the main window. Every web preference that matters for isolation is spelled out
 * rather than left to Electron's defaults, so a default changing upstream cannot weaken it.
 */
export function mainWindowOptions(preloadPath: string, bounds: WindowBounds, icon?: string): BrowserWindowConstructorOptions {
  return {
    ...bounds,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Trawl',
    backgroundColor: '#111418',
    ...(icon ? { icon } : {}),
    webPreferences: {
      preload: preloadPath,
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
      safeDialogs: true,
      spellcheck: false,
      devTools: true,
    },
  };
}

/** The few WebContents events and methods {@link hardenWebContents} uses. */
export interface HardenableWebContents {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  on(event: 'will-navigate', listener: (event: { preventDefault(): void; url: string }) => void): unknown;
  on(event: 'will-frame-navigate', listener: (event: { preventDefault(): void; url: string; isMainFrame: boolean }) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
}

/**
 * Denies every way content could leave the app: `window.open` and navigation away from
 * `app://trawl` are refused, and when the target is a safe web or mail URL it is handed to the
 * default browser instead (the user clicked a link). Frames (the sandboxed raw-HTML preview)
 * may not navigate anywhere but `about:srcdoc`/`about:blank`. `<webview>` is never attached.
 */
export function hardenWebContents(contents: HardenableWebContents, openExternal: (url: string) => void): void {
  const openIfSafe = (url: string): void => {
    const safe = safeExternalUrl(url);
    if (safe) openExternal(safe);
  };
  contents.setWindowOpenHandler(({ url }) => {
    openIfSafe(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event) => {
    if (isAppUrl(event.url)) return;
    event.preventDefault();
    openIfSafe(event.url);
  });
  contents.on('will-frame-navigate', (event) => {
    if (event.isMainFrame) return; // handled by will-navigate
    if (event.url === 'about:srcdoc' || event.url === 'about:blank' || isAppUrl(event.url)) return;
    event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** The permission handlers of an Electron Session that {@link denyAllPermissions} sets. */
export interface PermissionSession {
  setPermissionRequestHandler(handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: (contents: unknown, permission: string) => boolean): void;
  setDevicePermissionHandler(handler: (details: unknown) => boolean): void;
}

/**
 * Refuses every permission (camera, notifications from pages, geolocation, HID, …) the UI or a
 * scraped page could ask for. The app's own notifications come from the main process.
 */
export function denyAllPermissions(session: PermissionSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}` === APP_ORIGIN;
  } catch {
    return false;
  }
}
