/**
 * Contender: Crawlee's CheerioCrawler as its documentation sets it up, with its default
 * storage (a dataset persisted to disk), each page converted to markdown with turndown in the
 * request handler and its links enqueued (same hostname, Crawlee's default strategy).
 */
import { CheerioCrawler, log } from 'crawlee';
import { createTurndown } from '../turndown-markdown.js';
import { serveContender } from './protocol.js';

export interface CrawlConfig {
  startUrl: string;
  concurrency: number;
}

log.setLevel(log.LEVELS.ERROR);

serveContender<CrawlConfig>(async (config) => {
  const turndown = createTurndown();
  let pages = 0;
  let markdownChars = 0;
  let failures = 0;
  const crawler = new CheerioCrawler({
    minConcurrency: config.concurrency,
    maxConcurrency: config.concurrency,
    // Crawlee's own cap counts requests still in flight and stops a few pages short; the
    // benchmark site is finite (every link stays within its pages), so the crawl is bounded without it.
    async requestHandler({ request, body, enqueueLinks, pushData }) {
      const markdown = turndown.turndown(body.toString());
      pages++;
      markdownChars += markdown.length;
      await pushData({ url: request.loadedUrl ?? request.url, markdown });
      await enqueueLinks();
    },
    failedRequestHandler() {
      failures++;
    },
  });
  const started = performance.now();
  await crawler.run([config.startUrl]);
  return { pages, markdownChars, failures, ms: performance.now() - started };
});
