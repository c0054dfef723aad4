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

// Awaited at the top level so the app's pre-ready setup (privileged scheme, single-instance
// lock) runs before Electron emits `ready`.
try {
  if (process.parentPort) {
    const { runEngineWorker } = await import('./engine-worker.js');
    runEngineWorker(process.parentPort, (code) => process.exit(code));
  } else if (process.argv.includes(BROWSER_HELPER_FLAG)) {
    const { runBrowserHelper } = await import('./helper-lifecycle.js');
    runBrowserHelper();
  } else {
    const { runDesktopApp } = await import('./app-lifecycle.js');
    runDesktopApp(entryPath);
  }
} catch (error) {
  console.error(error);
  process.exit(1);
}
