import { cleanDocument, type CleanHtmlOptions } from './clean-html.js';
import { extractLinksFromRoot } from './links.js';
import { extractMetadataFromDocument, type PageMetadata } from './metadata.js';
import { parseHtml } from './parse-html.js';

export interface TransformHtmlOptions extends CleanHtmlOptions {
  /** Produce the `links` format (from the cleaned HTML). */
  wantLinks?: boolean;
  /** Derive HTML metadata (from the raw page, before cleaning). */
  wantMetadata?: boolean;
}

export interface TransformedHtml {
  /** The `html` format; also the input of `markdown`. */
  cleanedHtml: string;
  /** Present when `wantMetadata` was set. */
  metadata?: PageMetadata;
  /** Present when `wantLinks` was set. */
  links?: string[];
}

/**
 * Runs the HTML stages of the scrape pipeline on one parse of the page: metadata from the raw
 * document, then cleaning, then links from the cleaned tree. Computes only what is asked.
 * Cleaned URLs are already absolute, so links resolve against the page URL.
 */
export function transformHtml(html: string, options: TransformHtmlOptions): TransformedHtml {
  const document = parseHtml(html);
  const result: TransformedHtml = { cleanedHtml: '' };
  if (options.wantMetadata) result.metadata = extractMetadataFromDocument(document, options.url);
  const body = cleanDocument(document, options);
  if (options.wantLinks) result.links = extractLinksFromRoot(body, options.url);
  result.cleanedHtml = body.innerHTML.trim();
  return result;
}
