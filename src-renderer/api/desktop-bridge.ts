/** What the desktop app's preload bridge offers; absent in a plain browser. */
export interface DesktopBridge {
  saveFile(name: string, data: Blob | ArrayBuffer | Uint8Array | string): Promise<string | null>;
  revealInFolder(path: string): Promise<void>;
  openExternal(url: string): Promise<void>;
  copyApiKey(): Promise<void>;
  appInfo(): Promise<{ version: string; platform: string; dataDir?: string }>;
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
