/**
 * The contract of the preload bridge shared by the preload script and the main process. It
 * holds only names and types (no runtime dependencies) so the sandboxed preload stays tiny.
 */

/** Every bridge channel starts with this prefix; the main process refuses any other. */
export const BRIDGE_PREFIX = 'trawl:';

/** Invoke channels, one per verb. */
export const BRIDGE_CHANNELS = {
  saveFile: 'trawl:save-file',
  revealInFolder: 'trawl:reveal-in-folder',
  openExternal: 'trawl:open-external',
  copyApiKey: 'trawl:copy-api-key',
  appInfo: 'trawl:app-info',
} as const;

/** Channel on which the main process sends menu commands to the window. */
export const MENU_COMMAND_CHANNEL = 'trawl:menu-command';

/** Commands the application menu sends to the UI. */
export type MenuCommand = 'new-scrape' | 'new-batch' | 'new-crawl' | 'export' | 'open-settings';

/** What `appInfo()` answers. */
export interface AppInfo {
  name: string;
  version: string;
  electron: string;
  chromium: string;
  node: string;
  platform: string;
  dataDir: string;
  engineUrl: string;
  enginePort: number;
  /** Which Chromium the engine drives (e.g. "Electron's Chromium" or a system path). */
  browser: string;
}

/** Result of `saveFile`: the chosen path, or `saved: false` when the user cancelled. */
export interface SaveFileResult {
  saved: boolean;
  path?: string;
}

/** The object exposed to the UI as `window.trawl`. */
export interface TrawlBridge {
  saveFile(name: string, data: string | Uint8Array): Promise<SaveFileResult>;
  revealInFolder(path: string): Promise<void>;
  openExternal(url: string): Promise<boolean>;
  copyApiKey(): Promise<void>;
  appInfo(): Promise<AppInfo>;
  /** Subscribes to application-menu commands; returns the unsubscribe function. */
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
}
