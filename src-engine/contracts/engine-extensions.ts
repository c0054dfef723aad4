/**
 * Shapes of Trawl's own /v2 extensions (used by the UI; not part of Firecrawl's wire):
 * `GET /v2/jobs`, `GET /v2/jobs/:id/pages`, the `GET /v2/events` stream and `/v2/settings`.
 */
import type { JobKind, JobStatus } from './document.js';

/** One job of the engine, as `GET /v2/jobs` and the live events describe it. */
export interface JobSummary {
  id: string;
  kind: JobKind;
  status: JobStatus;
  /** The start URL, or the first URL of a batch. */
  url: string;
  urlCount: number;
  createdAt: string;
  finishedAt?: string;
  /** The request body as the client sent it. */
  options: Record<string, unknown>;
  total: number;
  completed: number;
  failed: number;
  robotsBlocked: number;
  creditsUsed: number;
  error?: string;
}

export type PageState = 'queued' | 'running' | 'done' | 'failed' | 'robots-blocked';

/** One URL of a job, in discovery order: the frontier entry and its outcome. */
export interface PageRecord {
  /** Discovery order within the job. */
  seq: number;
  url: string;
  depth: number;
  state: PageState;
  statusCode?: number;
  title?: string;
  durationMs?: number;
  bytes?: number;
  errorCode?: string;
  error?: string;
  scrapeId?: string;
  finishedAt?: string;
}

/** One message of the `GET /v2/events` stream. */
export type LiveEvent =
  | { type: 'job.created'; job: JobSummary }
  | { type: 'job.updated'; job: JobSummary }
  | { type: 'job.finished'; job: JobSummary }
  | { type: 'job.page'; jobId: string; page: PageRecord };

/** `GET /v2/settings` → `settings`. */
export interface EngineSettings {
  apiUrl: string;
  dataDir: string;
  chromiumPath: string | null;
  browser: { available: boolean; description: string };
  llm: { baseUrl: string | null; model: string | null; hasApiKey: boolean };
  globalConcurrency: number;
  perHostConcurrency: number;
  perHostDelayMs: number;
  webhookSecret: string;
}

/** `POST /v2/settings/llm-test` result. */
export interface LlmTestResult {
  ok: boolean;
  model?: string;
  error?: string;
}
