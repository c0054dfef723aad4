/**
 * Translates what Node and undici throw while reaching a site (DNS, TCP, TLS, proxy) into
 * the engine's typed errors, so clients see Firecrawl's codes and the retry policy can act.
 */
import { EngineError, isEngineError } from '../errors/engine-error.js';

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA']);
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ETIMEDOUT',
  'EADDRNOTAVAIL',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
]);
const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'HOSTNAME_MISMATCH',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** Maps a low-level failure while fetching `url` to an EngineError (EngineErrors pass through). */
export function toNetworkError(error: unknown, url: string): EngineError {
  if (isEngineError(error)) return error;
  const hostname = safeHostname(url);
  const code = findCode(error);
  const message = error instanceof Error ? error.message : String(error);

  if (code && DNS_CODES.has(code)) {
    return new EngineError(
      'SCRAPE_DNS_RESOLUTION_ERROR',
      `DNS resolution failed for hostname: ${hostname}. Check that the domain is correct and reachable.`,
      { cause: error, details: { hostname, code } },
    );
  }
  if (code && (TLS_CODES.has(code) || /^ERR_SSL_|^ERR_TLS_|CERT/.test(code))) {
    return new EngineError(
      'SCRAPE_SSL_ERROR',
      `An SSL error occurred while scraping the URL (${code}: ${message}). ` +
        'If you trust the site, set skipTlsVerification to true to scrape it anyway.',
      { cause: error, details: { hostname, code } },
    );
  }
  if (code && CONNECTION_CODES.has(code)) {
    return new EngineError('SCRAPE_CONNECTION_ERROR', `Could not connect to ${hostname} (${code}): ${message}`, {
      cause: error,
      details: { hostname, code },
    });
  }
  if (/proxy/i.test(message)) {
    return new EngineError('SCRAPE_CONNECTION_ERROR', `The proxy refused the request for ${url}: ${message}`, {
      cause: error,
    });
  }
  return new EngineError('SCRAPE_SITE_ERROR', `Fetching ${url} failed: ${code ? `${code}: ` : ''}${message}`, {
    cause: error,
  });
}

/** The first error code found on the error, its `cause` chain or its aggregated errors. */
function findCode(error: unknown, depth = 0): string | undefined {
  if (depth > 4 || typeof error !== 'object' || error === null) return undefined;
  const own = (error as { code?: unknown }).code;
  if (typeof own === 'string' && own !== 'UND_ERR_SOCKET') return own;
  const nested = [(error as { cause?: unknown }).cause, ...((error as { errors?: unknown[] }).errors ?? [])];
  for (const inner of nested) {
    const found = findCode(inner, depth + 1);
    if (found) return found;
  }
  return typeof own === 'string' ? own : undefined;
}

function safeHostname(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}
