import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { WindowBounds } from './windows.js';

const windowStateSchema = z.object({
  x: z.int(),
  y: z.int(),
  width: z.int().min(200),
  height: z.int().min(150),
  maximized: z.boolean().default(false),
});

/** The window geometry remembered between runs. */
export type WindowState = z.output<typeof windowStateSchema>;

/** A display's usable area, as `screen.getAllDisplays()[i].workArea` gives it. */
export interface WorkArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Size of the window on first start or when the saved position is off every screen. */
export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 840 };

/**
 * Turns the saved state into bounds for the new window. A window that would not be at least
 * partly visible on a current display (a monitor was unplugged) is centred by the system
 * instead, and one larger than its display is shrunk to fit.
 */
export function restoreWindowBounds(saved: WindowState | undefined, displays: WorkArea[]): { bounds: WindowBounds; maximized: boolean } {
  if (!saved) return { bounds: { ...DEFAULT_WINDOW_SIZE }, maximized: false };
  const display = displays.find((area) => overlap(area, saved) >= 64 * 64);
  if (!display) return { bounds: { width: saved.width, height: saved.height }, maximized: saved.maximized };
  return {
    bounds: {
      x: saved.x,
      y: saved.y,
      width: Math.min(saved.width, display.width),
      height: Math.min(saved.height, display.height),
    },
    maximized: saved.maximized,
  };
}

/** Reads the saved window state; undefined when there is none or it is unreadable. */
export async function loadWindowState(file: string): Promise<WindowState | undefined> {
  try {
    const parsed = windowStateSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The parts of a BrowserWindow whose geometry is remembered. */
export interface TrackedWindow {
  getNormalBounds(): WorkArea;
  isMaximized(): boolean;
  on(event: 'resize' | 'move' | 'maximize' | 'unmaximize' | 'close', listener: () => void): unknown;
}

/**
 * Saves the window's normal (unmaximized) bounds and maximized flag to `file` after it moves
 * or resizes (debounced) and when it closes.
 */
export function trackWindowState(window: TrackedWindow, file: string, debounceMs = 500): void {
  let timer: NodeJS.Timeout | undefined;
  const save = (): void => {
    const { x, y, width, height } = window.getNormalBounds();
    const state: WindowState = { x, y, width, height, maximized: window.isMaximized() };
    void mkdir(dirname(file), { recursive: true })
      .then(() => writeFile(file, JSON.stringify(state), 'utf8'))
      .catch(() => undefined);
  };
  const later = (): void => {
    clearTimeout(timer);
    timer = setTimeout(save, debounceMs);
  };
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) window.on(event, later);
  window.on('close', () => {
    clearTimeout(timer);
    save();
  });
}

function overlap(a: WorkArea, b: WorkArea): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}
