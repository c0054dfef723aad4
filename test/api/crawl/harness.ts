/**
 * Shared pieces of the crawl, batch and map API tests: an engine wired to the crawl fixture
 * site, raw HTTP helpers with the key, polling until a job ends, and a webhook receiver.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CreateEngineOptions, Engine } from '../../../src-engine/engine.js';
import { sendRequest, startTestEngine, type HttpMethod } from '../../support/start-engine.js';

export const API_KEY = 'test-key-0123456789abcdef';

export interface TestEngine {
  engine: Engine;
  url: string;
  /** HTTP call with the Bearer key to a path or an absolute URL (a `next` link); JSON body in, parsed body out. */
  call<T = any>(method: HttpMethod, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

/**
 * Starts an engine (port 0, silent, the test key) with the given overrides. A data folder the
 * test passes in is kept on close, so a second engine can reopen it.
 */
export async function startEngine(overrides: Partial<CreateEngineOptions> = {}): Promise<TestEngine> {
  const started = await startTestEngine({ apiKey: API_KEY, keepDataDir: overrides.dataDir !== undefined, ...overrides });
  const call = async (method: HttpMethod, path: string, body?: unknown, headers?: Record<string, string>) => {
    const absolute = /^https?:\/\//.test(path);
    const res = await sendRequest(absolute ? '' : started.url, method, path, { body, headers, key: API_KEY });
    return { status: res.status, body: res.body ?? res.text };
  };
  return { engine: started.engine, url: started.url, call, close: () => started.close() };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls a job's status until it leaves `scraping`, then returns every document (following `next`). */
export async function waitForJob(t: TestEngine, path: string, timeoutMs = 30_000): Promise<{ status: any; docs: any[] }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await t.call('GET', path);
    if (status !== 200) throw new Error(`status ${status}: ${JSON.stringify(body)}`);
    if (body.status !== 'scraping') {
      const docs = [...body.data];
      let next = body.next;
      while (next) {
        const page = await t.call('GET', next);
        docs.push(...page.body.data);
        next = page.body.next;
      }
      return { status: body, docs };
    }
    if (Date.now() > deadline) throw new Error(`job ${path} still scraping after ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** Starts a crawl over raw HTTP and waits for it; returns status, documents and sorted source URLs. */
export async function crawlAndWait(t: TestEngine, body: Record<string, unknown>, timeoutMs?: number) {
  const start = await t.call('POST', '/v2/crawl', body);
  if (start.status !== 200) throw new Error(`crawl start ${start.status}: ${JSON.stringify(start.body)}`);
  const { status, docs } = await waitForJob(t, `/v2/crawl/${start.body.id}`, timeoutMs);
  const sources = docs.map((d) => d.metadata.sourceURL as string).sort();
  return { id: start.body.id as string, status, docs, sources };
}

export interface ReceivedWebhook {
  headers: IncomingMessage['headers'];
  raw: string;
  body: any;
  at: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Answers the next `n` deliveries with HTTP 500 (counted, not recorded). */
  failNext(n: number): void;
  failedCount(): number;
  waitFor(predicate: (all: ReceivedWebhook[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 that records webhook deliveries. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let failures = 0;
  let failed = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (failures > 0) {
        failures -= 1;
        failed += 1;
        res.writeHead(500);
        res.end('try again');
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, raw, body: JSON.parse(raw), at: Date.now() });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    failNext(n) {
      failures = n;
    },
    failedCount: () => failed,
    async waitFor(predicate, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline)
          throw new Error(`webhook receiver: condition not met; got ${received.map((r) => r.body.type).join(', ')}`);
        await sleep(50);
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
