import { writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { AppInfo, SaveFileResult } from './bridge-contract.js';
import { safeExternalUrl } from './external-url.js';
import type { BridgeActions } from './ipc.js';

/** The parts of Electron's `dialog`, `shell` and `clipboard` the bridge verbs use. */
export interface BridgeActionDeps {
  showSaveDialog(options: { defaultPath: string; title: string }): Promise<{ canceled: boolean; filePath?: string }>;
  showItemInFolder(path: string): void;
  openExternal(url: string): Promise<void>;
  writeClipboardText(text: string): void;
  /** Folder the save dialog starts in (the user's downloads folder). */
  defaultSaveDir: string;
  /** The engine's data folder: its files may be revealed. */
  dataDir: string;
  apiKey(): string;
  appInfo(): AppInfo;
}

/**
 * The main-process side of the bridge verbs. Files are written only where the user chose in
 * the native dialog; only the data folder and files saved in this run can be revealed; only
 * http(s) and mailto URLs are opened.
 */
export function createBridgeActions(deps: BridgeActionDeps): BridgeActions {
  const savedPaths = new Set<string>();
  const dataDir = resolve(deps.dataDir);
  return {
    async saveFile(name: string, data: string | Uint8Array): Promise<SaveFileResult> {
      const choice = await deps.showSaveDialog({ title: 'Save', defaultPath: join(deps.defaultSaveDir, name) });
      if (choice.canceled || !choice.filePath) return { saved: false };
      await writeFile(choice.filePath, data);
      savedPaths.add(resolve(choice.filePath));
      return { saved: true, path: choice.filePath };
    },
    async revealInFolder(path: string): Promise<void> {
      const target = resolve(path);
      if (target !== dataDir && !target.startsWith(dataDir + sep) && !savedPaths.has(target)) {
        throw new Error('Only the data folder and files saved from the app can be revealed');
      }
      deps.showItemInFolder(target);
    },
    async openExternal(url: string): Promise<boolean> {
      const safe = safeExternalUrl(url);
      if (!safe) return false;
      await deps.openExternal(safe);
      return true;
    },
    async copyApiKey(): Promise<void> {
      deps.writeClipboardText(deps.apiKey());
    },
    async appInfo(): Promise<AppInfo> {
      return deps.appInfo();
    },
  };
}
