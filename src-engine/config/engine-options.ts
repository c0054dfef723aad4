import { z } from 'zod';

/**
 * Everything that configures an engine, declared once. Hosts (CLI, Electron) build this from
 * flags, environment and settings; no module reads `process.env` itself.
 */
export const llmSettingsSchema = z.object({
  baseUrl: z.string().url().optional(),
  model: z.string().min(1).optional(),
  apiKey: z.string().optional(),
  /** Per-request timeout for model calls. */
  timeoutMs: z.int().positive().default(120_000),
  /** Rough context budget in characters for page content sent to the model. */
  maxInputChars: z.int().positive().default(48_000),
});

export const engineOptionsSchema = z.object({
  dataDir: z.string().min(1),
  host: z.literal('127.0.0.1').default('127.0.0.1'),
  port: z.int().min(0).max(65535).default(3002),
  /** One word: a Bearer token cannot carry spaces. */
  apiKey: z.string().min(16).regex(/^\S+$/, 'The API key must not contain spaces').optional(),
  /** Explicit Chromium/Chrome executable; otherwise well-known paths are probed. */
  chromiumPath: z.string().optional(),
  /** Forces one fetcher for every scrape (debugging and benchmarks). */
  forceFetcher: z.enum(['http', 'browser']).optional(),
  /** Pages scraped at once across all jobs. */
  globalConcurrency: z.int().positive().default(8),
  /** Pages fetched at once from one host. */
  perHostConcurrency: z.int().positive().default(4),
  /** Minimum gap between two requests to one host, in milliseconds. */
  perHostDelayMs: z.int().min(0).default(0),
  /** Largest response body accepted, in bytes. */
  maxResponseBytes: z.int().positive().default(50 * 1024 * 1024),
  /** Proxy URL for outgoing page requests (http://user:pass@host:port). */
  proxyUrl: z.string().optional(),
  /** User-Agent sent when the request does not set one. */
  userAgent: z.string().default('Mozilla/5.0 (compatible; TrawlBot/0.1; +https://github.com/trawl-app/trawl)'),
  /** Token evaluated against robots.txt groups (besides `*`). */
  robotsUserAgent: z.string().default('TrawlBot'),
  /** Hours a finished job stays readable (refreshed by reads). */
  jobTtlHours: z.number().positive().default(24),
  llm: llmSettingsSchema.default({ timeoutMs: 120_000, maxInputChars: 48_000 }),
  /** Secret for webhook signatures; generated and stored in the data dir when absent. */
  webhookSecret: z.string().optional(),
  /** Directory of the built UI to serve at `/` (headless mode). */
  uiDir: z.string().optional(),
  /** Extra origins allowed to call the API from a browser (the app's own origin is always allowed). */
  allowedOrigins: z.array(z.string()).default([]),
  /** Resolves host names to 127.0.0.1 addresses in tests (hermetic multi-host fixtures). */
  hostResolver: z.custom<(hostname: string) => string | undefined>().optional(),
  logLevel: z.enum(['silent', 'error', 'info', 'debug']).default('info'),
});

export type EngineOptions = z.output<typeof engineOptionsSchema>;
export type EngineOptionsInput = z.input<typeof engineOptionsSchema>;
export type LlmSettings = z.output<typeof llmSettingsSchema>;
