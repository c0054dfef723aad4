/**
 * Scraped content is untrusted: a hostile page (script tags, onerror handlers, javascript:
 * links, a form posting elsewhere, a tracking beacon) is shown in every result tab without
 * anything running and without a single request to the page's site.
 */
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../fixtures/site-server';
import { startEngine, type RunningEngine } from './engine-process';
import { launchBrowser, newProfile, openView, reveal, screenshot } from './ui-browser';

let engine: RunningEngine;
let site: FixtureSite;
let browser: Browser;
let profile: BrowserContext;
let page: Page;
const dialogs: string[] = [];
const uiRequests: Request[] = [];

beforeAll(async () => {
  [engine, site, browser] = await Promise.all([startEngine(), startFixtureSite(), launchBrowser()]);
  profile = await newProfile(browser);
  page = await profile.newPage();
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // Every network request the UI (or any frame in it) makes, except to the engine itself.
  // (A `javascript:` URL in the page's CSS shows up as an attempt that cannot run or reach anyone.)
  profile.on('request', (request) => {
    if (/^(https?|wss?):/i.test(request.url()) && !request.url().startsWith(engine.url)) uiRequests.push(request);
  });
}, 90_000);

afterAll(async () => {
  await profile?.close();
  await browser?.close();
  await Promise.all([engine?.close(), site?.close()]);
});

const beaconHits = () => site.hits.filter((h) => h.startsWith('/beacon') || h.startsWith('/track') || h.startsWith('/missing')).length;

describe('a hostile page in the result view', () => {
  it('renders in every tab without running anything or calling the beacon', async () => {
    await page.goto(engine.uiUrl);
    await reveal(page, '#scrape-links');
    for (const id of ['#scrape-html', '#scrape-rawHtml', '#scrape-links']) await page.check(id);
    await page.fill('#scrape-url', `${site.url}/hostile.html`);
    await page.press('#scrape-url', 'Enter');
    await page.getByRole('tab', { name: 'Raw HTML' }).waitFor({ timeout: 30_000 });
    await page.getByText('Options', { exact: true }).click();
    const hitsAfterScrape = beaconHits();

    for (const name of await page.getByRole('tab').allTextContents()) {
      await page.getByRole('tab', { name, exact: true }).click();
      await page.waitForTimeout(400);
      if (name === 'HTML' || name === 'Raw HTML') {
        const frame = page.locator('iframe.preview');
        await frame.waitFor();
        expect(await frame.getAttribute('sandbox')).toBe('');
        await page.getByLabel('Show source').check();
        await expect.poll(() => page.locator('pre.source').textContent()).toContain('Congratulations');
        await page.getByLabel('Show source').uncheck();
      }
    }
    await page.getByRole('tab', { name: 'Markdown', exact: true }).click();
    const rendered = page.locator('.markdown');
    expect(await rendered.locator('script, form, iframe, object, svg, [onerror], [onclick], [onload]').count()).toBe(0);
    const hrefs = await rendered.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.some((h) => /^\s*(javascript|data):/i.test(h))).toBe(false);
    await page.getByRole('tab', { name: 'Raw HTML', exact: true }).click();
    await page.locator('iframe.preview').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'hostile-page');

    await openView(page, 'Library');
    await page.locator('[data-library-row]').first().getByRole('button').click();
    for (const name of ['Markdown', 'HTML', 'Raw HTML', 'Links']) {
      await page.locator('[data-view="library"]').getByRole('tab', { name, exact: true }).click();
      await page.waitForTimeout(300);
    }

    expect(dialogs).toEqual([]);
    expect(beaconHits()).toBe(hitsAfterScrape);
    // The preview's own CSP stops the page's images and beacons before they leave the browser:
    // the browser reports those attempts as blocked by the policy, and none may get further.
    expect(uiRequests.filter((r) => r.failure()?.errorText !== 'csp').map((r) => r.url())).toEqual([]);
    expect(await page.evaluate(() => document.cookie)).not.toContain('tracked');
  });
});
