import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBridgeActions, type BridgeActionDeps } from '../../src-main/bridge-actions.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trawl-bridge-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Stand-ins for Electron's dialog, shell and clipboard. */
function electronParts(choice: { canceled: boolean; filePath?: string }) {
  const log: string[] = [];
  const deps: BridgeActionDeps = {
    showSaveDialog: async (options) => (log.push(`dialog:${options.defaultPath}`), choice),
    showItemInFolder: (path) => void log.push(`reveal:${path}`),
    openExternal: async (url) => void log.push(`open:${url}`),
    writeClipboardText: (text) => void log.push(`clip:${text}`),
    defaultSaveDir: '/home/me/Downloads',
    dataDir: join(dir, 'data'),
    apiKey: () => 'tr-key',
    appInfo: () => ({ name: 'Trawl' }) as never,
  };
  return { deps, log };
}

describe('bridge actions', () => {
  it('writes a file only where the user chose in the save dialog', async () => {
    const target = join(dir, 'export.md');
    const { deps, log } = electronParts({ canceled: false, filePath: target });
    const actions = createBridgeActions(deps);
    expect(await actions.saveFile('export.md', '# Title')).toEqual({ saved: true, path: target });
    expect(await readFile(target, 'utf8')).toBe('# Title');
    expect(log).toEqual(['dialog:/home/me/Downloads/export.md']);
    await actions.revealInFolder(target);
    expect(log.at(-1)).toBe(`reveal:${target}`);
  });

  it('writes nothing when the dialog is cancelled', async () => {
    const { deps } = electronParts({ canceled: true });
    expect(await createBridgeActions(deps).saveFile('a.txt', new Uint8Array([1]))).toEqual({ saved: false });
  });

  it('reveals only the data folder and files saved from the app', async () => {
    const { deps, log } = electronParts({ canceled: true });
    const actions = createBridgeActions(deps);
    await actions.revealInFolder(join(dir, 'data', 'trawl.db'));
    await expect(actions.revealInFolder('/etc/passwd')).rejects.toThrow();
    await expect(actions.revealInFolder(join(dir, 'data', '..', 'elsewhere'))).rejects.toThrow();
    expect(log).toEqual([`reveal:${join(dir, 'data', 'trawl.db')}`]);
  });

  it('opens only web and mail links, and copies the API key', async () => {
    const { deps, log } = electronParts({ canceled: true });
    const actions = createBridgeActions(deps);
    expect(await actions.openExternal('https://firecrawl.dev/docs')).toBe(true);
    expect(await actions.openExternal('file:///etc/passwd')).toBe(false);
    expect(await actions.openExternal('https://user:pw@example.com/')).toBe(false);
    expect(await actions.openExternal('vscode://open?file=/x')).toBe(false);
    await actions.copyApiKey();
    expect(log).toEqual(['open:https://firecrawl.dev/docs', 'clip:tr-key']);
  });
});
