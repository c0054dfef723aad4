import { dirname, join } from 'node:path';
import { app, BrowserWindow, clipboard, dialog, ipcMain, Menu, Notification, protocol, screen, session, shell, utilityProcess } from 'electron';
import { APP_ORIGIN, APP_SCHEME, createAppProtocolHandler } from './app-protocol.js';
import { createBridgeActions } from './bridge-actions.js';
import { MENU_COMMAND_CHANNEL, type MenuCommand } from './bridge-contract.js';
import { buildContentSecurityPolicy } from './csp.js';
import { EngineHost } from './engine-host.js';
import { registerBridge } from './ipc.js';
import { buildAppMenuTemplate } from './menu.js';
import { JobProgress } from './progress.js';
import { SettingsStore, type BrowserChoice, type DesktopSettings } from './settings.js';
import { loadWindowState, restoreWindowBounds, trackWindowState } from './window-state.js';
import { denyAllPermissions, hardenWebContents, mainWindowOptions } from './windows.js';

const DOCS_URL = 'https://github.com/trawl-app/trawl#readme';

/**
 * Lifecycle of the desktop app: single instance, engine process up before the window, the
 * hardened window on `app://trawl`, and a clean engine shutdown before quitting so running
 * jobs resume at the next start.
 */
export function runDesktopApp(entryPath: string): void {
  app.setName('Trawl');
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }]);
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  const outDir = dirname(dirname(entryPath));
  const preloadPath = join(outDir, 'preload', 'preload.cjs');
  const rendererRoot = join(outDir, 'renderer');
  let host: EngineHost | undefined;
  let window: BrowserWindow | undefined;
  let settings: DesktopSettings;
  let quitting = false;

  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, (url) => void shell.openExternal(url)));
  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (!window && host) void openWindow(host);
  });
  app.on('before-quit', (event) => {
    if (quitting || !host) return;
    event.preventDefault();
    quitting = true;
    void host.stop().finally(() => app.quit());
  });

  const send = (command: MenuCommand): void => window?.webContents.send(MENU_COMMAND_CHANNEL, command);

  const openWindow = async (engine: EngineHost): Promise<void> => {
    const stateFile = join(app.getPath('userData'), 'window-state.json');
    const { bounds, maximized } = restoreWindowBounds(await loadWindowState(stateFile), screen.getAllDisplays().map((display) => display.workArea));
    const created = new BrowserWindow(mainWindowOptions(preloadPath, bounds));
    window = created;
    if (maximized) created.maximize();
    trackWindowState(created, stateFile);
    created.once('ready-to-show', () => created.show());
    created.on('closed', () => {
      if (window === created) window = undefined;
    });
    const progress = new JobProgress(
      {
        setProgressBar: (value) => window?.setProgressBar(value),
        isFocused: () => window?.isFocused() ?? false,
        notify: ({ title, body }) => {
          if (!Notification.isSupported()) return;
          const notification = new Notification({ title, body });
          notification.on('click', () => window?.show());
          notification.show();
        },
      },
      settings.notifyAfterSeconds * 1000,
    );
    jobListener = (event) => progress.handle(event);
    await created.loadURL(`${APP_ORIGIN}/index.html#api=${encodeURIComponent(engine.url)}&key=${encodeURIComponent(engine.apiKey)}`);
  };
  let jobListener: (event: Parameters<JobProgress['handle']>[0]) => void = () => undefined;

  const chooseBrowser = async (store: SettingsStore, choice: BrowserChoice): Promise<void> => {
    settings = await store.update({ browser: choice });
    const answer = await dialog.showMessageBox({
      type: 'question',
      buttons: ['Restart Now', 'Later'],
      defaultId: 0,
      message: 'The browser choice takes effect when Trawl restarts. Running jobs resume after the restart.',
    });
    if (answer.response === 0) {
      app.relaunch();
      app.quit();
    }
  };

  const start = async (): Promise<void> => {
    const userData = app.getPath('userData');
    const store = new SettingsStore(userData);
    settings = await store.load();
    denyAllPermissions(session.defaultSession);
    const engine = await EngineHost.start(
      (modulePath, args, options) => utilityProcess.fork(modulePath, args, options),
      entryPath,
      {
        dataDir: join(userData, 'data'),
        preferredPort: settings.preferredPort,
        browser: settings.browser,
        chromiumPath: settings.chromiumPath,
        appExecutable: process.execPath,
        appArgs: app.isPackaged ? [] : [app.getAppPath()],
      },
      {
        job: (event) => jobListener(event),
        browserFallback: (from, reason) => console.warn(`Browser ${from} unavailable (${reason}); using the next one`),
        unexpectedExit: (code) => {
          if (quitting) return;
          dialog.showErrorBox('Trawl engine stopped', `The engine process ended unexpectedly (code ${code}). Trawl will restart; running jobs resume.`);
          host = undefined;
          app.relaunch();
          app.exit(1);
        },
      },
    );
    host = engine;
    protocol.handle(APP_SCHEME, createAppProtocolHandler({ root: rendererRoot, contentSecurityPolicy: () => buildContentSecurityPolicy(engine.url) }));
    registerBridge(
      ipcMain,
      createBridgeActions({
        showSaveDialog: (options) => (window ? dialog.showSaveDialog(window, options) : dialog.showSaveDialog(options)),
        showItemInFolder: (path) => shell.showItemInFolder(path),
        openExternal: (url) => shell.openExternal(url),
        writeClipboardText: (text) => clipboard.writeText(text),
        defaultSaveDir: app.getPath('downloads'),
        dataDir: engine.dataDir,
        apiKey: () => engine.apiKey,
        appInfo: () => ({
          name: app.getName(),
          version: app.getVersion(),
          electron: process.versions.electron ?? '',
          chromium: process.versions.chrome ?? '',
          node: process.versions.node,
          platform: `${process.platform}-${process.arch}`,
          dataDir: engine.dataDir,
          engineUrl: engine.url,
          enginePort: engine.port,
          browser: engine.browser,
        }),
      }),
    );
    const menuActions = {
      sendCommand: send,
      openDataFolder: () => void shell.openPath(engine.dataDir),
      openDocs: () => void shell.openExternal(DOCS_URL),
      chooseBrowser: (choice: BrowserChoice) => void chooseBrowser(store, choice),
    };
    Menu.setApplicationMenu(Menu.buildFromTemplate(buildAppMenuTemplate(menuActions, process.platform, settings.browser)));
    await openWindow(engine);
  };

  app.whenReady().then(start, () => undefined).catch((error: unknown) => {
    dialog.showErrorBox('Trawl could not start', error instanceof Error ? error.message : String(error));
    app.exit(1);
  });
}
