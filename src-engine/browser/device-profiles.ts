/**
 * The two device profiles pages are rendered with: a desktop at 1920×1080 and a real
 * Android phone (viewport, user agent, touch and device scale of a Pixel 7).
 */
import { createRequire } from 'node:module';
import type { devices as DeviceTable } from 'playwright-core';

export interface Viewport {
  width: number;
  height: number;
}

export interface DeviceProfile {
  viewport: Viewport;
  screen: Viewport;
  deviceScaleFactor: number;
  isMobile: boolean;
  hasTouch: boolean;
  /** User agent of the device, or undefined to keep the engine's own. */
  userAgent?: string;
}

/** Default viewport of desktop pages and screenshots. */
export const DESKTOP_VIEWPORT: Viewport = { width: 1920, height: 1080 };

export const DESKTOP_PROFILE: DeviceProfile = {
  viewport: DESKTOP_VIEWPORT,
  screen: DESKTOP_VIEWPORT,
  deviceScaleFactor: 1,
  isMobile: false,
  hasTouch: false,
};

type Device = (typeof DeviceTable)[string] & { screen?: Viewport };

let phoneDevice: Device | undefined;

/** Playwright's device table is read on first use: HTTP-only engines never load playwright-core. */
function pixel7(): Device {
  phoneDevice ??= (createRequire(import.meta.url)('playwright-core') as { devices: typeof DeviceTable }).devices['Pixel 7'] as Device;
  return phoneDevice;
}

/**
 * The phone profile, with the Chrome version in its user agent set to the running
 * browser's so that the user agent and the engine behind it agree.
 */
export function mobileProfile(browserVersion: string): DeviceProfile {
  const phone = pixel7();
  const major = browserVersion.split('.')[0] ?? '';
  const userAgent = /^\d+$/.test(major)
    ? phone.userAgent.replace(/Chrome\/[\d.]+/, `Chrome/${major}.0.0.0`)
    : phone.userAgent;
  return {
    viewport: { ...phone.viewport },
    screen: { ...(phone.screen ?? phone.viewport) },
    deviceScaleFactor: phone.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent,
  };
}
