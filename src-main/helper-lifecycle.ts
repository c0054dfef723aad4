import { app, BrowserWindow } from 'electron';
import { createHelperCommandHandler, runHelperCommandLoop } from './browser-helper.js';
import { HELPER_PROFILE_FLAG } from './helper-protocol.js';

/**
 * Lifecycle of the browser helper: no UI, no dock icon, no single-instance lock (it has its
 * own throwaway profile); it opens hidden windows on the engine's request and quits when the
 * engine closes its stdin or asks it to.
 */
export function runBrowserHelper(): void {
  const profile = process.argv.find((arg) => arg.startsWith(`${HELPER_PROFILE_FLAG}=`))?.slice(HELPER_PROFILE_FLAG.length + 1);
  if (profile) app.setPath('userData', profile);
  app.on('window-all-closed', () => {
    // Keep running between pages; the engine decides when the helper stops.
  });
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
  void app.whenReady().then(() => {
    app.dock?.hide();
    const quit = (): void => app.quit();
    runHelperCommandLoop(createHelperCommandHandler((options) => new BrowserWindow(options), quit), quit);
  });
}
