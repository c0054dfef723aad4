import { z } from 'zod';
import { crawlerOptionFields, type CrawlerOptionsFromPrompt } from '../contracts/crawl.js';

const CRAWLER_KEYS = Object.keys(crawlerOptionFields) as (keyof typeof crawlerOptionFields)[];
const crawlerOptionsSchema = z.object(crawlerOptionFields);

/** The result of merging prompt-generated crawler options into a crawl request body. */
export interface MergedPromptOptions {
  /** The request body with generated options filled in where the caller sent nothing; validate this. */
  merged: Record<string, unknown>;
  /** What the prompt produced, as echoed in the crawl start response. */
  promptGeneratedOptions: CrawlerOptionsFromPrompt;
  /** The crawler options the crawl will run with (schema defaults applied), as echoed in the response. */
  finalCrawlerOptions: Record<string, unknown>;
}

/**
 * Merges options generated from a crawl `prompt` into the raw request body (wire contract §8):
 * a generated option is used only when the caller did not send that key (absent, `undefined` or
 * `null`); anything the caller sent wins, even when it equals a default (`includePaths: []`).
 * Generated keys that are not crawl request fields (`maxDepth`) are echoed in
 * `promptGeneratedOptions` but never put into `merged`, whose schema is strict.
 * `finalCrawlerOptions` holds every crawler option field of `merged` with defaults applied (the raw
 * values when `merged` does not validate; validating it is the caller's job).
 */
export function mergePromptOptions(
  rawBody: Record<string, unknown>,
  generated: CrawlerOptionsFromPrompt,
): MergedPromptOptions {
  const promptGeneratedOptions = Object.fromEntries(
    Object.entries(generated).filter(([, value]) => value !== undefined && value !== null),
  ) as CrawlerOptionsFromPrompt;
  const merged: Record<string, unknown> = { ...rawBody };
  for (const [key, value] of Object.entries(promptGeneratedOptions)) {
    if (!(CRAWLER_KEYS as string[]).includes(key)) continue;
    if (rawBody[key] === undefined || rawBody[key] === null) merged[key] = value;
  }

  const crawlerPart = Object.fromEntries(
    CRAWLER_KEYS.filter((key) => merged[key] !== undefined && merged[key] !== null).map((key) => [key, merged[key]]),
  );
  const parsed = crawlerOptionsSchema.safeParse(crawlerPart);
  const finalCrawlerOptions = parsed.success
    ? (Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)) as Record<string, unknown>)
    : crawlerPart;
  return { merged, promptGeneratedOptions, finalCrawlerOptions };
}
