/**
 * Forms speak clearly: a refusal only the engine can make (the client-side schema accepts the
 * request) shows its message beside the field it is about, every control reached with Tab has
 * an accessible name and a visible focus ring in document order, and Escape closes dialogs.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../fixtures/site-server';
import { startEngine, type RunningEngine } from './engine-process';
import { launchBrowser, newProfile, openView, reveal } from './ui-browser';

let engine: RunningEngine;
let site: FixtureSite;
let browser: Browser;
let profile: BrowserContext;
let page: Page;

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

/** What the keyboard focus is on: its accessible name, whether a ring is drawn, and where it sits. */
interface FocusStop {
  tag: string;
  name: string;
  ring: boolean;
  inOrder: boolean;
  inScrapeViewOrHeader: boolean;
  visible: boolean;
  isBody: boolean;
  key: string;
}

/** Reads the focused element in the page (the name as aria-labelledby, aria-label, labels, then text). */
function readFocus(): Promise<FocusStop> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const win = window as unknown as { previousFocus?: Element; stopCount?: number };
    if (!el || el === document.body) return { tag: 'BODY', name: '', ring: false, inOrder: true, inScrapeViewOrHeader: false, visible: false, isBody: true, key: 'BODY' };
    const textWithoutControls = (node: Element) => {
      const copy = node.cloneNode(true) as Element;
      copy.querySelectorAll('input, select, textarea').forEach((c) => c.remove());
      return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
    };
    let name = '';
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy) name = labelledBy.split(/\s+/).map((id) => textWithoutControls(document.getElementById(id) ?? document.createElement('i'))).join(' ').trim();
    if (!name) name = (el.getAttribute('aria-label') ?? '').trim();
    const labels = (el as HTMLInputElement).labels;
    if (!name && labels && labels.length > 0) name = [...labels].map(textWithoutControls).join(' ').trim();
    if (!name && /^(BUTTON|SUMMARY|A)$/.test(el.tagName)) name = textWithoutControls(el);
    if (!name) name = (el.getAttribute('title') ?? '').trim();
    const style = getComputedStyle(el);
    const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1;
    const previous = win.previousFocus;
    const inOrder = !previous || previous === el || (previous.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    win.previousFocus = el;
    // A mark per element, so reaching the first control again (Tab wrapped around) is recognised.
    el.dataset.tabStop ??= String((win.stopCount = (win.stopCount ?? 0) + 1));
    const box = el.getBoundingClientRect();
    return {
      tag: el.tagName,
      name,
      ring,
      inOrder,
      inScrapeViewOrHeader: !!el.closest('[data-view="scrape"], header'),
      visible: box.width > 0 && box.height > 0,
      isBody: false,
      key: `${el.tagName}#${el.id}|${name}|${el.dataset.tabStop}`,
    };
  });
}

describe('refusals from the engine', () => {
  it('shows the engine refusing a JSON schema beside the JSON schema field', async () => {
    await reveal(page, '#scrape-json');
    await page.check('#scrape-json');
    await page.fill('#scrape-json-schema', '{"type":"object","properties":{"a":{"type":"nope"}}}');
    await page.fill('#scrape-url', `${site.url}/article.html`);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/v2/scrape'), { timeout: 30_000 }),
      page.press('#scrape-url', 'Enter'),
    ]);
    // The browser sent it: the form's own checks accepted the request, the engine refused it.
    expect(response.status()).toBe(400);
    const beside = page.locator('[data-field="scrape-json-schema"] .field-issue');
    await expect.poll(() => beside.textContent()).toContain('Invalid JSON schema');
    expect(await page.getAttribute('#scrape-json-schema', 'aria-invalid')).toBe('true');
    expect(await page.getAttribute('#scrape-json-schema', 'aria-describedby')).toContain('scrape-json-schema-issues');
    await page.getByText('see the highlighted field').waitFor();
    await page.uncheck('#scrape-json');
    await page.getByText('Options', { exact: true }).click();
  });

  it('shows the engine refusing a prompt-only JSON format of a crawl (no model set) beside its prompt field', async () => {
    await openView(page, 'Crawl');
    await page.fill('#crawl-url', `${site.url}/`);
    await reveal(page, '#crawl-scrape-json');
    await page.check('#crawl-scrape-json');
    await page.fill('#crawl-scrape-json-prompt', 'The headline of each page');
    await page.getByText('Crawl options', { exact: true }).click();
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/v2/crawl'), { timeout: 30_000 }),
      page.getByRole('button', { name: 'Start crawl' }).click(),
    ]);
    expect(response.status()).toBe(400);
    // The refusal opens the collapsed options so the message is seen beside its field.
    const beside = page.locator('[data-field="crawl-scrape-json-prompt"] .field-issue');
    await beside.waitFor();
    expect(await beside.isVisible()).toBe(true);
    expect(await beside.textContent()).toContain('needs a language model');
    expect(await page.locator('[data-view="crawl"] .job-progress').count()).toBe(0);
    await page.uncheck('#crawl-scrape-json');
  });
});

describe('keyboard access', () => {
  it('reaches every control of the Scrape view with Tab, in document order, each named and with a focus ring', async () => {
    await openView(page, 'Scrape');
    // Show every conditional control: all option groups open, object formats on, one action, one header.
    await page.locator('[data-view="scrape"] details').evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
    for (const id of ['#scrape-screenshot', '#scrape-json', '#scrape-changeTracking', '#scrape-ct-json']) await page.check(id);
    await page.locator('[data-view="scrape"]').getByRole('button', { name: 'Add action' }).click();
    await page.locator('[data-view="scrape"]').getByRole('button', { name: 'Add header' }).click();
    expect(await page.locator('[tabindex]').evaluateAll((all) => all.filter((el) => Number(el.getAttribute('tabindex')) > 0).length)).toBe(0);

    // Start from the top of the page, as a keyboard user arriving at the app.
    await page.evaluate(() => delete (window as unknown as { previousFocus?: Element }).previousFocus);
    await page.locator('header .brand').click();
    const stops: FocusStop[] = [];
    for (let i = 0; i < 400; i++) {
      await page.keyboard.press('Tab');
      const stop = await readFocus();
      if (stop.isBody || (stops.length > 0 && stop.key === stops[0].key)) break;
      stops.push(stop);
    }
    expect(stops.length).toBeGreaterThan(50);
    expect(stops.filter((s) => !s.inScrapeViewOrHeader).map((s) => s.key)).toEqual([]);
    expect(stops.filter((s) => !s.name).map((s) => s.key)).toEqual([]);
    expect(stops.filter((s) => !s.ring).map((s) => s.key)).toEqual([]);
    expect(stops.filter((s) => !s.visible).map((s) => s.key)).toEqual([]);
    expect(stops.filter((s) => !s.inOrder).map((s) => s.key)).toEqual([]);
    // The order starts with the navigation, then the address and its button.
    expect(stops.slice(0, 8).map((s) => s.name)).toEqual(['Scrape', 'Batch', 'Crawl', 'Jobs', 'Library', 'Settings', 'Page URL', 'Scrape']);
    expect(stops.map((s) => s.name)).toEqual(expect.arrayContaining(['JSON schema', 'Action to add', 'Header 1', 'Value 1', 'Remove header 1']));
  });

  it('gives every element an id used only once, with all views open', async () => {
    for (const view of ['Batch', 'Crawl', 'Jobs', 'Library', 'Settings', 'Scrape'] as const) await openView(page, view);
    const duplicates = await page.evaluate(() => {
      const seen = new Map<string, number>();
      document.querySelectorAll('[id]').forEach((el) => seen.set(el.id, (seen.get(el.id) ?? 0) + 1));
      return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
    });
    expect(duplicates).toEqual([]);
  });

  it('closes the rotate question with Escape and gives the focus back', async () => {
    await openView(page, 'Settings');
    const rotate = page.getByRole('button', { name: 'Rotate API key…' });
    await rotate.focus();
    await page.keyboard.press('Enter');
    const question = page.getByRole('alertdialog');
    await question.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(await rotate.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('closes an opened document with Escape', async () => {
    await openView(page, 'Batch');
    await page.fill('#batch-urls', `${site.url}/faq.html`);
    await page.getByRole('button', { name: 'Scrape 1 URL' }).click();
    await page.locator('[data-view="batch"] [data-job-status="completed"]').waitFor({ timeout: 30_000 });
    await page.locator('[data-view="batch"] .pages-table').getByRole('button', { name: `${site.url}/faq.html` }).click();
    const dialog = page.locator('[data-view="batch"] dialog[open]');
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-labelledby')).toBeTruthy();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});
