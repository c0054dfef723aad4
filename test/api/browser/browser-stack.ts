/**
 * What every browser API test starts once per file: the browser fixture site, one engine with
 * the machine's Chromium (found at its well-known path), and the official Firecrawl SDK pointed
 * at that engine, plus a raw POST for the cases where the exact HTTP status and body matter.
 */
import Firecrawl from '@mendable/firecrawl-js';
import { startBrowserSite, type BrowserSite, type LoggedRequest } from '../../fixtures/browser-site.js';
import { startTestEngine, type StartTestEngineOverrides, type TestEngine } from '../../support/start-engine.js';

export interface BrowserApiStack {
  site: BrowserSite;
  engine: TestEngine;
  /** The official SDK, as a user's script would construct it. */
  app: Firecrawl;
  /** `POST /v2/scrape` with `body` as JSON. */
  postScrape(body: unknown): Promise<{ status: number; body: any }>;
  /** The requests the site received since `mark` (an index into `site.requests`). */
  requestsSince(mark: number): LoggedRequest[];
  close(): Promise<void>;
}

export async function startBrowserApiStack(overrides: StartTestEngineOverrides = {}): Promise<BrowserApiStack> {
  const site = await startBrowserSite();
  const engine = await startTestEngine(overrides);
  const app = new Firecrawl({ apiKey: engine.key, apiUrl: engine.url });
  return {
    site,
    engine,
    app,
    async postScrape(body) {
      const response = await engine.request('POST', '/v2/scrape', { body });
      return { status: response.status, body: response.body };
    },
    requestsSince: (mark) => site.requests.slice(mark),
    async close() {
      await engine.close();
      await site.close();
    },
  };
}

/** True when a request was made by Chromium loading a document (it sends Fetch Metadata headers). */
export function isBrowserNavigation(request: LoggedRequest): boolean {
  return request.headers['sec-fetch-mode'] === 'navigate' && request.headers['sec-fetch-dest'] === 'document';
}
