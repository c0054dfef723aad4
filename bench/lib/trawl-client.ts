/**
 * The benchmark's client of Trawl's /v2 API, doing what a user's script does: start a crawl,
 * then follow `next` while it runs, receiving documents as they are stored.
 */

/** Least time between two status reads while a crawl runs (SDKs poll every 0.5–2 s). */
const POLL_INTERVAL_MS = 500;

export interface CrawlDocument {
  markdown?: string;
  metadata: { url?: string; sourceURL?: string; statusCode?: number; [key: string]: unknown };
}

export interface CrawlResult {
  status: string;
  documents: number;
  /** Characters of markdown received. */
  markdownChars: number;
  /** Milliseconds from the crawl request until the last document was received. */
  ms: number;
  /** Documents received by each elapsed millisecond mark (for windowed throughput). */
  arrivals: number[];
  /** Pages that failed, as the errors endpoint lists them. */
  errors: number;
}

export class TrawlClient {
  constructor(
    readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  async request<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
    const response = await fetch(path.startsWith('http') ? path : `${this.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 500)}`);
    return JSON.parse(text) as T;
  }

  /**
   * Crawls `url` and receives every document by following `next` while the crawl runs.
   * `onDocument` sees each document as it arrives (for checks that the output is real).
   */
  async crawl(request: Record<string, unknown>, onDocument?: (doc: CrawlDocument) => void): Promise<CrawlResult> {
    const started = performance.now();
    const { id } = await this.request<{ id: string }>('POST', '/v2/crawl', request);
    let next: string | undefined = `${this.baseUrl}/v2/crawl/${id}`;
    let documents = 0;
    let markdownChars = 0;
    let status = 'scraping';
    const arrivals: number[] = [];
    let lastRead = 0;
    while (next) {
      // Once the crawl has finished, the remaining documents are read without pause.
      const wait = status === 'scraping' ? lastRead + POLL_INTERVAL_MS - performance.now() : 0;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      lastRead = performance.now();
      const page: { status: string; data: CrawlDocument[]; next?: string } = await this.request('GET', next);
      status = page.status;
      const now = performance.now() - started;
      for (const doc of page.data) {
        documents++;
        markdownChars += doc.markdown?.length ?? 0;
        arrivals.push(now);
        onDocument?.(doc);
      }
      next = page.next;
    }
    const ms = performance.now() - started;
    const errors = await this.request<{ errors: unknown[] }>('GET', `/v2/crawl/${id}/errors`);
    return { status, documents, markdownChars, ms, arrivals, errors: errors.errors.length };
  }
}
