import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchedBrowserPid } from '../../engine/browser/browser-process.js';
import { isBrowserNavigation, startBrowserApiStack, type BrowserApiStack } from './browser-stack.js';

async function until<T>(read: () => T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('a scrape survives the Chromium process being killed', () => {
  let stack: BrowserApiStack;
  beforeAll(async () => {
    stack = await startBrowserApiStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('succeeds when Chromium is killed while the page is being rendered', async () => {
    const path = '/article?kill=mid-scrape';
    const mark = stack.site.requests.length;
    const scrape = stack.app.scrape(stack.site.url(path), { formats: ['markdown'], waitFor: 3000, maxAge: 0 });

    // Once Chromium has loaded the page it sits in waitFor: kill the browser process then.
    await until(() => stack.requestsSince(mark).find((r) => r.path === path && isBrowserNavigation(r)), 'the browser to load the page');
    const pid = launchedBrowserPid();
    expect(pid).toBeDefined();
    process.kill(pid!, 'SIGKILL');
    await until(() => (isAlive(pid!) ? undefined : true), 'the browser to die');

    const document = await scrape;
    expect(document.markdown).toContain('Herring season');
    expect(document.metadata?.statusCode).toBe(200);
    // The page was rendered again, by a newly launched browser.
    expect(stack.requestsSince(mark).filter((r) => r.path === path && isBrowserNavigation(r))).toHaveLength(2);
    const relaunched = launchedBrowserPid();
    expect(relaunched).toBeDefined();
    expect(relaunched).not.toBe(pid);
  });

  it('succeeds when Chromium was killed between two scrapes', async () => {
    await stack.app.scrape(stack.site.url('/article?warm=1'), { formats: ['markdown'], waitFor: 10, maxAge: 0 });
    const pid = launchedBrowserPid();
    expect(pid).toBeDefined();
    process.kill(pid!, 'SIGKILL');
    await until(() => (isAlive(pid!) ? undefined : true), 'the browser to die');

    const document = await stack.app.scrape(stack.site.url('/spa?after=kill'), { formats: ['markdown'], maxAge: 0 });
    expect(document.markdown).toContain('Rendered by JavaScript');
  });
});
