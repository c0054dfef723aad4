/**
 * What every scrape API test starts once per file: the fixture website, an engine on a fresh
 * data directory, and the official Firecrawl SDK pointed at that engine, plus a raw POST for
 * the cases where the exact HTTP status and error body matter.
 */
import Firecrawl from '@mendable/firecrawl-js';
import type { Engine } from '../../../src-engine/engine.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/site-server.js';
import { startTestEngine, type StartTestEngineOverrides } from '../../support/start-engine.js';

export interface ScrapeStack {
  site: FixtureSite;
  engine: Engine;
  /** The official SDK, as a user's script would construct it. */
  app: Firecrawl;
  dataDir: string;
  /** `POST /v2/scrape` with `body` as JSON; resolves with the HTTP status and the parsed body. */
  postScrape(body: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

/**
 * Starts the site and an engine. Unless a test names another, the engine is given a Chromium
 * path that does not exist, so scrapes always take the plain-HTTP path and never depend on a
 * browser being installed.
 */
export async function startScrapeStack(options: StartTestEngineOverrides = {}): Promise<ScrapeStack> {
  const site = await startFixtureSite();
  const testEngine = await startTestEngine({ chromiumPath: '/nonexistent/chromium', ...options });
  const app = new Firecrawl({ apiKey: testEngine.key, apiUrl: testEngine.url });
  return {
    site,
    engine: testEngine.engine,
    app,
    dataDir: testEngine.dataDir,
    async postScrape(body) {
      const response = await testEngine.request<Record<string, unknown>>('POST', '/v2/scrape', { body });
      return { status: response.status, body: response.body };
    },
    async close() {
      await testEngine.close();
      await site.close();
    },
  };
}
