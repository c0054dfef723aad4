/** Shapes of Trawl's own /v2 extensions (jobs, pages, live events, settings). */

export type JobKind = 'crawl' | 'batch';
export type JobStatus = 'scraping' | 'completed' | 'failed' | 'cancelled';

/** One job of the engine, as `GET /v2/jobs` and the live events describe it. */
export interface JobSummary {
  id: string;
  kind: JobKind;
  status: JobStatus;
  url: string;
  urlCount: number;
  createdAt: string;
  finishedAt?: string;
  options: Record<string, unknown>;
  total: number;
  completed: number;
  failed: number;
  robotsBlocked: number;
  creditsUsed: number;
}

export type PageState = 'done' | 'failed' | 'robots-blocked' | 'queued' | 'running';

/** One URL of a job, in discovery order. */
export interface PageRecord {
  /** Discovery order within the job. */
  seq?: number;
  url: string;
  state: PageState;
  depth: number;
  statusCode?: number;
  title?: string;
  durationMs?: number;
  bytes?: number;
  error?: string;
  errorCode?: string;
  scrapeId?: string;
  finishedAt?: string;
}

export type LiveEvent =
  | { type: 'job.created'; job: JobSummary }
  | { type: 'job.updated'; job: JobSummary }
  | { type: 'job.finished'; job: JobSummary }
  | { type: 'job.page'; jobId: string; page: PageRecord };

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

export interface SettingsUpdate {
  chromiumPath?: string | null;
  llm?: { baseUrl?: string | null; model?: string | null; apiKey?: string };
  globalConcurrency?: number;
  perHostConcurrency?: number;
  perHostDelayMs?: number;
}

export interface LlmTestResult {
  ok: boolean;
  model?: string;
  error?: string;
}
