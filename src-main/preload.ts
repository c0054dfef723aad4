/**
 * Preload of the main window: exposes one typed object, `window.trawl`, and nothing else.
 * It runs sandboxed with context isolation, so the UI sees only these functions, never
 * `ipcRenderer` itself.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { BRIDGE_CHANNELS, MENU_COMMAND_CHANNEL, type MenuCommand, type TrawlBridge } from './bridge-contract.js';

const bridge: TrawlBridge = {
  saveFile: (name, data) => ipcRenderer.invoke(BRIDGE_CHANNELS.saveFile, name, data),
  revealInFolder: (path) => ipcRenderer.invoke(BRIDGE_CHANNELS.revealInFolder, path),
  openExternal: (url) => ipcRenderer.invoke(BRIDGE_CHANNELS.openExternal, url),
  copyApiKey: () => ipcRenderer.invoke(BRIDGE_CHANNELS.copyApiKey),
  appInfo: () => ipcRenderer.invoke(BRIDGE_CHANNELS.appInfo),
  onMenuCommand: (listener) => {
    const forward = (_event: IpcRendererEvent, command: MenuCommand): void => listener(command);
    ipcRenderer.on(MENU_COMMAND_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(MENU_COMMAND_CHANNEL, forward);
    };
  },
};

contextBridge.exposeInMainWorld('trawl', bridge);
