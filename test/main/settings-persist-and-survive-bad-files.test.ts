import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsStore } from '../../src-main/settings.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trawl-settings-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('desktop settings', () => {
  it('starts from defaults', async () => {
    expect(await new SettingsStore(dir).load()).toEqual({ browser: 'auto', preferredPort: 3002, notifyAfterSeconds: 30 });
  });

  it('persists a change across store instances', async () => {
    await new SettingsStore(dir).update({ browser: 'system', chromiumPath: '/usr/bin/chromium' });
    const again = await new SettingsStore(dir).load();
    expect(again).toMatchObject({ browser: 'system', chromiumPath: '/usr/bin/chromium', preferredPort: 3002 });
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')).browser).toBe('system');
  });

  it('rejects invalid changes without writing', async () => {
    const store = new SettingsStore(dir);
    await expect(store.update({ browser: 'firefox' as never })).rejects.toThrow();
    await expect(store.update({ preferredPort: 70000 })).rejects.toThrow();
    await expect(readFile(store.file, 'utf8')).rejects.toThrow();
  });

  it('keeps valid fields of a damaged file and defaults the rest', async () => {
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ browser: 'electron', preferredPort: 'abc' }));
    expect(await new SettingsStore(dir).load()).toEqual({ browser: 'electron', preferredPort: 3002, notifyAfterSeconds: 30 });
    await writeFile(join(dir, 'settings.json'), '{not json');
    expect((await new SettingsStore(dir).load()).browser).toBe('auto');
  });
});
