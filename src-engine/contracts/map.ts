import { z } from 'zod';
import { crawlerOptionFields } from './crawl.js';
import { commonRequestFields } from './scrape-options.js';
import { locationSchema } from './location.js';
import { urlSchema } from './url.js';

const { sitemap: _sitemap, ignoreQueryParameters: _iqp, limit: _limit, ...mapCrawlerFields } = crawlerOptionFields;

export const mapRequestSchema = z.strictObject({
  ...mapCrawlerFields,
  ...commonRequestFields,
  url: urlSchema,
  search: z.string().optional(),
  includeSubdomains: z.boolean().default(true),
  ignoreQueryParameters: z.boolean().default(true),
  sitemap: z.enum(['only', 'include', 'skip']).default('include'),
  limit: z.int().min(1).max(100000).default(5000),
  timeout: z.int().positive().optional(),
  filterByPath: z.boolean().default(true),
  useIndex: z.boolean().default(true),
  ignoreCache: z.boolean().optional(),
  location: locationSchema.optional(),
  headers: z.record(z.string(), z.string()).optional(),
  useMock: z.string().optional(),
});

export type MapRequest = z.output<typeof mapRequestSchema>;
