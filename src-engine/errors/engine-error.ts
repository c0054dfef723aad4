/**
 * The one error family of the engine. Every failure that can reach a client carries a
 * Firecrawl-compatible `code`, the HTTP status it maps to, and whether retrying can help.
 */
export type EngineErrorCode =
  | 'BAD_REQUEST'
  | 'BAD_REQUEST_INVALID_JSON'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'PAYLOAD_TOO_LARGE'
  | 'CONFLICT'
  | 'NOT_SUPPORTED'
  | 'BROWSER_UNAVAILABLE'
  | 'LLM_NOT_CONFIGURED'
  | 'LLM_ERROR'
  | 'SCRAPE_TIMEOUT'
  | 'MAP_TIMEOUT'
  | 'SCRAPE_SSL_ERROR'
  | 'SCRAPE_DNS_RESOLUTION_ERROR'
  | 'SCRAPE_CONNECTION_ERROR'
  | 'SCRAPE_SITE_ERROR'
  | 'SCRAPE_ALL_ENGINES_FAILED'
  | 'SCRAPE_UNSUPPORTED_FILE_ERROR'
  | 'SCRAPE_CONTENT_TOO_LARGE'
  | 'SCRAPE_PDF_INSUFFICIENT_TIME_ERROR'
  | 'SCRAPE_PDF_PREFETCH_FAILED'
  | 'SCRAPE_ACTION_ERROR'
  | 'SCRAPE_ZDR_VIOLATION_ERROR'
  | 'SCRAPE_RACED_REDIRECT_ERROR'
  | 'SCRAPE_ROBOTS_BLOCKED'
  | 'JOB_CANCELLED'
  | 'UNKNOWN_ERROR';

const STATUS_BY_CODE: Partial<Record<EngineErrorCode, number>> = {
  BAD_REQUEST: 400,
  BAD_REQUEST_INVALID_JSON: 400,
  NOT_SUPPORTED: 400,
  BROWSER_UNAVAILABLE: 400,
  LLM_NOT_CONFIGURED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  SCRAPE_TIMEOUT: 408,
  MAP_TIMEOUT: 408,
};

/** Codes whose failure is transient: a later attempt may succeed. */
const RETRYABLE: ReadonlySet<EngineErrorCode> = new Set<EngineErrorCode>([
  'SCRAPE_TIMEOUT',
  'SCRAPE_CONNECTION_ERROR',
  'SCRAPE_SITE_ERROR',
  'SCRAPE_ALL_ENGINES_FAILED',
]);

export interface EngineErrorOptions {
  status?: number;
  details?: unknown;
  retryable?: boolean;
  cause?: unknown;
}

export class EngineError extends Error {
  readonly code: EngineErrorCode;
  readonly status: number;
  readonly details?: unknown;
  readonly retryable: boolean;

  constructor(code: EngineErrorCode, message: string, options: EngineErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'EngineError';
    this.code = code;
    this.status = options.status ?? STATUS_BY_CODE[code] ?? 500;
    this.details = options.details;
    this.retryable = options.retryable ?? RETRYABLE.has(code);
  }

  /** The JSON envelope every API error uses: `{success:false, code, error, details?}`. */
  toBody(): { success: false; code: EngineErrorCode; error: string; details?: unknown } {
    const body: { success: false; code: EngineErrorCode; error: string; details?: unknown } = {
      success: false,
      code: this.code,
      error: this.message,
    };
    if (this.details !== undefined) body.details = this.details;
    return body;
  }
}

export function isEngineError(value: unknown): value is EngineError {
  return value instanceof EngineError;
}

/** Wraps anything thrown into an EngineError without leaking stack traces. */
export function toEngineError(value: unknown): EngineError {
  if (value instanceof EngineError) return value;
  const message = value instanceof Error ? value.message : String(value);
  return new EngineError('UNKNOWN_ERROR', `(Internal server error) - ${message}`, { cause: value });
}
