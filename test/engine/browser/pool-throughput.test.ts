/**
 * Throughput of the browser path on 200 script-heavy fixture pages (opt-in: set
 * TRAWL_BENCH=1). Prints pages per second for reused pages with a state reset, a new
 * context per page, with and without ad blocking, and blocking through route().
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSite, type BrowserSite } from '../../fixtures/browser-site.js';
import { LaunchBrowserProvider } from '../../../src-engine/browser/launch-provider.js';
import { BrowserPool } from '../../../src-engine/browser/pool.js';
import { isBlockedUrl } from '../../../src-engine/browser/ad-block.js';
import { BrowserFetcher } from '../../../src-engine/fetch/browser-fetcher.js';
import { fetchRequest, TEST_USER_AGENT } from './browser-harness.js';

const PAGES = 200;
const CONCURRENCY = 2;
const benchEnabled = process.env.TRAWL_BENCH === '1';

async function runAll(work: (index: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < PAGES) await work(next++);
    }),
  );
  return PAGES / ((Date.now() - started) / 1000);
}

describe.skipIf(!benchEnabled)('browser throughput', () => {
  let site: BrowserSite;
  const rows: string[] = [];
  beforeAll(async () => {
    site = await startBrowserSite();
  });
  afterAll(async () => {
    await site.close();
    console.log(`\n${rows.join('\n')}`);
  });

  const executables = (process.env.TRAWL_BENCH_BROWSERS ?? '/usr/bin/chromium-headless-shell,/usr/bin/chromium').split(',');
  for (const executablePath of executables) {
    for (const variant of ['reused', 'new-context'] as const) {
      for (const blockAds of [true, false]) {
        it(`${executablePath} ${variant} blockAds=${blockAds}`, async () => {
          const pool = new BrowserPool(new LaunchBrowserProvider({ executablePath }), {
            maxContexts: CONCURRENCY,
            recycleAfterPages: variant === 'reused' ? 1_000 : 1,
          });
          const fetcher = new BrowserFetcher(pool, { userAgent: TEST_USER_AGENT });
          await fetcher.fetch(fetchRequest(site.url('/bench/0'), { blockAds }));
          const rate = await runAll(async (i) => {
            const result = await fetcher.fetch(fetchRequest(site.url(`/bench/${i}`), { blockAds }));
            expect(result.text).toContain(`Bench page ${i}`);
          });
          rows.push(`${executablePath}\t${variant}\tblockAds=${blockAds}\t${rate.toFixed(1)} pages/s`);
          await pool.close();
        }, 300_000);
      }
    }

    it(`${executablePath} reused, blocking through route()`, async () => {
      const pool = new BrowserPool(new LaunchBrowserProvider({ executablePath }), { maxContexts: CONCURRENCY });
      const rate = await runAll(async (i) => {
        await pool.withPage({ blockAds: false, defaultUserAgent: TEST_USER_AGENT }, async (page) => {
          await page.route('**/*', (route) => {
            const type = route.request().resourceType();
            if (type === 'image' || type === 'font' || type === 'media' || isBlockedUrl(route.request().url())) {
              return route.abort('blockedbyclient');
            }
            return route.continue();
          });
          await page.goto(site.url(`/bench/${i}`), { waitUntil: 'load' });
          expect(await page.content()).toContain(`Bench page ${i}`);
          await page.unrouteAll();
        });
      });
      rows.push(`${executablePath}\treused\troute() blocking\t${rate.toFixed(1)} pages/s`);
      await pool.close();
    }, 300_000);
  }
});
