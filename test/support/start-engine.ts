/**
 * Starts a real engine for a test: a fresh data folder, any free port on 127.0.0.1, a known key,
 * and a small HTTP client that talks to it (Bearer key added unless the test says otherwise).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as undiciRequest } from 'undici';
import { createEngine, type CreateEngineOptions, type Engine } from '../../src-engine/engine.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS' | 'HEAD';

export interface TestRequestOptions {
  /** A plain value is sent as JSON; a string or Buffer is sent as is (with no content-type unless given). */
  body?: unknown;
  /** Extra or replacing headers; `host` and `origin` may be set freely. */
  headers?: Record<string, string>;
  /** Send `Authorization: Bearer <key>` (default true; a given `authorization` header wins). */
  auth?: boolean;
  signal?: AbortSignal;
}

export interface TestResponse<T = any> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as text. */
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  body: T;
}

export interface TestEngine {
  engine: Engine;
  /** `http://127.0.0.1:<port>` */
  url: string;
  key: string;
  dataDir: string;
  request<T = any>(method: HttpMethod, path: string, options?: TestRequestOptions): Promise<TestResponse<T>>;
  /** Closes the engine and deletes its data folder (unless `keepDataDir` was asked for). */
  close(): Promise<void>;
}

export interface StartTestEngineOverrides extends Partial<CreateEngineOptions> {
  /** Keep the data folder after close (to reopen it, or inspect the store). */
  keepDataDir?: boolean;
}

/** Sends one HTTP request to `baseUrl + path` with full control of the headers (Host included). */
export async function sendRequest<T = any>(baseUrl: string, method: HttpMethod, path: string, options: TestRequestOptions & { key?: string } = {}): Promise<TestResponse<T>> {
  const headers: Record<string, string> = {};
  if (options.auth !== false && options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | Buffer | undefined;
  if (options.body !== undefined) {
    if (typeof options.body === 'string' || Buffer.isBuffer(options.body)) {
      body = options.body;
    } else {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
  const res = await undiciRequest(`${baseUrl}${path}`, { method, headers, body, signal: options.signal });
  const text = await res.body.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.statusCode, headers: res.headers, text, body: parsed as T };
}

/** Starts an engine on a free port with a fresh data folder; options may override anything. */
export async function startTestEngine(overrides: StartTestEngineOverrides = {}): Promise<TestEngine> {
  const { keepDataDir = false, ...options } = overrides;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'trawl-test-'));
  const engine = await createEngine({
    port: 0,
    apiKey: `test-key-${randomBytes(12).toString('hex')}`,
    logLevel: 'silent',
    ...options,
    dataDir,
  });
  let closed = false;
  return {
    engine,
    url: engine.url,
    get key() {
      return engine.apiKey;
    },
    dataDir,
    request: (method, path, requestOptions = {}) => sendRequest(engine.url, method, path, { ...requestOptions, key: engine.apiKey }),
    async close() {
      if (closed) return;
      closed = true;
      await engine.close();
      if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
