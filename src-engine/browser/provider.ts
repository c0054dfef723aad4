/**
 * Where Chromium comes from is not the engine's business: it asks a BrowserProvider.
 * The headless engine launches a Chromium found on the machine; the desktop app hands over
 * Electron's own Chromium through this same interface.
 */
import type { Browser } from 'playwright-core';

export interface BrowserProvider {
  /** Human-readable origin of the browser, shown in logs and settings (e.g. "chromium-headless-shell"). */
  readonly description: string;
  /** True when a browser can be had at all (a binary was found, or the host supplies one). */
  available(): boolean;
  /** Returns a connected browser, launching or reconnecting when needed. */
  acquire(): Promise<Browser>;
  /** Closes whatever the provider started. */
  close(): Promise<void>;
}
