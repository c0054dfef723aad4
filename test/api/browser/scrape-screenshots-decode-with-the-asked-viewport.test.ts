import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApiStack, type BrowserApiStack } from './browser-stack.js';
import { decodeImageDataUri } from './decode-image.js';

describe('the screenshot format is a decodable image of the asked viewport', () => {
  let stack: BrowserApiStack;
  beforeAll(async () => {
    stack = await startBrowserApiStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('is a PNG data URI of the default 1920×1080 viewport, next to the markdown', async () => {
    const document = await stack.app.scrape(stack.site.url('/article'), { formats: ['markdown', 'screenshot'], maxAge: 0 });
    expect(document.screenshot).toMatch(/^data:image\/png;base64,/);
    expect(decodeImageDataUri(document.screenshot!)).toEqual({ type: 'png', width: 1920, height: 1080 });
    expect(document.markdown).toContain('Herring season');
  });

  it('is a PNG of exactly the asked viewport', async () => {
    const document = await stack.app.scrape(stack.site.url('/article'), {
      formats: [{ type: 'screenshot', viewport: { width: 800, height: 600 } }],
      maxAge: 0,
    });
    expect(decodeImageDataUri(document.screenshot!)).toEqual({ type: 'png', width: 800, height: 600 });
    expect(document).not.toHaveProperty('markdown');
  });

  it('covers the whole height of a long page with fullPage', async () => {
    const document = await stack.app.scrape(stack.site.url('/tall'), {
      formats: [{ type: 'screenshot', fullPage: true, viewport: { width: 640, height: 480 } }],
      maxAge: 0,
    });
    const image = decodeImageDataUri(document.screenshot!);
    expect(image.type).toBe('png');
    expect(image.width).toBe(640);
    expect(image.height).toBeGreaterThan(480);
    expect(image.height).toBeGreaterThanOrEqual(3000);
  });

  it('is a JPEG data URI when a quality is given', async () => {
    const document = await stack.app.scrape(stack.site.url('/article'), {
      formats: [{ type: 'screenshot', quality: 60, viewport: { width: 1024, height: 768 } }],
      maxAge: 0,
    });
    expect(document.screenshot).toMatch(/^data:image\/jpeg;base64,/);
    expect(decodeImageDataUri(document.screenshot!)).toEqual({ type: 'jpeg', width: 1024, height: 768 });
  });
});
