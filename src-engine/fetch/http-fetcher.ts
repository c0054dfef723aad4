/**
 * The plain-HTTP fetcher: one GET with manual redirects, decompression, a byte ceiling and
 * one time budget over the whole exchange. No JavaScript, no screenshots; serves HTML,
 * JSON, text and PDF. Non-2xx pages are results, not errors; only failures to obtain a
 * response (DNS, TLS, connection, timeout, size) throw, as typed EngineErrors.
 */
import { request, type Dispatcher } from 'undici';
import { EngineError, isEngineError } from '../errors/engine-error.js';
import { decodeBody } from './charset.js';
import { HttpDispatchers, type HostResolver } from './http-dispatchers.js';
import { toNetworkError } from './network-error.js';
import { readBody } from './read-body.js';
import { buildRequestHeaders } from './request-headers.js';
import type { Fetcher, FetcherCapabilities, FetchRequest, FetchResult } from './types.js';

/** Redirect hops followed before giving up. */
export const MAX_REDIRECTS = 10;
/** Body ceiling of `fetchResource` when the caller sets none. */
const DEFAULT_RESOURCE_MAX_BYTES = 10 * 1024 * 1024;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that must not follow a redirect to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization', 'host'];

export interface HttpFetcherOptions {
  /** Sent when the request's headers set no User-Agent. */
  userAgent: string;
  /** Route every request through this proxy (`http://user:pass@host:port`). */
  proxyUrl?: string;
  /** Connect to this address instead of asking DNS (hermetic multi-host fixtures). */
  hostResolver?: HostResolver;
}

/** One GET as robots.txt, sitemap and page code need it. */
export interface ResourceRequest {
  /** Budget for the whole exchange: connect, headers, redirects and body. */
  timeoutMs: number;
  /** Body ceiling in bytes (default 10 MiB). */
  maxBytes?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Accept self-signed or expired certificates (default false). */
  skipTlsVerification?: boolean;
  /** Preferred languages for Accept-Language, most preferred first. */
  languages?: string[];
  /** Replaces the browser-like Accept header. */
  accept?: string;
}

/** The final response of a `fetchResource` call, after redirects and decompression. */
export interface FetchedResource {
  /** Final URL after redirects. */
  url: string;
  statusCode: number;
  /** Content-Type of the final response ('' when absent). */
  contentType: string;
  /** Response headers, lower-case names, repeated values joined with ', '. */
  headers: Record<string, string>;
  body: Buffer;
}

export class HttpFetcher implements Fetcher {
  readonly name = 'http' as const;
  readonly capabilities: FetcherCapabilities = {
    javascript: false,
    screenshot: false,
    actions: false,
    mobile: false,
    pdf: true,
    waitFor: false,
  };
  readonly #userAgent: string;
  readonly #dispatchers: HttpDispatchers;

  constructor(options: HttpFetcherOptions) {
    this.#userAgent = options.userAgent;
    this.#dispatchers = new HttpDispatchers({ proxyUrl: options.proxyUrl, hostResolver: options.hostResolver });
  }

  /** Fetches a page for the scrape pipeline; `text` is decoded with the detected charset. */
  async fetch(req: FetchRequest): Promise<FetchResult> {
    const resource = await this.fetchResource(req.url, {
      timeoutMs: req.timeoutMs,
      maxBytes: req.maxBytes,
      signal: req.signal,
      headers: req.headers,
      skipTlsVerification: req.skipTlsVerification,
      languages: req.location?.languages,
    });
    return { ...resource, text: decodeBody(resource.body, resource.contentType), fetcher: 'http' };
  }

  /**
   * GETs `url`, following redirects, within `options.timeoutMs`. Throws SCRAPE_TIMEOUT when
   * the budget runs out, the signal's reason (or JOB_CANCELLED) when aborted, and the
   * network error codes of `toNetworkError` otherwise. Reusable by robots.txt and sitemaps.
   */
  async fetchResource(url: string, options: ResourceRequest): Promise<FetchedResource> {
    const external = options.signal;
    if (external?.aborted) throw cancellation(external.reason);
    const controller = new AbortController();
    const stopped = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
    });
    const onExternalAbort = (): void => controller.abort(cancellation(external?.reason));
    external?.addEventListener('abort', onExternalAbort, { once: true });
    const timer = setTimeout(
      () => {
        controller.abort(
          new EngineError('SCRAPE_TIMEOUT', `Fetching ${url} timed out after ${options.timeoutMs}ms.`, {
            details: { timeoutMs: options.timeoutMs },
          }),
        );
      },
      clampDelay(options.timeoutMs),
    );
    const work = this.#follow(url, options, controller.signal);
    work.catch(() => undefined);
    stopped.catch(() => undefined);
    try {
      // Racing the abort guarantees the budget even if some phase ignores the signal.
      return await Promise.race([work, stopped]);
    } catch (error) {
      throw controller.signal.aborted ? controller.signal.reason : error;
    } finally {
      clearTimeout(timer);
      external?.removeEventListener('abort', onExternalAbort);
    }
  }

  /** Closes pooled connections; the fetcher must not be used afterwards. */
  close(): Promise<void> {
    return this.#dispatchers.close();
  }

  async #follow(url: string, options: ResourceRequest, signal: AbortSignal): Promise<FetchedResource> {
    const dispatcher = this.#dispatchers.forTls(!(options.skipTlsVerification ?? false));
    let headers = buildRequestHeaders({
      userAgent: this.#userAgent,
      headers: options.headers,
      languages: options.languages,
      accept: options.accept,
    });
    let current = parseHttpUrl(url);
    for (let hop = 0; ; hop++) {
      const response = await send(dispatcher, current.href, headers, signal);
      const next = redirectTarget(response, current);
      if (next) {
        await response.body.dump().catch(() => undefined);
        if (hop >= MAX_REDIRECTS) {
          throw new EngineError(
            'SCRAPE_SITE_ERROR',
            `Too many redirects (more than ${MAX_REDIRECTS}) starting at ${url}.`,
          );
        }
        if (next.origin !== current.origin) headers = withoutCredentials(headers);
        current = next;
        continue;
      }
      const responseHeaders = flattenHeaders(response.headers);
      let body: Buffer;
      try {
        body = await readBody(response.body, {
          url: current.href,
          maxBytes: options.maxBytes ?? DEFAULT_RESOURCE_MAX_BYTES,
          contentEncoding: responseHeaders['content-encoding'],
          contentLength: responseHeaders['content-length'],
        });
      } catch (error) {
        throw toNetworkError(error, current.href);
      }
      return {
        url: current.href,
        statusCode: response.statusCode,
        contentType: responseHeaders['content-type'] ?? '',
        headers: responseHeaders,
        body,
      };
    }
  }
}

async function send(
  dispatcher: Dispatcher,
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<Dispatcher.ResponseData> {
  try {
    return await request(url, { dispatcher, method: 'GET', headers, signal });
  } catch (error) {
    throw toNetworkError(error, url);
  }
}

/** The next URL when the response is a followable redirect to http(s), else undefined. */
function redirectTarget(response: Dispatcher.ResponseData, current: URL): URL | undefined {
  if (!REDIRECT_STATUSES.has(response.statusCode)) return undefined;
  const location = response.headers.location;
  const value = Array.isArray(location) ? location[0] : location;
  if (!value) return undefined;
  try {
    const next = new URL(value, current);
    return next.protocol === 'http:' || next.protocol === 'https:' ? next : undefined;
  } catch {
    return undefined;
  }
}

function parseHttpUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new EngineError('BAD_REQUEST', `Invalid URL: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new EngineError('BAD_REQUEST', `URL uses unsupported protocol: ${parsed.protocol}`);
  }
  return parsed;
}

function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  const copy = { ...headers };
  for (const name of CREDENTIAL_HEADERS) delete copy[name];
  return copy;
}

function flattenHeaders(headers: Dispatcher.ResponseData['headers']): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** setTimeout fires at once for delays past 2^31-1 ms; clamp so huge budgets stay huge. */
function clampDelay(ms: number): number {
  return Math.min(Math.max(0, ms), 2_147_483_647);
}

function cancellation(reason: unknown): EngineError {
  if (isEngineError(reason)) return reason;
  return new EngineError('JOB_CANCELLED', 'The request was cancelled before it finished.', { cause: reason });
}
