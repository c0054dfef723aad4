/**
 * Command-line switches for a Chromium launched to scrape pages: headless, no sandbox (it
 * runs inside the user's own process tree), no background traffic of its own, and every
 * frame in one renderer so per-page network rules cover ads inside cross-site iframes.
 */
export const SCRAPING_CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--mute-audio',
  '--hide-scrollbars',
  '--disable-blink-features=AutomationControlled',
  '--disable-site-isolation-trials',
  '--disable-features=IsolateOrigins,site-per-process,Translate,MediaRouter,OptimizationHints',
];
