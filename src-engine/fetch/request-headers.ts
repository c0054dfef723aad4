/**
 * The request headers of a page fetch: browser-like defaults, Trawl's User-Agent, an
 * Accept-Language built from the requested location, then the caller's own headers, which
 * override ours whatever their letter case.
 */

/** What a browser sends for a top-level navigation. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
/** The encodings the body reader can decompress. */
const SUPPORTED_ENCODINGS = 'gzip, deflate, br';
/** Connection-level headers the HTTP client manages itself; caller values are dropped. */
const CONNECTION_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'expect',
]);

export interface RequestHeaderInput {
  userAgent: string;
  /** Caller headers; they win over every default (compared case-insensitively). */
  headers?: Record<string, string>;
  /** Preferred languages in order, e.g. `['de', 'en']`. */
  languages?: string[];
  /** Overrides the default browser-like Accept header (robots.txt, sitemaps). */
  accept?: string;
}

/** Builds the header set for one request, keys in lower case. */
export function buildRequestHeaders(input: RequestHeaderInput): Record<string, string> {
  const headers: Record<string, string> = {
    'user-agent': input.userAgent,
    accept: input.accept ?? BROWSER_ACCEPT,
    'accept-encoding': SUPPORTED_ENCODINGS,
  };
  const acceptLanguage = formatAcceptLanguage(input.languages);
  if (acceptLanguage) headers['accept-language'] = acceptLanguage;
  for (const [name, value] of Object.entries(input.headers ?? {})) {
    const key = name.toLowerCase();
    if (!CONNECTION_HEADERS.has(key)) headers[key] = value;
  }
  return headers;
}

/**
 * `['de', 'en', 'fr']` → `'de, en;q=0.9, fr;q=0.8'`; quality never drops below 0.1.
 * Returns undefined for an empty or missing list.
 */
export function formatAcceptLanguage(languages: string[] | undefined): string | undefined {
  const list = (languages ?? []).map((language) => language.trim()).filter((language) => language !== '');
  if (list.length === 0) return undefined;
  return list
    .map((language, index) => {
      if (index === 0) return language;
      const quality = Math.max(0.1, 1 - index / 10);
      return `${language};q=${quality.toFixed(1)}`;
    })
    .join(', ');
}
