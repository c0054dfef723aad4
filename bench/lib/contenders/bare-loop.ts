/**
 * Contender: the loop a developer writes by hand — undici for HTTP, cheerio for links,
 * turndown for markdown — at a fixed concurrency, keeping nothing (no persistence, no
 * robots.txt, no retries). The floor any crawler's overhead is measured against.
 */
import * as cheerio from 'cheerio';
import { Agent, request } from 'undici';
import { createTurndown } from '../turndown-markdown.js';
import { serveContender } from './protocol.js';

export interface CrawlConfig {
  startUrl: string;
  concurrency: number;
  maxPages: number;
}

serveContender<CrawlConfig>(async (config) => {
  const turndown = createTurndown();
  const agent = new Agent({ connections: config.concurrency });
  const origin = new URL(config.startUrl).origin;
  const seen = new Set<string>([config.startUrl]);
  const queue = [config.startUrl];
  let pages = 0;
  let markdownChars = 0;
  let failures = 0;
  let active = 0;
  const started = performance.now();

  async function visit(url: string): Promise<void> {
    const response = await request(url, { dispatcher: agent, headers: { 'user-agent': 'bench-loop/1.0' } });
    const html = await response.body.text();
    if (response.statusCode !== 200 || !String(response.headers['content-type'] ?? '').includes('html')) {
      failures++;
      return;
    }
    const $ = cheerio.load(html);
    $('a[href]').each((_, element) => {
      let link: URL;
      try {
        link = new URL($(element).attr('href')!, url);
      } catch {
        return;
      }
      link.hash = '';
      if (link.origin !== origin || seen.size >= config.maxPages || seen.has(link.href)) return;
      seen.add(link.href);
      queue.push(link.href);
    });
    markdownChars += turndown.turndown(html).length;
    pages++;
  }

  await new Promise<void>((resolve) => {
    const pump = () => {
      while (active < config.concurrency && queue.length > 0) {
        const url = queue.shift()!;
        active++;
        visit(url)
          .catch(() => void failures++)
          .finally(() => {
            active--;
            if (active === 0 && queue.length === 0) resolve();
            else pump();
          });
      }
    };
    pump();
  });
  const ms = performance.now() - started;
  await agent.close();
  return { pages, markdownChars, failures, ms };
});
