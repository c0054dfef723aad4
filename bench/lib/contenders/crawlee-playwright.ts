/**
 * Contender: Crawlee's PlaywrightCrawler driving the same Chromium executable as Trawl
 * (launched through playwright-core's `chromium`), waiting in its handler for the app to
 * render its article, converting the rendered page with turndown into its default dataset,
 * and enqueueing the rendered links.
 */
import { PlaywrightCrawler, log } from 'crawlee';
import { chromium } from 'playwright-core';
import { createTurndown } from '../turndown-markdown.js';
import { serveContender } from './protocol.js';

export interface BrowserCrawlConfig {
  startUrl: string;
  concurrency: number;
  executablePath: string;
  /** CSS selector that appears once the page's JavaScript has rendered its content. */
  renderedSelector: string;
}

/** Markdown shorter than this is an unrendered page. */
const EMPTY_BELOW_CHARS = 200;

log.setLevel(log.LEVELS.ERROR);

serveContender<BrowserCrawlConfig>(async (config) => {
  const turndown = createTurndown();
  let pages = 0;
  let markdownChars = 0;
  let failures = 0;
  let emptyPages = 0;
  const crawler = new PlaywrightCrawler({
    launchContext: { launcher: chromium, launchOptions: { executablePath: config.executablePath, headless: true } },
    minConcurrency: config.concurrency,
    maxConcurrency: config.concurrency,
    async requestHandler({ request, page, enqueueLinks, pushData }) {
      await page.waitForSelector(config.renderedSelector);
      const markdown = turndown.turndown(await page.content());
      pages++;
      markdownChars += markdown.length;
      if (markdown.trim().length < EMPTY_BELOW_CHARS) emptyPages++;
      await pushData({ url: request.loadedUrl ?? request.url, markdown });
      await enqueueLinks();
    },
    failedRequestHandler() {
      failures++;
    },
  });
  const started = performance.now();
  await crawler.run([config.startUrl]);
  return { pages, markdownChars, failures, emptyPages, ms: performance.now() - started };
});
