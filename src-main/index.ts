/**
 * Entry of every process the app binary runs as, decided before anything else loads:
 * - the engine process (an Electron utility process, which has `process.parentPort`),
 * - the browser helper (started by the engine with the helper flag, DevTools on loopback),
 * - otherwise the desktop app itself.
 * Each role is imported lazily so a process loads only the Electron APIs it may use.
 */
import { fileURLToPath } from 'node:url';
import { BROWSER_HELPER_FLAG } from './helper-protocol.js';

const entryPath = fileURLToPath(import.meta.url);

function fail(error: unknown): void {
  console.error(error);
  process.exit(1);
}

if (process.parentPort) {
  import('./engine-worker.js').then(({ runEngineWorker }) => runEngineWorker(process.parentPort, (code) => process.exit(code)), fail);
} else if (process.argv.includes(BROWSER_HELPER_FLAG)) {
  import('./helper-lifecycle.js').then(({ runBrowserHelper }) => runBrowserHelper(), fail);
} else {
  import('./app-lifecycle.js').then(({ runDesktopApp }) => runDesktopApp(entryPath), fail);
}
