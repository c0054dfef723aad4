import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSite, type BrowserSite } from '../../fixtures/browser-site.js';
import { createBrowserStack, fetchRequest, type BrowserStack } from './browser-harness.js';
import { imageSize } from './image-size.js';

describe('screenshots', () => {
  let site: BrowserSite;
  let stack: BrowserStack;
  beforeAll(async () => {
    site = await startBrowserSite();
    stack = createBrowserStack();
  });
  afterAll(async () => {
    await stack.close();
    await site.close();
  });

  it('is a PNG of the default 1920×1080 viewport', async () => {
    const result = await stack.fetcher.fetch(
      fetchRequest(site.url('/article'), { screenshot: { type: 'screenshot', fullPage: false } }),
    );
    expect(imageSize(result.screenshot!)).toEqual({ type: 'png', width: 1920, height: 1080 });
  });

  it('is a JPEG when a quality is given, at the asked viewport', async () => {
    const result = await stack.fetcher.fetch(
      fetchRequest(site.url('/article'), {
        screenshot: { type: 'screenshot', fullPage: false, quality: 60, viewport: { width: 800, height: 600 } },
      }),
    );
    expect(imageSize(result.screenshot!)).toEqual({ type: 'jpeg', width: 800, height: 600 });
  });

  it('covers the whole page height with fullPage', async () => {
    const result = await stack.fetcher.fetch(
      fetchRequest(site.url('/tall'), {
        screenshot: { type: 'screenshot', fullPage: true, viewport: { width: 640, height: 480 } },
      }),
    );
    expect(imageSize(result.screenshot!)).toEqual({ type: 'png', width: 640, height: 3000 });
  });

  it('downloads images for screenshots only', async () => {
    const before = site.requests.length;
    await stack.fetcher.fetch(fetchRequest(site.url('/images')));
    expect(site.requests.slice(before).some((r) => r.path === '/photo.png')).toBe(false);
    await stack.fetcher.fetch(fetchRequest(site.url('/images'), { screenshot: { type: 'screenshot', fullPage: false } }));
    expect(site.requests.slice(before).some((r) => r.path === '/photo.png')).toBe(true);
  });
});
