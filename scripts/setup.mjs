#!/usr/bin/env node
// One command that prepares a fresh checkout: Debian's Chromium (when root and missing), the npm
// dependencies (Electron's binary only where its download host is reachable), and the build.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:https';

const log = (message) => console.log(`[setup] ${message}`);

function run(command, args, env = process.env) {
  log(`${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`[setup] failed: ${command} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

function hasBrowser() {
  return ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell', '/usr/bin/google-chrome', '/usr/bin/chromium-browser'].some((p) =>
    existsSync(p),
  );
}

/** Electron's binary comes from GitHub; where that is unreachable, the package installs without it. */
function electronDownloadReachable() {
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) return Promise.resolve(false);
  return new Promise((resolve) => {
    const req = request('https://github.com/electron/electron/releases', { method: 'HEAD', timeout: 5000 }, (res) => {
      res.resume();
      resolve((res.statusCode ?? 500) < 500);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

if (process.platform === 'linux' && !hasBrowser()) {
  const apt = existsSync('/usr/bin/apt-get');
  if (apt && process.getuid?.() === 0) {
    run('apt-get', ['update']);
    run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium', 'chromium-headless-shell'], {
      ...process.env,
      DEBIAN_FRONTEND: 'noninteractive',
    });
  } else {
    log('No Chromium found. JavaScript pages, screenshots and actions need one; install it with:');
    log('  sudo apt-get install -y chromium chromium-headless-shell');
    log('(everything else works without it)');
  }
}

const withElectron = await electronDownloadReachable();
const env = { ...process.env };
if (!withElectron) {
  log('Electron download host unreachable: installing without the Electron binary (headless mode).');
  env.ELECTRON_SKIP_BINARY_DOWNLOAD = '1';
}
run('npm', [existsSync('package-lock.json') ? 'ci' : 'install', '--no-audit', '--no-fund'], env);
if (withElectron && !existsSync('node_modules/electron/dist')) {
  // npm may skip install scripts; fetch Electron's binary explicitly where it can be had.
  run('node', ['node_modules/electron/install.js'], env);
}
run('npm', ['run', 'build'], env);
log('done.');
