/**
 * Debian's Chromium driven by playwright-core, for end-to-end tests of the UI served by
 * `trawl serve`. Screenshots land in docs/screenshots for the README.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '..', '..');
export const SCREENSHOT_DIR = join(ROOT, 'docs', 'screenshots');

/** Launches headless Chromium (`CHROMIUM_PATH` overrides /usr/bin/chromium). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}

/** A fresh browser profile (its own IndexedDB and localStorage) that accepts downloads. */
export async function newProfile(browser: Browser, colorScheme: 'light' | 'dark' = 'light'): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 860 }, acceptDownloads: true, colorScheme });
}

/** Opens a view from the top navigation. */
export async function openView(page: Page, label: 'Scrape' | 'Batch' | 'Crawl' | 'Jobs' | 'Library' | 'Settings'): Promise<void> {
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: label, exact: false }).first().click();
  await page.locator(`[data-view="${label.toLowerCase()}"]:not([hidden])`).waitFor();
}

/** Saves a screenshot of the window as docs/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

/** The number a live counter shows (Discovered, Scraped, Failed, …). */
export async function counterValue(page: Page, scope: string, key: string): Promise<number> {
  const text = await page.locator(`${scope} [data-counter="${key}"] dd`).first().textContent();
  return Number(text ?? 'NaN');
}

/** Opens every collapsed section (details) around an element so it can be filled. */
export async function reveal(page: Page, selector: string): Promise<void> {
  await page.locator(selector).first().evaluate((el) => {
    for (let node: Element | null = el; node; node = node.parentElement) if (node instanceof HTMLDetailsElement) node.open = true;
  });
}
