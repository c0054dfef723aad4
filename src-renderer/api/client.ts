import type { JobErrorsResponse, JobStatusResponse, ScrapedDocument } from '../../src-engine/contracts/index';
import { ApiError, issuesFromDetails } from './api-error';
import type { Connection } from './connection';
import type { EngineSettings, JobKind, JobSummary, LlmTestResult, PageRecord, SettingsUpdate } from './types';

/** Crawler options a prompt produced (params-preview `data`). */
export type PreviewedCrawlOptions = Record<string, unknown> & { url?: string };

/**
 * A typed client of the engine's /v2 API, the same API scripts use. Every call carries the
 * Bearer key; non-2xx answers become an {@link ApiError} with the engine's field issues.
 */
export class TrawlClient {
  constructor(readonly connection: Connection) {}

  /** Address of the live-event stream. */
  get eventsUrl(): string {
    return `${this.connection.apiBase}/v2/events`;
  }

  private async request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.connection.apiBase}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${this.connection.apiKey}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        cache: 'no-store',
      });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ApiError(0, `The engine at ${this.connection.apiBase} cannot be reached.`, 'NETWORK_ERROR');
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = undefined;
    }
    const payload = (json ?? {}) as { success?: boolean; error?: string; code?: string; details?: unknown };
    if (!response.ok || payload.success === false) {
      const message = payload.error ?? (text.slice(0, 200) || `HTTP ${response.status}`);
      throw new ApiError(response.status, message, payload.code, issuesFromDetails(payload.details));
    }
    return json as T;
  }

  /** Checks the key: resolves when the engine accepts it. */
  async verify(): Promise<void> {
    await this.request('GET', '/v2/jobs');
  }

  /** Scrapes one URL and returns its document. */
  async scrape(body: Record<string, unknown>, signal?: AbortSignal): Promise<ScrapedDocument> {
    const res = await this.request<{ data: ScrapedDocument }>('POST', '/v2/scrape', body, signal);
    return res.data;
  }

  /** Starts a batch scrape job. */
  startBatch(body: Record<string, unknown>): Promise<{ id: string; url: string; invalidURLs?: string[] | null }> {
    return this.request('POST', '/v2/batch/scrape', body);
  }

  /** Starts a crawl job. */
  startCrawl(body: Record<string, unknown>): Promise<{ id: string; url: string }> {
    return this.request('POST', '/v2/crawl', body);
  }

  /** Crawler options that a natural-language prompt would produce. */
  async previewCrawlParams(url: string, prompt: string): Promise<PreviewedCrawlOptions> {
    const res = await this.request<{ data: PreviewedCrawlOptions }>('POST', '/v2/crawl/params-preview', { url, prompt });
    return res.data;
  }

  private jobPath(kind: JobKind, id: string): string {
    return kind === 'crawl' ? `/v2/crawl/${encodeURIComponent(id)}` : `/v2/batch/scrape/${encodeURIComponent(id)}`;
  }

  /** One chunk of a job's status and documents. */
  jobStatus(kind: JobKind, id: string, skip = 0, limit = 100): Promise<JobStatusResponse> {
    return this.request('GET', `${this.jobPath(kind, id)}?skip=${skip}&limit=${limit}`);
  }

  /** Reads every document of a job, chunk by chunk, handing each chunk over as it arrives. */
  async readJobDocuments(
    kind: JobKind,
    id: string,
    onChunk: (docs: ScrapedDocument[]) => void | Promise<void>,
    chunkSize = 100,
  ): Promise<void> {
    for (let skip = 0; ; ) {
      const res = await this.jobStatus(kind, id, skip, chunkSize);
      const docs = res.data ?? [];
      if (docs.length > 0) await onChunk(docs);
      skip += docs.length;
      if (docs.length === 0 || !res.next) return;
    }
  }

  /** Failed URLs and robots-blocked URLs of a job. */
  jobErrors(kind: JobKind, id: string): Promise<JobErrorsResponse> {
    return this.request('GET', `${this.jobPath(kind, id)}/errors`);
  }

  /** Cancels a running job. */
  async cancelJob(kind: JobKind, id: string): Promise<void> {
    await this.request('DELETE', this.jobPath(kind, id));
  }

  /** Every job of this engine, newest first. */
  async listJobs(): Promise<JobSummary[]> {
    const res = await this.request<{ jobs: JobSummary[] }>('GET', '/v2/jobs');
    return res.jobs;
  }

  /** A slice of a job's URLs in discovery order. */
  jobPages(id: string, skip = 0, limit = 500): Promise<{ total: number; pages: PageRecord[] }> {
    return this.request('GET', `/v2/jobs/${encodeURIComponent(id)}/pages?skip=${skip}&limit=${limit}`);
  }

  /** The engine's settings. */
  async getSettings(): Promise<EngineSettings> {
    return (await this.request<{ settings: EngineSettings }>('GET', '/v2/settings')).settings;
  }

  /** Saves part of the settings and returns them all. */
  async updateSettings(update: SettingsUpdate): Promise<EngineSettings> {
    return (await this.request<{ settings: EngineSettings }>('PUT', '/v2/settings', update)).settings;
  }

  /** Issues a new API key; the old one stops working at once. */
  async rotateApiKey(): Promise<string> {
    return (await this.request<{ apiKey: string }>('POST', '/v2/settings/rotate-key')).apiKey;
  }

  /** Issues a new webhook signing secret. */
  async rotateWebhookSecret(): Promise<string> {
    return (await this.request<{ webhookSecret: string }>('POST', '/v2/settings/rotate-webhook-secret')).webhookSecret;
  }

  /** Asks the configured LLM provider for a short answer. */
  testLlm(): Promise<LlmTestResult> {
    return this.request('POST', '/v2/settings/llm-test');
  }
}

/** Finds the document of one URL among a job's results (reads chunk by chunk until found). */
export async function findJobDocument(client: TrawlClient, kind: JobKind, id: string, url: string): Promise<ScrapedDocument | null> {
  let found: ScrapedDocument | null = null;
  for (let skip = 0; !found; ) {
    const res = await client.jobStatus(kind, id, skip, 100);
    const docs = res.data ?? [];
    found = docs.find((d) => d.metadata?.sourceURL === url || d.metadata?.url === url) ?? null;
    skip += docs.length;
    if (docs.length === 0 || !res.next) break;
  }
  return found;
}
