import { existsSync, readFileSync } from 'node:fs';
import { join, matchesGlob } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { DebugLogger } from 'builder-util';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

async function loadConfig() {
  const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  const config = await getConfig(root, join(root, 'electron-builder.yml'), null, { value: packageJson } as never);
  return config;
}

function pngSize(file: string): number {
  return readFileSync(file).readUInt32BE(16);
}

describe('electron-builder configuration', () => {
  it('passes electron-builder\'s own schema validation', async () => {
    const config = await loadConfig();
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('would catch a mistyped option (the validation is real)', async () => {
    const config = await loadConfig();
    await expect(validateConfiguration({ ...config, electronFuses: { runAsNod: false } } as never, new DebugLogger(false))).rejects.toThrow();
  });

  it('builds AppImage and deb, dmg and NSIS installers', async () => {
    const config = await loadConfig();
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.mac?.target).toEqual(['dmg']);
    expect(config.win?.target).toEqual(['nsis']);
  });

  it('sets the security fuses at build time', async () => {
    const { electronFuses } = await loadConfig();
    expect(electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('packs the built app into asar and keeps libsql\'s native binary unpacked for every platform', async () => {
    const config = await loadConfig();
    expect(config.asar).toBe(true);
    expect(JSON.stringify(config.files)).toContain('out/**/*');
    const unpack = config.asarUnpack as string[];
    const platforms = ['linux-x64-gnu', 'linux-arm64-gnu', 'darwin-x64', 'darwin-arm64', 'win32-x64-msvc'];
    for (const platform of platforms) {
      const binary = `node_modules/@libsql/${platform}/index.node`;
      expect(unpack.some((glob) => matchesGlob(binary, glob)), binary).toBe(true);
    }
    expect(unpack.some((glob) => matchesGlob('node_modules/libsql/index.js', glob))).toBe(true);
    expect(config.npmRebuild).toBe(false);
  });

  it('points at icons that exist at the sizes each platform needs', async () => {
    const config = await loadConfig();
    const linuxIcons = join(root, config.linux!.icon as string);
    for (const size of [16, 32, 48, 64, 128, 256, 512, 1024]) expect(pngSize(join(linuxIcons, `${size}x${size}.png`))).toBe(size);
    const icns = readFileSync(join(root, config.mac!.icon as string));
    expect(icns.subarray(0, 4).toString('ascii')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    for (const type of ['ic07', 'ic08', 'ic09', 'ic10']) expect(icns.includes(Buffer.from(type, 'ascii'))).toBe(true);
    const ico = readFileSync(join(root, config.win!.icon as string));
    expect(ico.readUInt16LE(2)).toBe(1);
    const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => ico.readUInt8(6 + i * 16) || 256);
    expect(sizes).toEqual(expect.arrayContaining([16, 32, 48, 256]));
    expect(existsSync(join(root, 'build', 'icon.svg'))).toBe(true);
  });
});
