#!/usr/bin/env node
// `npm start`: the desktop app where Electron can run; otherwise the headless engine serving the UI.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function electronBinary() {
  const pathFile = join('node_modules', 'electron', 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join('node_modules', 'electron', 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

function hasDisplay() {
  return process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

if (!existsSync(join('out', 'main', 'index.js')) || !existsSync(join('out', 'renderer', 'index.html'))) {
  console.log('[start] building the app first (npm run build)…');
  const build = spawn('npm', ['run', 'build'], { stdio: 'inherit' });
  const code = await new Promise((resolve) => build.on('exit', resolve));
  if (code !== 0) process.exit(code ?? 1);
}

const binary = electronBinary();
const child =
  binary && hasDisplay()
    ? spawn(binary, ['.', ...process.argv.slice(2)], { stdio: 'inherit' })
    : spawn(process.execPath, ['bin/trawl.mjs', 'serve', ...process.argv.slice(2)], { stdio: 'inherit' });
if (!binary || !hasDisplay()) console.log('[start] Electron cannot run here: starting the headless engine; open the printed address.');
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
