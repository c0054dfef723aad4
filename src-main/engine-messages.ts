import type { JobEvent } from './progress.js';
import type { BrowserChoice } from './settings.js';

/** What the main process tells the engine process to start with. */
export interface EngineStartOptions {
  dataDir: string;
  preferredPort: number;
  browser: BrowserChoice;
  chromiumPath?: string;
  /** The app's executable, started again as the browser helper. */
  appExecutable: string;
  /** Arguments before the helper flags (the app folder when not packaged). */
  appArgs: string[];
}

/** Messages from the main process to the engine process. */
export type ToEngineMessage = { type: 'start'; options: EngineStartOptions } | { type: 'shutdown' };

/** Messages from the engine process to the main process. */
export type FromEngineMessage =
  | { type: 'ready'; url: string; port: number; apiKey: string; dataDir: string; browser: string }
  | { type: 'job'; event: JobEvent }
  | { type: 'browser-fallback'; from: string; reason: string }
  | { type: 'failed'; message: string }
  | { type: 'closed' };
