/**
 * Translates what Chromium reports when a page cannot be loaded (`net::ERR_*`, Playwright
 * timeouts) into the engine's typed errors.
 */
import { EngineError, isEngineError } from '../errors/engine-error.js';

/** The EngineError for a failed browser navigation to `url`. */
export function navigationError(error: unknown, url: string): EngineError {
  if (isEngineError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  const netCode = /net::(ERR_[A-Z_]+)/.exec(message)?.[1];
  const hostname = safeHostname(url);
  if (netCode === 'ERR_NAME_NOT_RESOLVED' || netCode === 'ERR_NAME_RESOLUTION_FAILED') {
    return new EngineError(
      'SCRAPE_DNS_RESOLUTION_ERROR',
      `DNS resolution failed for hostname: ${hostname}. Check that the URL is spelled correctly.`,
      { cause: error },
    );
  }
  if (netCode && /^ERR_(CERT_|SSL_|BAD_SSL)/.test(netCode)) {
    return new EngineError(
      'SCRAPE_SSL_ERROR',
      `An SSL error occurred while scraping the URL (${netCode}). Set skipTlsVerification to true to scrape it anyway.`,
      { cause: error },
    );
  }
  if (
    netCode &&
    /^ERR_(CONNECTION_[A-Z_]+|EMPTY_RESPONSE|ADDRESS_UNREACHABLE|ADDRESS_INVALID|TUNNEL_CONNECTION_FAILED|PROXY_[A-Z_]+|SOCKS_[A-Z_]+|NETWORK_CHANGED|INTERNET_DISCONNECTED)$/.test(
      netCode,
    )
  ) {
    return new EngineError('SCRAPE_CONNECTION_ERROR', `Could not connect to ${hostname} (${netCode}).`, { cause: error });
  }
  if (netCode === 'ERR_TIMED_OUT' || /Timeout \d+ms exceeded/.test(message)) {
    return new EngineError('SCRAPE_TIMEOUT', `Scrape timed out while loading ${url}.`, { cause: error });
  }
  if (/Download is starting/.test(message)) {
    return new EngineError('SCRAPE_UNSUPPORTED_FILE_ERROR', 'Scrape resulted in unsupported file: a download.', {
      cause: error,
    });
  }
  return new EngineError(
    'SCRAPE_SITE_ERROR',
    `Specified URL is failing to load in the browser. Error code: ${netCode ?? firstLine(message)}`,
    { cause: error },
  );
}

function safeHostname(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

function firstLine(message: string): string {
  return message.split('\n')[0]?.slice(0, 200) ?? 'unknown';
}
