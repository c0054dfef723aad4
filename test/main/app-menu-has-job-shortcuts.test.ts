import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { buildAppMenuTemplate } from '../../src-main/menu.js';

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}

describe('application menu', () => {
  for (const platform of ['linux', 'win32', 'darwin'] as const) {
    it(`offers new scrape/batch/crawl, export and the data folder with shortcuts on ${platform}`, () => {
      const done: string[] = [];
      const items = flatten(buildAppMenuTemplate({ sendCommand: (c) => done.push(c), openDataFolder: () => done.push('data'), openDocs: () => undefined, chooseBrowser: (c) => done.push(`browser:${c}`) }, platform, 'auto'));
      const byAccelerator = new Map(items.filter((i) => i.accelerator).map((i) => [i.accelerator as string, i]));
      for (const accelerator of ['CmdOrCtrl+N', 'CmdOrCtrl+Shift+B', 'CmdOrCtrl+Shift+N', 'CmdOrCtrl+E', 'CmdOrCtrl+Shift+D']) (byAccelerator.get(accelerator)!.click as () => void)();
      expect(done).toEqual(['new-scrape', 'new-batch', 'new-crawl', 'export', 'data']);
      expect(new Set(byAccelerator.keys()).size).toBe([...byAccelerator.keys()].length);
      const radios = items.filter((i) => i.type === 'radio');
      expect(radios.filter((i) => i.checked)).toHaveLength(1);
      (radios[2]!.click as () => void)();
      expect(done.at(-1)).toBe('browser:system');
      expect(items.some((i) => i.role === 'quit')).toBe(true);
    });
  }
});
