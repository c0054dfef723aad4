import { createEngine, type Engine } from '../src-engine/index.js';
import { LaunchBrowserProvider } from '../src-engine/browser/launch-provider.js';
import type { BrowserProvider } from '../src-engine/browser/provider.js';
import { APP_ORIGIN } from './app-protocol.js';
import { browserSourceOrder, FallbackBrowserProvider } from './browser-choice.js';
import { ElectronBrowserProvider } from './electron-browser-provider.js';
import type { EngineStartOptions, FromEngineMessage, ToEngineMessage } from './engine-messages.js';
import { pickEnginePort } from './port.js';

/** Electron's `process.parentPort` in a utility process. */
export interface ParentPortLike {
  on(event: 'message', listener: (message: { data: unknown }) => void): unknown;
  postMessage(message: FromEngineMessage): void;
}

/**
 * Body of the engine process (an Electron utility process, so a heavy crawl never stalls the
 * window's main thread). Starts the engine when told to, forwards job events, and on
 * shutdown closes the engine, which persists running jobs so they resume at the next start.
 */
export function runEngineWorker(parentPort: ParentPortLike, exit: (code: number) => void): void {
  let engine: Engine | undefined;
  let browser: BrowserProvider | undefined;
  parentPort.on('message', ({ data }) => {
    const message = data as ToEngineMessage;
    if (message?.type === 'start' && !engine) {
      startEngine(message.options, parentPort).then(
        (started) => {
          ({ engine, browser } = started);
        },
        (error: unknown) => {
          parentPort.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
          exit(1);
        },
      );
    } else if (message?.type === 'shutdown') {
      void (async () => {
        await engine?.close().catch(() => undefined);
        await browser?.close().catch(() => undefined);
        parentPort.postMessage({ type: 'closed' });
        exit(0);
      })();
    }
  });
}

/** Builds the browser provider for the setting: Electron's Chromium and/or a system one. */
export function desktopBrowserProvider(options: EngineStartOptions, onFallback: (from: string, reason: string) => void): FallbackBrowserProvider {
  const providers = browserSourceOrder(options.browser).map((source) =>
    source === 'electron'
      ? new ElectronBrowserProvider({ executablePath: options.appExecutable, appArgs: options.appArgs })
      : new LaunchBrowserProvider({ executablePath: options.chromiumPath }),
  );
  return new FallbackBrowserProvider(providers, (failed, error) => onFallback(failed.description, error instanceof Error ? error.message : String(error)));
}

async function startEngine(options: EngineStartOptions, parentPort: ParentPortLike): Promise<{ engine: Engine; browser: BrowserProvider }> {
  const browserProvider = desktopBrowserProvider(options, (from, reason) => parentPort.postMessage({ type: 'browser-fallback', from, reason }));
  const start = (port: number): Promise<Engine> => createEngine({ dataDir: options.dataDir, port, browserProvider, allowedOrigins: [APP_ORIGIN] });
  let engine: Engine;
  try {
    engine = await start(await pickEnginePort(options.preferredPort));
  } catch (error) {
    // Another program took the probed port in the meantime: let the system choose.
    if ((error as NodeJS.ErrnoException)?.code !== 'EADDRINUSE') throw error;
    engine = await start(0);
  }
  engine.events.on('job', (event) => parentPort.postMessage({ type: 'job', event }));
  parentPort.postMessage({ type: 'ready', url: engine.url, port: engine.port, apiKey: engine.apiKey, dataDir: engine.dataDir, browser: browserProvider.description });
  return { engine, browser: browserProvider };
}
