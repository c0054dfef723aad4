import type { CrawlerOptionsFromPrompt } from '../contracts/crawl.js';

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

function patterns(value: unknown): string[] | undefined {
  if (typeof value === 'string') value = [value];
  if (!Array.isArray(value)) return undefined;
  const list = value.filter((p): p is string => typeof p === 'string' && p.trim() !== '' && compiles(p));
  return list.length ? list : undefined;
}

function wholeNumber(value: unknown, min: number): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= min ? Math.floor(n) : undefined;
}

function flag(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

/**
 * Keeps only well-formed crawler options from a model's answer: known keys with the right types,
 * path patterns that JavaScript can compile (others are dropped), whole numbers for depths and
 * `limit`, a `delay` between 0 and 60 seconds, `sitemap` of "skip" or "include". Empty lists and
 * nulls are dropped, so the result holds only options the prompt actually implied.
 */
export function sanitizeCrawlerOptions(raw: unknown): CrawlerOptionsFromPrompt {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const source = raw as Record<string, unknown>;
  const out: CrawlerOptionsFromPrompt = {};
  const include = patterns(source.includePaths);
  if (include) out.includePaths = include;
  const exclude = patterns(source.excludePaths);
  if (exclude) out.excludePaths = exclude;
  const maxDepth = wholeNumber(source.maxDepth, 0);
  if (maxDepth !== undefined) out.maxDepth = maxDepth;
  const maxDiscoveryDepth = wholeNumber(source.maxDiscoveryDepth, 0);
  if (maxDiscoveryDepth !== undefined) out.maxDiscoveryDepth = maxDiscoveryDepth;
  const limit = wholeNumber(source.limit, 1);
  if (limit !== undefined) out.limit = limit;
  for (const key of ['crawlEntireDomain', 'allowExternalLinks', 'allowSubdomains', 'ignoreQueryParameters', 'deduplicateSimilarURLs'] as const) {
    const value = flag(source[key]);
    if (value !== undefined) out[key] = value;
  }
  if (source.sitemap === 'skip' || source.sitemap === 'include') out.sitemap = source.sitemap;
  const delay = typeof source.delay === 'string' ? Number(source.delay) : source.delay;
  if (typeof delay === 'number' && Number.isFinite(delay) && delay > 0) out.delay = Math.min(60, delay);
  return out;
}
