import { z } from 'zod';
import { applyScrapeDefaults, commonRequestFields, refineScrapeOptions, scrapeOptionFields } from './scrape-options.js';
import { webhookSchema } from './webhook.js';

/**
 * Batch body. `urls` are checked one by one by the route (so invalid ones can be dropped and
 * reported when `ignoreInvalidURLs` is true, or named in a 400 when it is false).
 */
export const batchScrapeRequestSchema = z
  .strictObject({
    ...scrapeOptionFields,
    ...commonRequestFields,
    urls: z.array(z.string()).min(1, 'urls must contain at least one URL'),
    webhook: webhookSchema.optional(),
    appendToId: z.uuid().optional(),
    ignoreInvalidURLs: z.boolean().default(true),
    maxConcurrency: z.int().positive().optional(),
  })
  .superRefine(refineScrapeOptions)
  .transform(applyScrapeDefaults);

export type BatchScrapeRequest = z.output<typeof batchScrapeRequestSchema>;
