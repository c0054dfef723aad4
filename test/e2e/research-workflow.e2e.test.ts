/**
 * The researcher's workflow in a real browser against `trawl serve` and the fixture site:
 * scrape, batch and crawl started from the UI with live progress, the library surviving a
 * reload, search, and every export downloaded and parsed.
 */
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../fixtures/site-server';
import { startEngine, type RunningEngine } from './engine-process';
import { counterValue, launchBrowser, newProfile, openView, reveal, screenshot } from './ui-browser';

let engine: RunningEngine;
let site: FixtureSite;
let browser: Browser;
let profile: BrowserContext;
let page: Page;

beforeAll(async () => {
  [engine, site, browser] = await Promise.all([startEngine(), startFixtureSite(), launchBrowser()]);
  profile = await newProfile(browser);
  page = await profile.newPage();
}, 90_000);

afterAll(async () => {
  await profile?.close();
  await browser?.close();
  await Promise.all([engine?.close(), site?.close()]);
});

async function exportAs(format: 'json' | 'jsonl' | 'csv' | 'zip'): Promise<Buffer> {
  await page.selectOption('#export-format', format);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export', exact: true }).click()]);
  const path = await download.path();
  return readFileSync(path!);
}

describe('the UI served by trawl serve', () => {
  it('opens signed in from the printed address and removes the key from the address bar', async () => {
    await page.goto(engine.uiUrl);
    await page.locator('#scrape-url').waitFor();
    expect(page.url()).not.toContain('key=');
    expect(await page.evaluate(() => localStorage.getItem('trawl.apiKey'))).toBe(engine.apiKey);
    await page.getByText('● live').waitFor();
  });

  it('scrapes a typed address on Enter and shows each format in its own tab', async () => {
    await reveal(page, '#scrape-links');
    for (const id of ['#scrape-html', '#scrape-rawHtml', '#scrape-links']) await page.check(id);
    await page.fill('#scrape-url', `${site.url}/article.html`);
    await page.press('#scrape-url', 'Enter');
    await page.getByRole('tab', { name: 'Markdown', exact: true }).waitFor({ timeout: 30_000 });
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs).toEqual(expect.arrayContaining(['Markdown', 'Markdown source', 'HTML', 'Raw HTML', 'Links', 'Metadata']));
    await expect.poll(() => page.locator('.markdown').textContent()).toContain('Okafor');
    await page.getByText('Kept in library').waitFor();
    await page.getByText('Options', { exact: true }).click();
    await screenshot(page, 'scrape');
    await page.getByRole('tab', { name: 'Links' }).click();
    await expect.poll(() => page.locator('.links li').count()).toBeGreaterThan(0);
  });

  it('shows a form error next to the field before sending an invalid request', async () => {
    await reveal(page, '#scrape-waitFor');
    await reveal(page, '#scrape-timeout');
    await page.fill('#scrape-waitFor', '9000');
    await page.fill('#scrape-timeout', '10000');
    await page.press('#scrape-url', 'Enter');
    await expect.poll(() => page.locator('[data-field="scrape-waitFor"] .field-issue').textContent()).toContain('half of timeout');
    await page.getByText('Please fix the highlighted fields.').waitFor();
    await page.check('#scrape-screenshot');
    await page.getByRole('button', { name: 'Add action' }).click();
    await page.locator('#scrape-waitFor').scrollIntoViewIfNeeded();
    await screenshot(page, 'scrape-options');
    await page.getByRole('button', { name: 'Remove action 1' }).click();
    await page.uncheck('#scrape-screenshot');
    await page.fill('#scrape-waitFor', '');
    await page.fill('#scrape-timeout', '');
    await page.getByText('Options', { exact: true }).click();
  });

  it('checks a pasted URL list, then runs the batch with per-URL progress', async () => {
    await openView(page, 'Batch');
    const urls = ['/docs.html', '/recipe.html', '/faq.html', '/status/500', '/wiki.html'].map((p) => `${site.url}${p}`);
    await page.fill('#batch-urls', [...urls, 'ftp://nope.test/', 'not a url'].join('\n'));
    await expect.poll(() => page.getByTestId('batch-counts').textContent()).toContain('5 valid');
    await expect.poll(() => page.locator('.invalid-urls tbody tr').count()).toBe(2);
    await page.getByRole('button', { name: 'Scrape 5 URLs' }).click();
    const scope = '[data-view="batch"]';
    await page.locator(`${scope} [data-job-status="completed"]`).waitFor({ timeout: 60_000 });
    // A 500 page still yields a document (with its status code), as in Firecrawl.
    expect((await counterValue(page, scope, 'scraped')) + (await counterValue(page, scope, 'failed'))).toBe(5);
    await page.locator(`${scope} .pages-table [role="row"]`).filter({ hasText: '/status/500' }).filter({ hasText: '500' }).first().waitFor();
    await expect.poll(() => page.locator(`${scope} .pages-table [role="row"]`).count()).toBeGreaterThanOrEqual(5);
    await screenshot(page, 'batch');
  });

  it('crawls the site from the UI with live counters that change while it runs', async () => {
    await openView(page, 'Crawl');
    await page.fill('#crawl-url', `${site.url}/`);
    await reveal(page, '#crawl-limit');
    await page.fill('#crawl-limit', '14');
    await page.fill('#crawl-delay', '0.4');
    await page.fill('#crawl-concurrency', '1');
    await page.getByText('Crawl options', { exact: true }).click();
    await page.getByRole('button', { name: 'Start crawl' }).click();
    const scope = '[data-view="crawl"]';
    await page.locator(`${scope} .job-progress`).waitFor({ timeout: 30_000 });
    const seen = new Set<number>();
    const deadline = Date.now() + 90_000;
    let finished = false;
    let shot = false;
    while (!finished && Date.now() < deadline) {
      const scraped = await counterValue(page, scope, 'scraped');
      seen.add(scraped);
      if (!shot && scraped >= 7) {
        await screenshot(page, 'crawl');
        shot = true;
      }
      finished = (await page.locator(`${scope} [data-job-status="completed"]`).count()) > 0;
      await page.waitForTimeout(200);
    }
    expect(finished).toBe(true);
    expect(seen.size).toBeGreaterThanOrEqual(3);
    expect(await counterValue(page, scope, 'scraped')).toBeGreaterThanOrEqual(10);
    await expect.poll(() => page.locator(`${scope} .pages-table [role="row"]`).count()).toBeGreaterThan(8);
    await page.locator(scope).getByRole('tab', { name: 'Site tree' }).click();
    await page.locator(`${scope} [role="tree"]`).getByText(`127.0.0.1:${site.port}`).waitFor();
    if (!shot) await screenshot(page, 'crawl');
  });

  it('cancels a running crawl from the UI', async () => {
    await reveal(page, '#crawl-delay');
    await page.fill('#crawl-delay', '2');
    await page.getByRole('button', { name: 'Start crawl' }).click();
    const scope = '[data-view="crawl"]';
    await page.locator(`${scope} [data-job-status="scraping"]`).waitFor({ timeout: 30_000 });
    await page.locator(scope).getByRole('button', { name: 'Cancel' }).click();
    await page.locator(`${scope} [data-job-status="cancelled"]`).waitFor({ timeout: 30_000 });
    await page.fill('#crawl-delay', '0.4');
    await page.getByText('Crawl options', { exact: true }).click();
  });

  it('lists every job of the engine, also one started by a script', async () => {
    const res = await fetch(`${engine.url}/v2/batch/scrape`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${engine.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ urls: [`${site.url}/product.html`] }),
    });
    const { id } = (await res.json()) as { id: string };
    await openView(page, 'Jobs');
    await page.locator(`[data-job-row="${id}"]`).waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-job-row]').count()).toBeGreaterThanOrEqual(4);
    await page.locator('[data-job-row]').filter({ hasText: 'completed' }).filter({ hasText: 'crawl' }).getByRole('button').click();
    await page.locator('[data-view="jobs"] .job-progress').waitFor();
    await expect.poll(() => page.locator('[data-view="jobs"] .pages-table [role="row"]').count()).toBeGreaterThan(8);
    await screenshot(page, 'jobs');
  });

  it('keeps documents in IndexedDB across a reload and finds a marker word', async () => {
    await openView(page, 'Library');
    await expect.poll(async () => Number((await page.getByTestId('library-total').textContent())?.split(' ')[0]), { timeout: 30_000 }).toBeGreaterThanOrEqual(15);
    await page.reload();
    await openView(page, 'Library');
    await expect.poll(async () => Number((await page.getByTestId('library-total').textContent())?.split(' ')[0])).toBeGreaterThanOrEqual(15);
    await page.fill('#library-search', 'okafor');
    await expect.poll(() => page.getByTestId('library-total').textContent()).toMatch(/^[12] document/);
    expect(await page.locator('[data-library-row]').first().getAttribute('data-library-row')).toContain('/article.html');
    await page.locator('[data-library-row]').first().getByRole('button').click();
    await page.fill('#doc-tags', 'barrier, council');
    await page.getByRole('button', { name: 'Save tags and notes' }).click();
    await screenshot(page, 'library');
    await page.fill('#library-search', '');
  });

  it('exports JSON, JSONL, CSV and a ZIP of Markdown files that parse back', async () => {
    await expect.poll(async () => Number((await page.getByTestId('library-total').textContent())?.split(' ')[0])).toBeGreaterThanOrEqual(15);
    const total = Number((await page.getByTestId('library-total').textContent())!.split(' ')[0]);

    const json = JSON.parse((await exportAs('json')).toString('utf8')) as unknown[];
    expect(json).toHaveLength(total);

    const jsonl = (await exportAs('jsonl')).toString('utf8').trimEnd().split('\n');
    expect(jsonl).toHaveLength(total);
    expect(jsonl.every((line) => typeof JSON.parse(line).metadata.sourceURL === 'string')).toBe(true);

    const csv = Papa.parse<Record<string, string>>((await exportAs('csv')).toString('utf8').replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
    expect(csv.errors).toEqual([]);
    expect(csv.data).toHaveLength(total);
    expect(csv.meta.fields).toEqual(expect.arrayContaining(['url', 'title', 'statusCode', 'markdown']));

    const zip = unzipSync(new Uint8Array(await exportAs('zip')));
    const names = Object.keys(zip);
    expect(names).toHaveLength(total);
    expect(names.every((n) => n.startsWith(`127.0.0.1_${site.port}/`) && n.endsWith('.md'))).toBe(true);
    const article = strFromU8(zip[names.find((n) => n.includes('article'))!]);
    expect(article).toMatch(/^---\ntitle: "Harbour council/);
    expect(article).toContain('tags: ["barrier", "council"]');
  });

  it('shows the settings, and the dark theme', async () => {
    await openView(page, 'Settings');
    await page.locator('#settings-chromium').waitFor();
    await screenshot(page, 'settings');
    await page.selectOption('#settings-theme', 'dark');
    await openView(page, 'Jobs');
    await page.locator('[data-job-row]').filter({ hasText: 'completed' }).filter({ hasText: 'crawl' }).getByRole('button').click();
    await page.locator('[data-view="jobs"]').getByRole('tab', { name: 'Site tree' }).click();
    await page.locator('[data-view="jobs"] [role="tree"]').waitFor();
    await screenshot(page, 'jobs-dark');
    await openView(page, 'Settings');
    await page.selectOption('#settings-theme', 'system');
  });
});
