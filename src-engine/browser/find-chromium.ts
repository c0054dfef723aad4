/**
 * Finds a Chromium-family browser on this machine. Nothing is ever downloaded: the engine
 * uses what the user configured (`--chromium` / `TRAWL_CHROMIUM`) or what is installed at
 * the well-known locations of Chromium's headless shell, Chromium, Google Chrome and
 * Microsoft Edge.
 */
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

/** Where to look, in order of preference, for one operating system. */
export function chromiumCandidates(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  if (platform === 'linux') {
    return [
      // The headless shell renders several times faster with a third of the memory.
      '/usr/bin/chromium-headless-shell',
      '/usr/lib/chromium/chromium-headless-shell',
      '/usr/bin/chromium',
      '/usr/bin/chromium-browser',
      '/snap/bin/chromium',
      '/usr/bin/google-chrome-stable',
      '/usr/bin/google-chrome',
      '/opt/google/chrome/chrome',
      '/usr/bin/microsoft-edge-stable',
      '/usr/bin/microsoft-edge',
      '/opt/microsoft/msedge/msedge',
    ];
  }
  if (platform === 'darwin') {
    const apps = [
      'Chromium.app/Contents/MacOS/Chromium',
      'Google Chrome.app/Contents/MacOS/Google Chrome',
      'Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
    ];
    const roots = ['/Applications', env.HOME ? path.posix.join(env.HOME, 'Applications') : undefined];
    return roots.flatMap((root) => (root ? apps.map((app) => path.posix.join(root, app)) : []));
  }
  if (platform === 'win32') {
    const roots = [env.LOCALAPPDATA, env.PROGRAMFILES, env['PROGRAMFILES(X86)']].filter(
      (root): root is string => Boolean(root),
    );
    const apps = [
      'Chromium\\Application\\chrome.exe',
      'Google\\Chrome\\Application\\chrome.exe',
      'Microsoft\\Edge\\Application\\msedge.exe',
    ];
    return roots.flatMap((root) => apps.map((app) => path.win32.join(root, app)));
  }
  return [];
}

function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, process.platform === 'win32' ? constants.F_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Returns the browser executable to launch, or undefined when none is usable.
 * An explicit path wins; when it is given but missing, nothing else is tried, so a
 * mistyped setting is reported instead of silently replaced.
 */
export function findChromium(explicitPath?: string): string | undefined {
  if (explicitPath !== undefined && explicitPath !== '') {
    return isExecutableFile(explicitPath) ? explicitPath : undefined;
  }
  return chromiumCandidates().find(isExecutableFile);
}
