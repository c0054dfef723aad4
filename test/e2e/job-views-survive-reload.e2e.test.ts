/**
 * The Crawl and Batch views follow a running job across a page reload (the job's id lives in the
 * address, `#/crawl/<id>`), their URL table lists every URL the counters count (queued ones too),
 * and "Run again" in the Jobs view opens a finished job's form filled from its options.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../fixtures/site-server';
import { startEngine, type RunningEngine } from './engine-process';
import { counterValue, launchBrowser, newProfile, openView, reveal } from './ui-browser';

let engine: RunningEngine;
let site: FixtureSite;
let browser: Browser;
let profile: BrowserContext;
let page: Page;
let crawlId = '';
let batchId = '';

const CRAWL = '[data-view="crawl"]';
const BATCH = '[data-view="batch"]';

beforeAll(async () => {
  [engine, site, browser] = await Promise.all([startEngine(), startFixtureSite(), launchBrowser()]);
  profile = await newProfile(browser);
  page = await profile.newPage();
  await page.goto(engine.uiUrl);
  await page.locator('#scrape-url').waitFor();
}, 90_000);

afterAll(async () => {
  await profile?.close();
  await browser?.close();
  await Promise.all([engine?.close(), site?.close()]);
});

/** "N of M URLs" under a job's URL table. */
async function tableCount(scope: string): Promise<{ shown: number; total: number }> {
  const text = (await page.locator(`${scope} [data-testid="pages-shown"]`).textContent()) ?? '';
  const [, shown, total] = /(\d+) of (\d+)/.exec(text) ?? [];
  return { shown: Number(shown), total: Number(total) };
}

/** Waits until the Discovered counter and the rows under "All states" agree, and returns that number. */
async function discoveredMatchesRows(scope: string): Promise<number> {
  let agreed = -1;
  await expect
    .poll(async () => {
      const discovered = await counterValue(page, scope, 'discovered');
      const { shown, total } = await tableCount(scope);
      agreed = discovered === shown && shown === total ? discovered : -1;
      return agreed;
    }, { timeout: 15_000 })
    .toBeGreaterThan(0);
  return agreed;
}

async function jobOptions(id: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${engine.url}/v2/jobs`, { headers: { Authorization: `Bearer ${engine.apiKey}` } });
  const { jobs } = (await res.json()) as { jobs: { id: string; options: Record<string, unknown> }[] };
  return jobs.find((j) => j.id === id)!.options;
}

describe('job views across a reload', () => {
  it('lists queued URLs in the crawl table, so Discovered equals the rows under All states', async () => {
    await openView(page, 'Crawl');
    await page.fill('#crawl-url', `${site.url}/`);
    await reveal(page, '#crawl-limit');
    await page.fill('#crawl-limit', '12');
    await page.fill('#crawl-delay', '0.7');
    await page.fill('#crawl-concurrency', '1');
    await page.getByRole('button', { name: 'Start crawl' }).click();
    await page.locator(`${CRAWL} [data-job-status="scraping"]`).waitFor({ timeout: 30_000 });
    crawlId = (await page.locator(`${CRAWL} .job-progress`).getAttribute('data-job-id'))!;
    expect(new URL(page.url()).hash).toBe(`#/crawl/${crawlId}`);

    await expect.poll(() => counterValue(page, CRAWL, 'scraped'), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    const discovered = await discoveredMatchesRows(CRAWL);
    expect(discovered).toBeGreaterThan(await counterValue(page, CRAWL, 'scraped'));
    await page.selectOption(`${CRAWL} .pages-state`, 'queued');
    await expect.poll(async () => (await tableCount(CRAWL)).shown).toBeGreaterThan(0);
    await expect.poll(() => page.locator(`${CRAWL} .pages-table [role="row"] .badge.queued`).count()).toBeGreaterThan(0);
    await page.selectOption(`${CRAWL} .pages-state`, '');
  });

  it('reattaches the Crawl view to the running crawl after a reload, with live counters and a filled table', async () => {
    const before = await counterValue(page, CRAWL, 'scraped');
    await page.reload();
    const progress = page.locator(`${CRAWL}:not([hidden]) .job-progress[data-job-id="${crawlId}"]`);
    await progress.waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).hash).toBe(`#/crawl/${crawlId}`);
    // The form comes back with the crawl's options.
    await expect.poll(() => page.inputValue('#crawl-url')).toBe(`${site.url}/`);
    expect(await page.inputValue('#crawl-limit')).toBe('12');
    // The table is reloaded from the engine, queued URLs included.
    await expect.poll(async () => (await tableCount(CRAWL)).total, { timeout: 10_000 }).toBeGreaterThan(before + 1);
    // Counters keep moving from live events.
    const afterReload = await counterValue(page, CRAWL, 'scraped');
    await expect.poll(() => counterValue(page, CRAWL, 'scraped'), { timeout: 30_000 }).toBeGreaterThan(afterReload);
    await page.locator(`${CRAWL} [data-job-status="completed"]`).waitFor({ timeout: 60_000 });
    expect(await discoveredMatchesRows(CRAWL)).toBeGreaterThanOrEqual(10);
    expect(await page.locator(`${CRAWL} .pages-table [role="row"] .badge.queued`).count()).toBe(0);
  });

  it('reattaches the Batch view to the running batch after a reload', async () => {
    await openView(page, 'Batch');
    const urls = [1, 2, 3, 4, 5].map((n) => `${site.url}/slow?ms=1500&n=${n}`);
    await page.fill('#batch-urls', urls.join('\n'));
    await page.fill('#batch-concurrency', '1');
    await page.getByRole('button', { name: 'Scrape 5 URLs' }).click();
    await page.locator(`${BATCH} [data-job-status="scraping"]`).waitFor({ timeout: 30_000 });
    batchId = (await page.locator(`${BATCH} .job-progress`).getAttribute('data-job-id'))!;
    expect(new URL(page.url()).hash).toBe(`#/batch/${batchId}`);
    // All five URLs are listed from the start, the unscraped ones as queued.
    await expect.poll(async () => (await tableCount(BATCH)).total, { timeout: 10_000 }).toBe(5);

    await page.reload();
    await page.locator(`${BATCH}:not([hidden]) .job-progress[data-job-id="${batchId}"]`).waitFor({ timeout: 15_000 });
    await expect.poll(() => page.inputValue('#batch-urls')).toBe(urls.join('\n'));
    await expect.poll(async () => (await tableCount(BATCH)).total, { timeout: 10_000 }).toBe(5);
    expect(await counterValue(page, BATCH, 'discovered')).toBe(5);
    const scraped = await counterValue(page, BATCH, 'scraped');
    expect(scraped).toBeLessThan(5);
    await expect.poll(() => counterValue(page, BATCH, 'scraped'), { timeout: 30_000 }).toBeGreaterThan(scraped);
    await page.locator(`${BATCH} [data-job-status="completed"]`).waitFor({ timeout: 60_000 });
    expect(await counterValue(page, BATCH, 'scraped')).toBe(5);
  });

  it('runs a finished crawl again from the Jobs view with its form filled from the job', async () => {
    await openView(page, 'Jobs');
    await page.locator(`[data-job-row="${crawlId}"]`).getByRole('button').click();
    await page.locator(`[data-view="jobs"] .job-progress[data-job-id="${crawlId}"]`).waitFor();
    expect(new URL(page.url()).hash).toBe(`#/jobs/${crawlId}`);
    await page.locator('[data-view="jobs"]').getByRole('button', { name: 'Run again' }).click();

    await page.locator(`${CRAWL}:not([hidden])`).waitFor();
    expect(await page.inputValue('#crawl-url')).toBe(`${site.url}/`);
    expect(await page.inputValue('#crawl-limit')).toBe('12');
    expect(await page.inputValue('#crawl-delay')).toBe('0.7');
    expect(await page.inputValue('#crawl-concurrency')).toBe('1');

    await page.getByRole('button', { name: 'Start crawl' }).click();
    const rerun = page.locator(`${CRAWL} .job-progress:not([data-job-id="${crawlId}"])`);
    await rerun.waitFor({ timeout: 30_000 });
    const rerunId = (await rerun.getAttribute('data-job-id'))!;
    expect(await jobOptions(rerunId)).toEqual(await jobOptions(crawlId));
    await page.locator(CRAWL).getByRole('button', { name: 'Cancel' }).click();
    await page.locator(`${CRAWL} [data-job-status="cancelled"]`).waitFor({ timeout: 30_000 });
  });

  it('runs a finished batch again from the Jobs view with its URL list and options filled', async () => {
    await openView(page, 'Jobs');
    await page.locator(`[data-job-row="${batchId}"]`).getByRole('button').click();
    await page.locator('[data-view="jobs"]').getByRole('button', { name: 'Run again' }).click();
    await page.locator(`${BATCH}:not([hidden])`).waitFor();
    const urls = ((await jobOptions(batchId)).urls as string[]).join('\n');
    expect(await page.inputValue('#batch-urls')).toBe(urls);
    expect(await page.inputValue('#batch-concurrency')).toBe('1');
    await expect.poll(() => page.getByTestId('batch-counts').textContent()).toContain('5 valid');
  });
});
