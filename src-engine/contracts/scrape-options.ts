import { z } from 'zod';
import { actionsSchema } from './actions.js';
import { formatsSchema } from './formats.js';
import { locationSchema } from './location.js';
import { urlSchema } from './url.js';

export const DEFAULT_MAX_AGE_MS = 172_800_000;
/** Decision 13: with no explicit timeout each page gets 60 s; an explicit one is honoured up to 5 min (larger ones are capped). */
export const DEFAULT_TIMEOUT_MS = 60_000;
export const MAX_TIMEOUT_MS = 300_000;

const KNOWN_INTEGRATIONS = [
  'dify', 'zapier', 'pipedream', 'raycast', 'langchain', 'crewai', 'llamaindex', 'n8n',
  'camelai', 'make', 'flowise', 'metagpt', 'relevanceai',
] as const;

/** `integration`: a known integration name, or any custom name starting with `_`. */
export const integrationSchema = z
  .string()
  .refine((v) => (KNOWN_INTEGRATIONS as readonly string[]).includes(v) || v.startsWith('_'), {
    message: 'Invalid enum value',
  });

/** Rewrites a standalone `iframe` token, as iframes are kept as `div[data-original-tag="iframe"]`. */
export function transformIframeSelector(selector: string): string {
  return selector.replace(/(^|[\s>+~,(])iframe(?![\w-])/g, '$1div[data-original-tag="iframe"]');
}

const selectorListSchema = z.array(z.string()).transform((list) => list.map(transformIframeSelector));

const parserSchema = z.union([
  z.literal('pdf'),
  z.strictObject({
    type: z.literal('pdf'),
    // `mode` is accepted for SDK compatibility; text extraction is the one mode offered locally.
    mode: z.enum(['fast', 'auto', 'ocr']).optional(),
    maxPages: z.int().positive().max(10000).optional(),
  }),
]);

/** The fields every scrape-bearing request shares (scrape, batch top level, crawl.scrapeOptions). */
export const scrapeOptionFields = {
  formats: formatsSchema.default([{ type: 'markdown' }]),
  headers: z.record(z.string(), z.string()).optional(),
  includeTags: selectorListSchema.optional(),
  excludeTags: selectorListSchema.optional(),
  onlyMainContent: z.boolean().default(true),
  // Any positive timeout is accepted (as Firecrawl does); more than 5 minutes is honoured as 5 minutes.
  timeout: z
    .int()
    .min(1)
    .transform((ms) => Math.min(ms, MAX_TIMEOUT_MS))
    .optional(),
  waitFor: z.int().min(0).max(60000).default(0),
  mobile: z.boolean().default(false),
  parsers: z.array(parserSchema).optional(),
  actions: actionsSchema.optional(),
  location: locationSchema.optional(),
  skipTlsVerification: z.boolean().optional(),
  removeBase64Images: z.boolean().default(true),
  fastMode: z.boolean().default(false),
  blockAds: z.boolean().default(true),
  proxy: z.enum(['basic', 'stealth', 'auto']).default('auto'),
  maxAge: z.int().min(0).optional(),
  storeInCache: z.boolean().default(true),
  useMock: z.string().optional(),
  __experimental_omce: z.boolean().optional(),
  __experimental_omceDomain: z.string().optional(),
  __searchPreviewToken: z.string().optional(),
};

type RawScrapeOptions = {
  formats: { type: string }[];
  headers?: Record<string, string>;
  actions?: { type: string; milliseconds?: number; selector?: string }[];
  waitFor: number;
  timeout?: number;
  proxy: string;
  skipTlsVerification?: boolean;
};

/** Cross-field rules every scrape-bearing schema shares. */
export function refineScrapeOptions(options: RawScrapeOptions, ctx: z.RefinementCtx): void {
  if (options.timeout !== undefined && options.waitFor > options.timeout / 2) {
    ctx.addIssue({ code: 'custom', path: ['waitFor'], message: 'waitFor must not exceed half of timeout' });
  }
  const actionWait = (options.actions ?? []).reduce(
    (sum, a) => sum + (a.type === 'wait' ? (a.milliseconds ?? 0) + (a.selector ? 1000 : 0) : 0),
    0,
  );
  if (options.waitFor + actionWait > 60000) {
    ctx.addIssue({
      code: 'custom',
      path: ['actions'],
      message: 'Total wait time (waitFor + wait actions) cannot exceed 60 seconds',
    });
  }
}

/** Firecrawl's defaults that depend on other fields (applied after parsing). */
export function applyScrapeDefaults<T extends RawScrapeOptions>(options: T): T {
  const out = { ...options };
  const has = (type: string) => out.formats.some((f) => f.type === type);
  if (out.skipTlsVerification === undefined) {
    out.skipTlsVerification = !(out.headers || (out.actions && out.actions.length > 0));
  }
  if (has('json') && out.timeout === 30000) out.timeout = 60000;
  // Firecrawl's quirk only fires on exactly 30000; elsewhere no wait is forced (it would force a browser).
  if (has('changeTracking') && out.timeout === 30000) {
    out.timeout = 60000;
    out.waitFor = Math.max(out.waitFor, 5000);
  }
  if ((out.proxy === 'stealth' || out.proxy === 'auto') && out.timeout === 30000) out.timeout = 120000;
  return out;
}

const scrapeOptionsObject = z.strictObject(scrapeOptionFields);

/** Scrape options as nested in a crawl's `scrapeOptions`. */
export const scrapeOptionsSchema = scrapeOptionsObject.superRefine(refineScrapeOptions).transform(applyScrapeDefaults);

export type ScrapeOptions = z.output<typeof scrapeOptionsSchema>;
export type ScrapeOptionsInput = z.input<typeof scrapeOptionsSchema>;

export const commonRequestFields = {
  origin: z.string().default('api'),
  integration: integrationSchema.optional(),
  zeroDataRetention: z.boolean().default(false),
};

export const scrapeRequestSchema = z
  .strictObject({ ...scrapeOptionFields, ...commonRequestFields, url: urlSchema })
  .superRefine(refineScrapeOptions)
  .transform(applyScrapeDefaults);

export type ScrapeRequest = z.output<typeof scrapeRequestSchema>;
