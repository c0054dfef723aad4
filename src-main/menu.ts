import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from './bridge-contract.js';
import type { BrowserChoice } from './settings.js';

/** What the menu items do; index.ts binds these to the window and the shell. */
export interface MenuActions {
  sendCommand(command: MenuCommand): void;
  openDataFolder(): void;
  openDocs(): void;
  chooseBrowser(choice: BrowserChoice): void;
}

const BROWSER_LABELS: Record<BrowserChoice, string> = {
  auto: "Automatic (the app's own, else the system's)",
  electron: "The App's Own Chromium",
  system: 'Chromium or Chrome Installed on This Computer',
};

/**
 * The application menu. Job commands are sent to the UI, which opens the matching view;
 * standard roles give the platform's own edit, window and quit behaviour. On macOS the
 * first menu is the app menu, as the platform expects.
 */
export function buildAppMenuTemplate(actions: MenuActions, platform: NodeJS.Platform, browser: BrowserChoice, appName = 'Trawl'): MenuItemConstructorOptions[] {
  const isMac = platform === 'darwin';
  const command = (label: string, accelerator: string, name: MenuCommand): MenuItemConstructorOptions => ({
    label,
    accelerator,
    click: () => actions.sendCommand(name),
  });
  const file: MenuItemConstructorOptions = {
    label: '&File',
    submenu: [
      command('New &Scrape', 'CmdOrCtrl+N', 'new-scrape'),
      command('New &Batch', 'CmdOrCtrl+Shift+B', 'new-batch'),
      command('New &Crawl', 'CmdOrCtrl+Shift+N', 'new-crawl'),
      { type: 'separator' },
      command('&Export…', 'CmdOrCtrl+E', 'export'),
      { label: 'Open &Data Folder', accelerator: 'CmdOrCtrl+Shift+D', click: () => actions.openDataFolder() },
      ...(isMac ? [] : [{ type: 'separator' } as const, command('Se&ttings', 'CmdOrCtrl+,', 'open-settings'), { role: 'quit' } as const]),
    ],
  };
  const template: MenuItemConstructorOptions[] = [
    file,
    { role: 'editMenu' },
    {
      label: 'E&ngine',
      submenu: [
        { label: 'Browser for JavaScript Pages', enabled: false },
        ...(Object.keys(BROWSER_LABELS) as BrowserChoice[]).map(
          (choice): MenuItemConstructorOptions => ({ label: BROWSER_LABELS[choice], type: 'radio', checked: choice === browser, click: () => actions.chooseBrowser(choice) }),
        ),
      ],
    },
    {
      label: '&View',
      submenu: [{ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' }, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' }],
    },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ label: 'Documentation', click: () => actions.openDocs() }] },
  ];
  if (isMac) {
    template.unshift({
      label: appName,
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        command('Settings…', 'Cmd+,', 'open-settings'),
        { type: 'separator' },
        { role: 'services' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  }
  return template;
}
