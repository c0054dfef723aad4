#!/usr/bin/env node
/**
 * Renders build/icon.svg into every icon the installers need, with the Chromium found on the
 * machine (headless, through playwright-core):
 *   build/icon.png            1024×1024 (electron-builder's default source)
 *   build/icons/NxN.png       Linux AppImage/deb sizes 16…1024
 *   build/icon.ico            Windows: 16, 24, 32, 48, 64, 128, 256 (PNG-compressed entries)
 *   build/icon.icns           macOS: 16…1024 including @2x variants (PNG entries)
 * Usage: node scripts/generate-icons.mjs [--chromium /path/to/chromium]
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = join(root, 'build');
const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
// ICNS entry types holding PNG data, by pixel size (several types share a size: @2x variants).
const ICNS_TYPES = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
  ['ic11', 32],
  ['ic12', 64],
  ['ic13', 256],
  ['ic14', 512],
];

function chromiumPath() {
  const flag = process.argv.indexOf('--chromium');
  const candidates = [flag > 0 ? process.argv[flag + 1] : undefined, process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  const found = candidates.find((path) => path && existsSync(path));
  if (!found) throw new Error('No Chromium found: pass --chromium /path/to/chromium');
  return found;
}

async function renderPngs(svg, sizes) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'] });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    const pngs = new Map();
    for (const size of sizes) {
      await page.setViewportSize({ width: size, height: size });
      const dataUrl = `data:image/svg+xml;base64,${svg.toString('base64')}`;
      await page.setContent(`<html><body style="margin:0;background:transparent"><img src="${dataUrl}" width="${size}" height="${size}" style="display:block"></body></html>`);
      await page.locator('img').evaluate((img) => img.decode());
      pngs.set(size, await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
    }
    return pngs;
  } finally {
    await browser.close();
  }
}

/** ICO container with PNG-compressed images (supported since Windows Vista). */
function buildIco(pngs) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  const entries = [];
  let offset = 6 + 16 * pngs.length;
  for (const [size, png] of pngs) {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2);
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(entry);
  }
  return Buffer.concat([header, ...entries, ...pngs.map(([, png]) => png)]);
}

/** ICNS container with PNG entries. */
function buildIcns(entries) {
  const chunks = entries.map(([type, png]) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const body = Buffer.concat(chunks);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([head, body]);
}

const svg = await readFile(join(buildDir, 'icon.svg'));
const pngs = await renderPngs(svg, LINUX_SIZES);
await mkdir(join(buildDir, 'icons'), { recursive: true });
for (const size of LINUX_SIZES) await writeFile(join(buildDir, 'icons', `${size}x${size}.png`), pngs.get(size));
await writeFile(join(buildDir, 'icon.png'), pngs.get(1024));
await writeFile(join(buildDir, 'icon.ico'), buildIco(ICO_SIZES.map((size) => [size, pngs.get(size)])));
await writeFile(join(buildDir, 'icon.icns'), buildIcns(ICNS_TYPES.map(([type, size]) => [type, pngs.get(size)])));
console.log(`Icons written to ${buildDir}`);
