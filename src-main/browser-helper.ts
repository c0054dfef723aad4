import { createInterface } from 'node:readline';
import type { BrowserWindowConstructorOptions } from 'electron';
import { formatReply, helperPageUrl, parseCommand, type HelperCommand, type HelperPageOptions } from './helper-protocol.js';

/** The parts of a BrowserWindow the helper uses. */
export interface HelperWindow {
  loadURL(url: string): Promise<void>;
  destroy(): void;
  isDestroyed(): boolean;
  webContents: {
    setUserAgent(userAgent: string): void;
    setWindowOpenHandler(handler: () => { action: 'deny' }): void;
    session: {
      setPermissionRequestHandler(handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
      on(event: 'will-download', listener: (event: { preventDefault(): void }) => void): unknown;
    };
  };
}

/** Electron's BrowserWindow constructor, injected. */
export type HelperWindowFactory = (options: BrowserWindowConstructorOptions) => HelperWindow;

/**
 * Options of a hidden scrape window: never shown, sandboxed, no preload, no Node, and an
 * in-memory partition (no `persist:` prefix) of its own so cookies and storage of one scrape
 * context never reach another and nothing is left on disk.
 */
export function hiddenPageOptions(partition: string, page: HelperPageOptions): BrowserWindowConstructorOptions {
  return {
    show: false,
    width: page.width ?? 1366,
    height: page.height ?? 900,
    paintWhenInitiallyHidden: true,
    webPreferences: {
      partition: partition.replace(/^persist:/, ''),
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
      javascript: page.javaScriptEnabled ?? true,
      backgroundThrottling: false,
      webviewTag: false,
      spellcheck: false,
    },
  };
}

/**
 * Serves helper commands: opens hidden windows for the engine and closes them by partition.
 * Returns a function that handles one command (for the stdin loop and for tests).
 */
export function createHelperCommandHandler(createWindow: HelperWindowFactory, quit: () => void): (command: HelperCommand) => Promise<void> {
  const windows = new Map<string, Set<HelperWindow>>();
  return async (command) => {
    if (command.op === 'open') {
      const window = createWindow(hiddenPageOptions(command.partition, command.page));
      const contents = window.webContents;
      contents.setWindowOpenHandler(() => ({ action: 'deny' }));
      contents.session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
      contents.session.on('will-download', (event) => event.preventDefault());
      if (command.page.userAgent) contents.setUserAgent(command.page.userAgent);
      const set = windows.get(command.partition) ?? new Set();
      set.add(window);
      windows.set(command.partition, set);
      await window.loadURL(helperPageUrl(command.token));
    } else if (command.op === 'close-partition') {
      for (const window of windows.get(command.partition) ?? []) if (!window.isDestroyed()) window.destroy();
      windows.delete(command.partition);
    } else {
      for (const set of windows.values()) for (const window of set) if (!window.isDestroyed()) window.destroy();
      windows.clear();
      quit();
    }
  };
}

/**
 * Runs the helper's command loop on stdin/stdout. The helper quits when its parent closes
 * stdin, so it never outlives the engine that started it.
 */
export function runHelperCommandLoop(handle: (command: HelperCommand) => Promise<void>, quit: () => void, input: NodeJS.ReadableStream = process.stdin, output: NodeJS.WritableStream = process.stdout): void {
  const lines = createInterface({ input });
  lines.on('line', (line) => {
    const command = parseCommand(line);
    if (!command) return;
    handle(command).then(
      () => output.write(formatReply({ id: command.id, ok: true })),
      (error: unknown) => output.write(formatReply({ id: command.id, ok: false, error: String(error) })),
    );
  });
  lines.on('close', quit);
}
