/**
 * What every fetcher (HTTP, browser) takes and returns. The scrape plan picks a fetcher by
 * its declared capabilities; the transform stages only ever see a `FetchResult`.
 */
import type { Action, Location, ScreenshotFormat } from '../contracts/index.js';

export type FetcherName = 'http' | 'browser';

/** What a fetcher can serve; the plan refuses a request no fetcher can serve (400). */
export interface FetcherCapabilities {
  javascript: boolean;
  screenshot: boolean;
  actions: boolean;
  mobile: boolean;
  pdf: boolean;
  waitFor: boolean;
}

export interface FetchRequest {
  url: string;
  /** Remaining time budget for this fetch, in milliseconds. */
  timeoutMs: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  skipTlsVerification: boolean;
  location?: Location;
  /** Upper bound on the response body, in bytes. */
  maxBytes: number;
  // Browser-only wishes; the HTTP fetcher ignores them (the plan never sends them there).
  waitFor?: number;
  mobile?: boolean;
  blockAds?: boolean;
  actions?: Action[];
  screenshot?: ScreenshotFormat;
  stealth?: boolean;
}

export interface ActionResults {
  screenshots: string[];
  scrapes: { url: string; html: string }[];
  javascriptReturns: { type: string; value: unknown }[];
  pdfs: string[];
}

export interface FetchResult {
  /** The final URL after redirects. */
  url: string;
  statusCode: number;
  /** Content-Type of the final response ('' when absent). */
  contentType: string;
  headers: Record<string, string>;
  /** Raw body bytes (kept for PDFs and binary content). */
  body: Buffer;
  /** Body decoded to text with the detected charset (HTML, JSON, text). */
  text: string;
  fetcher: FetcherName;
  screenshot?: string;
  actions?: ActionResults;
}

export interface Fetcher {
  readonly name: FetcherName;
  readonly capabilities: FetcherCapabilities;
  fetch(request: FetchRequest): Promise<FetchResult>;
}
