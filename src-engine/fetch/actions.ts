/**
 * Runs a request's actions on a page, in order, within the scrape's budget: wait, click,
 * write, press, scroll, screenshot, scrape, executeJavascript and pdf. Results are
 * collected for `document.actions`; a failing action stops the sequence with
 * SCRAPE_ACTION_ERROR naming its index and the reason.
 */
import type { Page } from 'playwright-core';
import type { Action } from '../contracts/index.js';
import { EngineError, isEngineError } from '../errors/engine-error.js';
import type { Deadline } from '../browser/deadline.js';
import type { Viewport } from '../browser/device-profiles.js';
import { waitForPageSettled } from '../browser/page-settle.js';
import type { ActionResults } from './types.js';

/** How long an action waits for its element to appear before failing. */
const ELEMENT_WAIT_MS = 10_000;
/** How long the page may keep loading data after an action that changes it. */
const SETTLE_CAP_MS = 3_000;

export interface ScreenshotOptions {
  fullPage: boolean;
  quality?: number;
  viewport?: Viewport;
}

/** Takes a screenshot as a data URI: PNG, or JPEG when a quality is given. */
export async function captureScreenshot(page: Page, options: ScreenshotOptions, deadline: Deadline): Promise<string> {
  const previous = page.viewportSize();
  const resize = options.viewport && (options.viewport.width !== previous?.width || options.viewport.height !== previous?.height);
  if (resize) await deadline.race(page.setViewportSize(options.viewport!), 'resizing the viewport');
  try {
    const type = options.quality === undefined ? 'png' : 'jpeg';
    const image = await deadline.race(
      page.screenshot({
        type,
        quality: options.quality,
        fullPage: options.fullPage,
        animations: 'disabled',
        caret: 'hide',
        timeout: deadline.remaining(),
      }),
      'taking a screenshot',
    );
    return `data:image/${type};base64,${image.toString('base64')}`;
  } finally {
    if (resize && previous && !page.isClosed()) await page.setViewportSize(previous).catch(() => undefined);
  }
}

function elementTimeout(deadline: Deadline): number {
  return Math.min(ELEMENT_WAIT_MS, deadline.remaining());
}

async function settle(page: Page, deadline: Deadline): Promise<void> {
  await deadline.race(waitForPageSettled(page, Math.min(SETTLE_CAP_MS, deadline.remaining())), 'waiting for the page');
}

/** Evaluates user JavaScript: an expression, or a function body with `return`. */
async function evaluateScript(page: Page, script: string): Promise<{ type: string; value: unknown }> {
  const wrap = (inner: string) =>
    `(async () => { const __value = await (${inner}); return { type: typeof __value, value: __value === undefined ? null : __value }; })()`;
  try {
    return await page.evaluate(wrap(`(\n${script}\n)`));
  } catch (error) {
    if (!(error instanceof Error) || !/SyntaxError/.test(error.message)) throw error;
    return await page.evaluate(wrap(`(async () => {\n${script}\n})()`));
  }
}

async function scrollPage(page: Page, direction: 'up' | 'down', selector: string | undefined): Promise<void> {
  const found = await page.evaluate(
    ({ direction, selector }) => {
      const sign = direction === 'up' ? -1 : 1;
      if (selector) {
        const element = document.querySelector(selector);
        if (!element) return false;
        element.scrollBy({ top: sign * Math.max(element.clientHeight, 1), behavior: 'instant' });
        if (element.scrollHeight <= element.clientHeight) element.scrollIntoView({ block: direction === 'up' ? 'start' : 'end' });
        return true;
      }
      window.scrollBy({ top: sign * window.innerHeight, behavior: 'instant' });
      return true;
    },
    { direction, selector },
  );
  if (!found) throw new Error(`no element matches the selector "${selector}"`);
}

async function runAction(page: Page, action: Action, deadline: Deadline, results: ActionResults): Promise<void> {
  switch (action.type) {
    case 'wait':
      if (action.milliseconds !== undefined) {
        await deadline.race(page.waitForTimeout(action.milliseconds), 'waiting');
      } else {
        await deadline.race(
          page.waitForSelector(action.selector!, { state: 'visible', timeout: deadline.remaining() }),
          `waiting for ${action.selector}`,
        );
      }
      return;
    case 'click': {
      const locator = page.locator(action.selector);
      await locator.first().waitFor({ state: 'attached', timeout: elementTimeout(deadline) });
      const targets = action.all ? await locator.all() : [locator.first()];
      for (const target of targets) await target.click({ timeout: elementTimeout(deadline) });
      await settle(page, deadline);
      return;
    }
    case 'write':
      await page.keyboard.type(action.text);
      return;
    case 'press':
      await page.keyboard.press(action.key);
      await settle(page, deadline);
      return;
    case 'scroll':
      await scrollPage(page, action.direction, action.selector);
      await settle(page, deadline);
      return;
    case 'screenshot':
      results.screenshots.push(await captureScreenshot(page, action, deadline));
      return;
    case 'scrape':
      results.scrapes.push({ url: page.url(), html: await page.content() });
      return;
    case 'executeJavascript':
      results.javascriptReturns.push(await evaluateScript(page, action.script));
      await settle(page, deadline);
      return;
    case 'pdf': {
      const pdf = await page.pdf({
        format: action.format,
        landscape: action.landscape,
        scale: action.scale,
        printBackground: true,
      });
      results.pdfs.push(`data:application/pdf;base64,${pdf.toString('base64')}`);
      return;
    }
  }
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const first = message.split('\n').find((line) => line.trim() !== '') ?? message;
  return first.replace(/^[\w.]+: /, '').trim();
}

/** Runs `actions` in order on `page` and returns what they produced. */
export async function runActions(page: Page, actions: readonly Action[], deadline: Deadline): Promise<ActionResults> {
  const results: ActionResults = { screenshots: [], scrapes: [], javascriptReturns: [], pdfs: [] };
  for (const [index, action] of actions.entries()) {
    deadline.check(`running action ${index} (${action.type})`);
    try {
      await deadline.race(runAction(page, action, deadline, results), `running action ${index} (${action.type})`);
    } catch (error) {
      if (isEngineError(error) && (error.code === 'SCRAPE_TIMEOUT' || error.code === 'JOB_CANCELLED')) throw error;
      if (deadline.expired()) throw deadline.timeoutError(`running action ${index} (${action.type})`);
      throw new EngineError('SCRAPE_ACTION_ERROR', `Action ${index} (${action.type}) failed: ${reasonOf(error)}`, {
        cause: error,
        details: { index, type: action.type },
      });
    }
  }
  return results;
}
