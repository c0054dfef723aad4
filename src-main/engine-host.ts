import type { EngineStartOptions, FromEngineMessage, ToEngineMessage } from './engine-messages.js';
import type { JobEvent } from './progress.js';

/** The parts of Electron's UtilityProcess the host uses. */
export interface UtilityProcessLike {
  postMessage(message: ToEngineMessage): void;
  on(event: 'message', listener: (message: FromEngineMessage) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  kill(): boolean;
}

/** Electron's `utilityProcess.fork`, injected. */
export type ForkUtilityProcess = (modulePath: string, args: string[], options: { serviceName: string }) => UtilityProcessLike;

/** Hooks the app attaches to the running engine. */
export interface EngineHostListeners {
  job?(event: JobEvent): void;
  browserFallback?(from: string, reason: string): void;
  /** The engine process ended without being asked to. */
  unexpectedExit?(code: number): void;
}

/**
 * The engine as seen from the main process: a utility process running {@link runEngineWorker}
 * with the API on 127.0.0.1. `start` resolves once the API listens.
 */
export class EngineHost {
  #stopping = false;

  private constructor(
    private readonly child: UtilityProcessLike,
    readonly url: string,
    readonly port: number,
    readonly apiKey: string,
    readonly dataDir: string,
    readonly browser: string,
  ) {}

  /** Forks the engine process and waits until its API is ready. */
  static start(fork: ForkUtilityProcess, entryPath: string, options: EngineStartOptions, listeners: EngineHostListeners = {}, timeoutMs = 60_000): Promise<EngineHost> {
    const child = fork(entryPath, [], { serviceName: 'Trawl Engine' });
    return new Promise((resolve, reject) => {
      let host: EngineHost | undefined;
      const timer = setTimeout(() => {
        child.kill();
        reject(new Error('The engine did not start in time'));
      }, timeoutMs);
      child.on('message', (message) => {
        if (message.type === 'ready' && !host) {
          clearTimeout(timer);
          host = new EngineHost(child, message.url, message.port, message.apiKey, message.dataDir, message.browser);
          resolve(host);
        } else if (message.type === 'failed' && !host) {
          clearTimeout(timer);
          reject(new Error(`The engine failed to start: ${message.message}`));
        } else if (message.type === 'job') {
          listeners.job?.(message.event);
        } else if (message.type === 'browser-fallback') {
          listeners.browserFallback?.(message.from, message.reason);
        }
      });
      child.on('exit', (code) => {
        if (!host) {
          clearTimeout(timer);
          reject(new Error(`The engine process exited (${code}) before it was ready`));
        } else if (!host.#stopping) {
          listeners.unexpectedExit?.(code);
        }
      });
      child.postMessage({ type: 'start', options });
    });
  }

  /**
   * Asks the engine to close (it persists running jobs) and waits for it, killing the
   * process if it has not finished within `timeoutMs`.
   */
  stop(timeoutMs = 10_000): Promise<void> {
    if (this.#stopping) return Promise.resolve();
    this.#stopping = true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.child.kill();
        resolve();
      }, timeoutMs);
      const done = (): void => {
        clearTimeout(timer);
        resolve();
      };
      this.child.on('message', (message) => {
        if (message.type === 'closed') done();
      });
      this.child.on('exit', done);
      this.child.postMessage({ type: 'shutdown' });
    });
  }
}
