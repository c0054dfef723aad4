/** The scraped page document of the /v2 wire (§5 of the wire contract). */
export interface DocumentMetadata {
  title?: string;
  description?: string;
  language?: string;
  sourceURL: string;
  url?: string;
  statusCode: number;
  contentType?: string;
  error?: string;
  scrapeId?: string;
  creditsUsed?: number;
  proxyUsed?: 'basic' | 'stealth';
  cacheState?: 'hit' | 'miss';
  cachedAt?: string;
  numPages?: number;
  [key: string]: unknown;
}

export interface ChangeTrackingResult {
  previousScrapeAt: string | null;
  changeStatus: 'new' | 'same' | 'changed' | 'removed';
  visibility: 'visible' | 'hidden';
  diff?: {
    text: string;
    json: {
      files: {
        from: string | null;
        to: string | null;
        chunks: {
          content: string;
          changes: { type: 'add' | 'del' | 'normal'; normal?: boolean; ln?: number; ln1?: number; ln2?: number; content: string }[];
        }[];
      }[];
    };
  };
  json?: unknown;
}

export interface ScrapedDocument {
  markdown?: string;
  summary?: string;
  html?: string;
  rawHtml?: string;
  screenshot?: string;
  links?: string[];
  json?: unknown;
  changeTracking?: ChangeTrackingResult;
  actions?: {
    screenshots?: string[];
    scrapes?: { url: string; html: string }[];
    javascriptReturns?: { type: string; value: unknown }[];
    pdfs?: string[];
  };
  warning?: string;
  metadata: DocumentMetadata;
}

export type JobKind = 'crawl' | 'batch';
export type JobStatus = 'scraping' | 'completed' | 'failed' | 'cancelled';

export interface JobStatusResponse {
  success: true;
  status: JobStatus;
  total: number;
  completed: number;
  creditsUsed: number;
  expiresAt: string;
  next?: string;
  data: ScrapedDocument[];
  warning?: string;
}

export interface JobErrorEntry {
  id: string;
  timestamp?: string;
  url: string;
  code?: string;
  error: string;
}

export interface JobErrorsResponse {
  success: true;
  errors: JobErrorEntry[];
  robotsBlocked: string[];
}

export type WebhookEventType =
  | `${'crawl' | 'batch_scrape'}.${'started' | 'page' | 'completed' | 'failed' | 'cancelled'}`;

export interface WebhookPayload {
  success: boolean;
  type: WebhookEventType;
  id: string;
  data: ScrapedDocument[];
  metadata: Record<string, unknown>;
  error: string | null;
  webhookId: string;
}

export interface ErrorBody {
  success: false;
  code?: string;
  error: string;
  details?: unknown;
}
