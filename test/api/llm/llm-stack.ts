/**
 * What every LLM API test starts once per file: the fixture website, optionally a scripted
 * OpenAI-compatible model server, one engine configured with it (or with no model at all), and
 * the official Firecrawl SDK pointed at that engine. The pages are served over plain HTTP; no
 * Chromium is involved.
 */
import Firecrawl from '@mendable/firecrawl-js';
import { startOpenAiServer, type OpenAiTestServer, type Script } from '../../fixtures/openai-server.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/site-server.js';
import { startTestEngine, type TestEngine, type TestResponse } from '../../support/start-engine.js';

export const MODEL_NAME = 'harbour-test-model';
export const MODEL_API_KEY = 'sk-test-harbour';

export interface LlmApiStack {
  site: FixtureSite;
  /** The model server, when the engine was given one. */
  model?: OpenAiTestServer;
  engine: TestEngine;
  app: Firecrawl;
  post(path: string, body: unknown): Promise<TestResponse>;
  close(): Promise<void>;
}

/** Starts the stack; with a `script` the engine's LLM setting points at a model server answering by it. */
export async function startLlmApiStack(script?: Script): Promise<LlmApiStack> {
  const site = await startFixtureSite();
  const model = script ? await startOpenAiServer(script) : undefined;
  const engine = await startTestEngine({
    chromiumPath: '/nonexistent',
    llm: model ? { baseUrl: model.baseUrl, model: MODEL_NAME, apiKey: MODEL_API_KEY } : undefined,
  });
  return {
    site,
    model,
    engine,
    app: new Firecrawl({ apiKey: engine.key, apiUrl: engine.url }),
    post: (path, body) => engine.request('POST', path, { body }),
    async close() {
      await engine.close();
      await model?.close();
      await site.close();
    },
  };
}

/** The system and last user message of a chat completion request the model server received. */
export function messagesOf(request: { body: any }): { system: string; user: string } {
  const messages = request.body.messages as { role: string; content: string }[];
  return {
    system: messages.find((m) => m.role === 'system')?.content ?? '',
    user: [...messages].reverse().find((m) => m.role === 'user')?.content ?? '',
  };
}

/** Polls a crawl through the SDK until it ends. */
export async function waitForCrawl(app: Firecrawl, id: string, timeoutMs = 30_000) {
  const started = Date.now();
  for (;;) {
    const status = await app.getCrawlStatus(id);
    if (['completed', 'failed', 'cancelled'].includes(status.status)) return status;
    if (Date.now() - started > timeoutMs) throw new Error(`crawl ${id} still ${status.status} after ${timeoutMs}ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
