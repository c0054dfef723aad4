import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WINDOW_SIZE, loadWindowState, restoreWindowBounds, trackWindowState } from '../../src-main/window-state.js';

const laptop = { x: 0, y: 0, width: 1440, height: 900 };

describe('window state', () => {
  it('uses the default size on first start', () => {
    expect(restoreWindowBounds(undefined, [laptop])).toEqual({ bounds: DEFAULT_WINDOW_SIZE, maximized: false });
  });

  it('restores a position that is still on a screen, shrunk to fit it', () => {
    expect(restoreWindowBounds({ x: 100, y: 50, width: 2000, height: 800, maximized: true }, [laptop])).toEqual({ bounds: { x: 100, y: 50, width: 1440, height: 800 }, maximized: true });
  });

  it('lets the system place a window whose monitor is gone', () => {
    expect(restoreWindowBounds({ x: 3000, y: 0, width: 1200, height: 800, maximized: false }, [laptop]).bounds).toEqual({ width: 1200, height: 800 });
  });

  it('saves the normal bounds on close and reads them back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'trawl-window-'));
    try {
      const file = join(dir, 'window-state.json');
      // A stand-in for BrowserWindow's geometry API and events.
      const window = Object.assign(new EventEmitter(), { getNormalBounds: () => ({ x: 10, y: 20, width: 1100, height: 700 }), isMaximized: () => true });
      trackWindowState(window, file);
      window.emit('close');
      for (let i = 0; i < 50 && !(await loadWindowState(file)); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await loadWindowState(file)).toEqual({ x: 10, y: 20, width: 1100, height: 700, maximized: true });
      expect(await loadWindowState(join(dir, 'missing.json'))).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
