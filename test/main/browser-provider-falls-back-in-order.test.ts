import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LaunchBrowserProvider } from '../../src-engine/browser/launch-provider.js';
import { browserSourceOrder, FallbackBrowserProvider } from '../../src-main/browser-choice.js';
import { ElectronBrowserProvider } from '../../src-main/electron-browser-provider.js';

const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((path) => existsSync(path));

describe('browser provider choice', () => {
  it('tries the app\'s own Chromium first, then the system\'s, unless a setting pins one', () => {
    expect(browserSourceOrder('auto')).toEqual(['electron', 'system']);
    expect(browserSourceOrder('electron')).toEqual(['electron']);
    expect(browserSourceOrder('system')).toEqual(['system']);
  });

  it('skips the app\'s Chromium when its executable is missing', () => {
    const electron = new ElectronBrowserProvider({ executablePath: '/nonexistent/trawl', appArgs: [] });
    const system = new LaunchBrowserProvider({ executablePath: systemChromium });
    const provider = new FallbackBrowserProvider([electron, system]);
    expect(electron.available()).toBe(false);
    expect(provider.available()).toBe(systemChromium !== undefined);
    expect(provider.description).toBe(system.description);
  });

  it('reports no browser when none is available', async () => {
    const provider = new FallbackBrowserProvider([new ElectronBrowserProvider({ executablePath: '/nonexistent/trawl', appArgs: [] })]);
    expect(provider.available()).toBe(false);
    await expect(provider.acquire()).rejects.toThrow(/No browser/);
  });

  it.runIf(systemChromium)('falls back to the system Chromium when the app binary cannot serve as a browser, and stays there', async () => {
    // The Node binary is not an Electron app: the helper exits at once, as a broken install would.
    const electron = new ElectronBrowserProvider({ executablePath: process.execPath, appArgs: [], startTimeoutMs: 10_000 });
    const system = new LaunchBrowserProvider({ executablePath: systemChromium });
    const fallbacks: string[] = [];
    const provider = new FallbackBrowserProvider([electron, system], (failed) => fallbacks.push(failed.description));
    try {
      const browser = await provider.acquire();
      expect(browser.isConnected()).toBe(true);
      expect(fallbacks).toEqual(["Electron's Chromium"]);
      expect(provider.description).toBe(system.description);
      await provider.acquire();
      expect(fallbacks).toHaveLength(1);
    } finally {
      await provider.close();
    }
  });
});
