import { describe, expect, it } from 'vitest';
import type { CrawlerOptionsFromPrompt } from '../../../src-engine/contracts/crawl.js';
import { readCrawlerOptionsFromPrompt } from '../../../src-engine/llm/prompt-to-crawler-options.js';

const ROOT = 'https://example.com/';

/** Each prompt and exactly the crawler options the offline reader must return for it. */
const table: [prompt: string, expected: CrawlerOptionsFromPrompt, url?: string][] = [
  // Sections and paths
  ['Only crawl the blog', { includePaths: ['^/blogs?(?:/|$)'] }],
  ['Crawl only /docs, not /docs/archive', { includePaths: ['^/docs(?:/|$)'], excludePaths: ['^/docs/archive(?:/|$)'] }],
  ['Get the blog and news sections, up to 50 pages', { includePaths: ['^/blogs?(?:/|$)', '^/news(?:/|$)'], limit: 50 }],
  ['Skip the careers pages and the login page', { excludePaths: ['^/careers?(?:/|$)', '^/logins?(?:/|$)'] }],
  ['Exclude /admin and /login', { excludePaths: ['^/admin(?:/|$)', '^/login(?:/|$)'] }],
  ["Don't crawl anything under /wp-admin or /cart", { excludePaths: ['^/wp-admin(?:/|$)', '^/cart(?:/|$)'] }],
  ['Only crawl https://example.com/docs/api/*', { includePaths: ['^/docs/api/.*'] }],
  ['Scrape https://example.com/products/ and skip /products/archive', { includePaths: ['^/products(?:/|$)'], excludePaths: ['^/products/archive(?:/|$)'] }],
  ['Scrape all blog posts from 2024 but skip tag pages', { includePaths: ['^/blogs?(?:/|$)'], excludePaths: ['^/tags?(?:/|$)'] }],
  ['get all product pages but not the reviews', { includePaths: ['^/products?(?:/|$)'], excludePaths: ['^/reviews?(?:/|$)'] }],
  ['everything except the blog and the shop', { excludePaths: ['^/blogs?(?:/|$)', '^/shops?(?:/|$)'] }],
  ['Get the pricing page', { includePaths: ['^/pricing(?:/|$)'] }],
  ['Crawl at most 10 pages of the documentation, 2 levels deep', { includePaths: ['^/(?:docs?|documentation)(?:/|$)'], maxDiscoveryDepth: 2, limit: 10 }],
  ['Only this section', { includePaths: ['^/docs/guide(?:/|$)'] }, 'https://example.com/docs/guide/'],
  ['Only the blog', { includePaths: ['^/blogs?(?:/|$)'], crawlEntireDomain: true }, 'https://example.com/docs/intro'],
  ['Only the docs', { includePaths: ['^/en/docs(?:/|$)'], crawlEntireDomain: true }, 'https://example.com/en/docs/intro'],
  ['Crawl everything but skip PDFs', { excludePaths: ['\\.pdf$'], crawlEntireDomain: true }],
  // Whole domain
  ['Crawl the entire site except /private', { excludePaths: ['^/private(?:/|$)'], crawlEntireDomain: true }],
  // Depth
  ['max depth of 2', { maxDiscoveryDepth: 2 }],
  ['Crawl 3 levels deep', { maxDiscoveryDepth: 3 }],
  ['Only pages within two clicks of the homepage', { maxDiscoveryDepth: 2 }],
  ['Only the start page', { maxDiscoveryDepth: 0 }],
  ['Only pages linked from the homepage', { maxDiscoveryDepth: 1 }],
  // Page limits
  ['Up to one hundred product pages', { includePaths: ['^/products?(?:/|$)'], limit: 100 }],
  ['First ten blog posts', { includePaths: ['^/blogs?(?:/|$)'], limit: 10 }],
  ['limit 20', { limit: 20 }],
  ['no more than 25 pages and stay on the site', { limit: 25, allowExternalLinks: false }],
  // Subdomains and external links
  ['Include subdomains', { allowSubdomains: true }],
  ['Do not crawl subdomains', { allowSubdomains: false }],
  ["Don't follow external links", { allowExternalLinks: false }],
  ['Follow external links too', { allowExternalLinks: true }],
  // Sitemap
  ['Ignore the sitemap', { sitemap: 'skip' }],
  ['Use the sitemap', { sitemap: 'include' }],
  // Query parameters
  ['Ignore query parameters', { ignoreQueryParameters: true }],
  ['Keep query strings, they matter', { ignoreQueryParameters: false }],
  // Delay
  ['Wait 2 seconds between requests', { delay: 2 }],
  ['500 ms delay between pages', { delay: 0.5 }],
  ['one request every 5 seconds', { delay: 5 }],
  ['Crawl politely', { delay: 1 }],
  // Duplicates
  ['Keep duplicate URLs', { deduplicateSimilarURLs: false }],
  // Several at once
  [
    'Crawl the whole website, including subdomains, at most 200 pages, depth 3, delay of 1.5 seconds, ignore query params, skip the sitemap',
    { crawlEntireDomain: true, maxDiscoveryDepth: 3, limit: 200, allowSubdomains: true, sitemap: 'skip', ignoreQueryParameters: true, delay: 1.5 },
  ],
  [
    'Crawl product pages, max 500 pages, no subdomains and ignore tracking parameters',
    { includePaths: ['^/products?(?:/|$)'], limit: 500, allowSubdomains: false, ignoreQueryParameters: true },
  ],
  ['crawl this site with a 3 second delay and no more than 40 pages', { limit: 40, delay: 3 }],
  // Nothing implied
  ['Find pricing information', {}],
  ['hello world', {}],
  ['asdkjh qwe zzzz', {}],
];

describe('offline prompt reader yields exactly the implied crawler options', () => {
  it('has a table of at least 30 prompts', () => {
    expect(table.length).toBeGreaterThanOrEqual(30);
  });

  it.each(table)('%s', (prompt, expected, url) => {
    expect(readCrawlerOptionsFromPrompt(prompt, url ?? ROOT)).toEqual(expected);
  });

  it('returns patterns that JavaScript can compile', () => {
    for (const [prompt, , url] of table) {
      const options = readCrawlerOptionsFromPrompt(prompt, url ?? ROOT);
      for (const pattern of [...(options.includePaths ?? []), ...(options.excludePaths ?? [])]) {
        expect(() => new RegExp(pattern)).not.toThrow();
      }
    }
  });
});
