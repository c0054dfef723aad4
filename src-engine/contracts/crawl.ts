import { z } from 'zod';
import { commonRequestFields, scrapeOptionsSchema } from './scrape-options.js';
import { urlSchema } from './url.js';
import { webhookSchema } from './webhook.js';

/** Adds an issue for every pattern that JavaScript's RegExp cannot compile (decision 9). */
function refinePatterns(field: 'includePaths' | 'excludePaths') {
  return (patterns: string[] | undefined, ctx: z.RefinementCtx) => {
    (patterns ?? []).forEach((pattern, index) => {
      try {
        new RegExp(pattern);
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          path: [index],
          message: `Invalid regular expression in ${field}: ${(error as Error).message}`,
        });
      }
    });
  };
}

export const crawlerOptionFields = {
  includePaths: z.array(z.string()).superRefine(refinePatterns('includePaths')).default([]),
  excludePaths: z.array(z.string()).superRefine(refinePatterns('excludePaths')).default([]),
  maxDiscoveryDepth: z.int().min(0).optional(),
  crawlEntireDomain: z.boolean().default(false),
  allowExternalLinks: z.boolean().default(false),
  allowSubdomains: z.boolean().default(false),
  ignoreRobotsTxt: z.boolean().default(false),
  robotsUserAgent: z.string().min(1).optional(),
  sitemap: z.enum(['skip', 'include', 'only']).default('include'),
  deduplicateSimilarURLs: z.boolean().default(true),
  ignoreQueryParameters: z.boolean().default(false),
  regexOnFullURL: z.boolean().default(false),
  delay: z
    .number()
    .positive()
    .max(60, 'The delay parameter is measured in seconds and cannot exceed 60 seconds.')
    .optional(),
  limit: z.int().positive().default(10000),
};

export const crawlRequestSchema = z.strictObject({
  ...crawlerOptionFields,
  ...commonRequestFields,
  url: urlSchema,
  prompt: z.string().max(10000).optional(),
  scrapeOptions: scrapeOptionsSchema.prefault({}),
  webhook: webhookSchema.optional(),
  maxConcurrency: z.int().positive().optional(),
});

export type CrawlRequest = z.output<typeof crawlRequestSchema>;
export type CrawlRequestInput = z.input<typeof crawlRequestSchema>;

/** The crawler options a prompt may produce (params-preview `data`, minus `url`). */
export interface CrawlerOptionsFromPrompt {
  includePaths?: string[];
  excludePaths?: string[];
  maxDepth?: number;
  maxDiscoveryDepth?: number;
  crawlEntireDomain?: boolean;
  allowExternalLinks?: boolean;
  allowSubdomains?: boolean;
  sitemap?: 'skip' | 'include';
  ignoreQueryParameters?: boolean;
  deduplicateSimilarURLs?: boolean;
  delay?: number;
  limit?: number;
}

export const paramsPreviewRequestSchema = z.object({
  url: urlSchema,
  prompt: z.string().min(1, 'prompt is required').max(10000, 'prompt cannot exceed 10000 characters'),
});

export type ParamsPreviewRequest = z.output<typeof paramsPreviewRequestSchema>;
