import type { CrawlerOptionsFromPrompt } from '../contracts/crawl.js';
import { EngineError } from '../errors/engine-error.js';
import type { LlmClient } from './chat-client.js';
import { readCrawlerOptionsFromPrompt } from './prompt-to-crawler-options.js';
import { sanitizeCrawlerOptions } from './sanitize-crawler-options.js';

/** Longest prompt accepted, as on the public service. */
export const MAX_PROMPT_CHARS = 10_000;

/** The error text the public service gives when a prompt cannot be turned into options. */
export const PROMPT_FAILURE_MESSAGE =
  'Failed to process natural language prompt. Please try rephrasing or use explicit crawler options.';

/** The answer shape asked of the model (all optional: it returns only what the prompt implies). */
const CRAWLER_OPTIONS_SCHEMA = {
  type: 'object',
  properties: {
    includePaths: { type: 'array', items: { type: 'string' } },
    excludePaths: { type: 'array', items: { type: 'string' } },
    maxDepth: { type: 'integer', minimum: 0 },
    maxDiscoveryDepth: { type: 'integer', minimum: 0 },
    crawlEntireDomain: { type: 'boolean' },
    allowExternalLinks: { type: 'boolean' },
    allowSubdomains: { type: 'boolean' },
    sitemap: { type: 'string', enum: ['skip', 'include'] },
    ignoreQueryParameters: { type: 'boolean' },
    deduplicateSimilarURLs: { type: 'boolean' },
    delay: { type: 'number', minimum: 0 },
    limit: { type: 'integer', minimum: 1 },
  },
  additionalProperties: false,
};

const SYSTEM_PROMPT = `You turn a plain-language request into options for a web crawler. Return only the options the request implies; leave every other option out.

Options:
- includePaths: JavaScript regular expressions; only URLs whose pathname (starting with "/") matches one of them are crawled. Example: "^/blog(?:/|$)".
- excludePaths: JavaScript regular expressions; URLs whose pathname matches one of them are skipped. Example: "^/admin(?:/|$)".
- maxDepth: the largest number of path segments a URL may have.
- maxDiscoveryDepth: how many links away from the start page to go; the start page and sitemap pages are 0.
- crawlEntireDomain: true to also follow pages outside the start URL's path (parents and siblings).
- allowExternalLinks: true to follow links to other websites.
- allowSubdomains: true to follow links to subdomains of the start URL's domain.
- sitemap: "skip" to ignore the sitemap, "include" to use it.
- ignoreQueryParameters: true to treat URLs that differ only in their query string as one page.
- deduplicateSimilarURLs: false to keep near-duplicate URLs (www/non-www, trailing slash, index.html) apart.
- delay: seconds to wait between requests.
- limit: the largest number of pages to crawl.`;

function userMessage(prompt: string, url: string): string {
  let structure = '';
  try {
    const parsed = new URL(url);
    const segments = parsed.pathname.split('/').filter(Boolean);
    structure = `\nStart URL: ${parsed.href}\nIts host: ${parsed.host}\nIts path: ${parsed.pathname}${
      segments.length ? ` (segments: ${segments.join(', ')}; the crawl stays under this path unless crawlEntireDomain is true)` : ' (the site root)'
    }`;
  } catch {
    structure = `\nStart URL: ${url}`;
  }
  return `Generate crawler options for: ${prompt}${structure}`;
}

/**
 * Crawler options implied by a natural-language prompt (crawl `prompt`, params-preview). With a
 * model, the model proposes them (told the start URL and its path structure) and the answer is
 * sanitised; without one, the rule-based reader of common English phrasings answers. An empty
 * prompt yields `{}`; a prompt over 10,000 characters is a `BAD_REQUEST`; a model failure is an
 * `LLM_ERROR` (HTTP 400) with the public service's message and the cause in `details.reason`.
 */
export async function generateCrawlerOptions(input: {
  prompt: string;
  url: string;
  llm?: LlmClient;
  signal?: AbortSignal;
}): Promise<CrawlerOptionsFromPrompt> {
  const { prompt, url, llm, signal } = input;
  if (prompt.length > MAX_PROMPT_CHARS) {
    throw new EngineError('BAD_REQUEST', `prompt cannot exceed ${MAX_PROMPT_CHARS} characters`);
  }
  if (prompt.trim() === '') return {};
  if (!llm) return readCrawlerOptionsFromPrompt(prompt, url);
  try {
    const answer = await llm.completeJson({
      system: SYSTEM_PROMPT,
      user: userMessage(prompt, url),
      schema: CRAWLER_OPTIONS_SCHEMA,
      signal,
    });
    return sanitizeCrawlerOptions(answer);
  } catch (error) {
    if (signal?.aborted) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new EngineError('LLM_ERROR', PROMPT_FAILURE_MESSAGE, { status: 400, details: { reason }, cause: error });
  }
}
