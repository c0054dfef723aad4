/** Commands the desktop app's menu sends to the UI. */
export type MenuCommand = 'new-scrape' | 'new-batch' | 'new-crawl' | 'export' | 'open-settings';

/** What the desktop app's preload bridge offers (`window.trawl`); absent in a plain browser. */
export interface DesktopBridge {
  saveFile(name: string, data: string | Uint8Array): Promise<{ saved: boolean; path?: string }>;
  revealInFolder(path: string): Promise<void>;
  openExternal(url: string): Promise<boolean>;
  copyApiKey(): Promise<void>;
  appInfo(): Promise<{ name: string; version: string; platform: string; dataDir: string; engineUrl: string; browser: string }>;
  onMenuCommand?(listener: (command: MenuCommand) => void): () => void;
}

declare global {
  interface Window {
    trawl?: DesktopBridge;
  }
}

/** The desktop bridge when running in the Trawl window, else undefined. */
export function desktopBridge(): DesktopBridge | undefined {
  return typeof window !== 'undefined' ? window.trawl : undefined;
}
