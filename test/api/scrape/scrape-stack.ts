/**
 * What every scrape API test starts once per file: the fixture website, an engine on a fresh
 * data directory, and the official Firecrawl SDK pointed at that engine, plus a raw POST for
 * the cases where the exact HTTP status and error body matter.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Firecrawl from '@mendable/firecrawl-js';
import { createEngine, type CreateEngineOptions, type Engine } from '../../../src-engine/engine.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/site-server.js';

export const TEST_API_KEY = 'test-key-0123456789abcdef';

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
 * Starts the site and an engine. Without a `chromiumPath` the engine is told to use one
 * that does not exist, so scrapes always take the plain-HTTP path and never depend on a
 * browser being installed.
 */
export async function startScrapeStack(options: Partial<CreateEngineOptions> = {}): Promise<ScrapeStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trawl-scrape-'));
  const site = await startFixtureSite();
  const engine = await createEngine({
    dataDir,
    port: 0,
    apiKey: TEST_API_KEY,
    logLevel: 'silent',
    chromiumPath: '/nonexistent/chromium',
    ...options,
  });
  const app = new Firecrawl({ apiKey: engine.apiKey, apiUrl: engine.url });
  return {
    site,
    engine,
    app,
    dataDir,
    async postScrape(body) {
      const response = await fetch(`${engine.url}/v2/scrape`, {
        method: 'POST',
        headers: { authorization: `Bearer ${engine.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    async close() {
      await engine.close();
      await site.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The error an SDK call rejected with (fails the test when the call succeeded). */
export async function sdkError(call: Promise<unknown>): Promise<{ status?: number; code?: string; message: string; details?: unknown }> {
  try {
    await call;
  } catch (error) {
    return error as { status?: number; code?: string; message: string; details?: unknown };
  }
  throw new Error('expected the SDK call to fail, but it succeeded');
}
