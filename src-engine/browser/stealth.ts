/**
 * The hardened fingerprint of `proxy: "stealth"`: a current desktop Chrome on Windows (or
 * the phone profile's Chrome on Android) with matching client hints, no automation marks,
 * and a locale and timezone that agree with each other.
 */

export interface StealthIdentity {
  userAgent: string;
  /** `navigator.platform`. */
  platform: string;
  /** Client-hint headers sent with every request. */
  headers: Record<string, string>;
  /** CDP `Emulation.UserAgentMetadata` for `navigator.userAgentData`. */
  userAgentMetadata: Record<string, unknown>;
}

/** Locale and timezone used by stealth pages whose request names no location. */
export const STEALTH_DEFAULT_LOCATION = { locale: 'en-US', timezoneId: 'America/New_York', languages: ['en-US', 'en'] };

function majorVersion(browserVersion: string): string {
  const major = browserVersion.split('.')[0] ?? '';
  return /^\d+$/.test(major) ? major : '140';
}

/** The identity a stealth page presents, derived from the running browser's version. */
export function stealthIdentity(browserVersion: string, mobileUserAgent?: string): StealthIdentity {
  const major = majorVersion(browserVersion);
  const mobile = mobileUserAgent !== undefined;
  const brands = [
    { brand: 'Chromium', version: major },
    { brand: 'Google Chrome', version: major },
    { brand: 'Not.A/Brand', version: '99' },
  ];
  const secChUa = brands.map((b) => `"${b.brand}";v="${b.version}"`).join(', ');
  const platformHint = mobile ? 'Android' : 'Windows';
  return {
    userAgent:
      mobileUserAgent ??
      `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`,
    platform: mobile ? 'Linux armv81' : 'Win32',
    headers: {
      'sec-ch-ua': secChUa,
      'sec-ch-ua-mobile': mobile ? '?1' : '?0',
      'sec-ch-ua-platform': `"${platformHint}"`,
    },
    userAgentMetadata: {
      brands,
      fullVersionList: brands.map((b) => ({ brand: b.brand, version: b.brand === 'Not.A/Brand' ? '99.0.0.0' : `${major}.0.0.0` })),
      fullVersion: `${major}.0.0.0`,
      platform: platformHint,
      platformVersion: mobile ? '14.0.0' : '10.0.0',
      architecture: mobile ? '' : 'x86',
      model: mobile ? 'Pixel 7' : '',
      mobile,
      bitness: mobile ? '' : '64',
      wow64: false,
    },
  };
}

/**
 * Init script run before any page script: removes what headless automation leaves behind
 * (webdriver flag, missing `window.chrome`, empty plugin list, software WebGL names).
 */
export function stealthInitScript(identity: StealthIdentity): string {
  return `(() => {
  const define = (target, key, value) => {
    try { Object.defineProperty(target, key, { get: () => value, configurable: true }); } catch {}
  };
  define(Navigator.prototype, 'webdriver', false);
  define(Navigator.prototype, 'platform', ${JSON.stringify(identity.platform)});
  define(Navigator.prototype, 'hardwareConcurrency', 8);
  define(Navigator.prototype, 'deviceMemory', 8);
  if (!window.chrome) {
    define(window, 'chrome', { runtime: {}, app: { isInstalled: false }, loadTimes: () => ({}), csi: () => ({}) });
  }
  try {
    if (navigator.plugins.length === 0) {
      const names = ['PDF Viewer', 'Chrome PDF Viewer', 'Chromium PDF Viewer', 'Microsoft Edge PDF Viewer', 'WebKit built-in PDF'];
      const plugins = names.map((name) => ({ name, filename: 'internal-pdf-viewer', description: 'Portable Document Format', length: 1 }));
      const list = Object.create(PluginArray.prototype);
      plugins.forEach((plugin, i) => Object.defineProperty(list, i, { value: plugin, enumerable: true }));
      Object.defineProperties(list, {
        length: { value: plugins.length },
        item: { value: (i) => plugins[i] ?? null },
        namedItem: { value: (n) => plugins.find((p) => p.name === n) ?? null },
        refresh: { value: () => undefined },
      });
      define(Navigator.prototype, 'plugins', list);
      define(Navigator.prototype, 'pdfViewerEnabled', true);
    }
  } catch {}
  try {
    const query = Permissions.prototype.query;
    Permissions.prototype.query = function (descriptor) {
      if (descriptor && descriptor.name === 'notifications') {
        return Promise.resolve({ state: Notification.permission === 'default' ? 'prompt' : Notification.permission, onchange: null });
      }
      return query.call(this, descriptor);
    };
  } catch {}
  const patchWebGl = (proto) => {
    if (!proto) return;
    const getParameter = proto.getParameter;
    proto.getParameter = function (parameter) {
      if (parameter === 37445) return 'Google Inc. (Intel)';
      if (parameter === 37446) return 'ANGLE (Intel, Intel(R) UHD Graphics 630 Direct3D11 vs_5_0 ps_5_0, D3D11)';
      return getParameter.call(this, parameter);
    };
  };
  patchWebGl(window.WebGLRenderingContext && WebGLRenderingContext.prototype);
  patchWebGl(window.WebGL2RenderingContext && WebGL2RenderingContext.prototype);
})();`;
}
