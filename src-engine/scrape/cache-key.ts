import { createHash } from 'node:crypto';
import type { ScrapeOptions } from '../contracts/index.js';

/**
 * Whether a scrape may be answered from, and stored into, the cache (wire contract 5.2:
 * no cache with maxAge 0, waits, change tracking, custom headers, actions or stealth).
 */
export function cacheEligible(options: ScrapeOptions, zeroDataRetention: boolean): boolean {
  return (
    !zeroDataRetention &&
    options.maxAge !== 0 &&
    options.waitFor === 0 &&
    !options.formats.some((f) => f.type === 'changeTracking') &&
    options.headers === undefined &&
    (options.actions === undefined || options.actions.length === 0) &&
    options.proxy !== 'stealth'
  );
}

/** Every option that changes the produced document is part of the key; the URL's fragment is not. */
export function cacheKeyFor(url: string, options: ScrapeOptions): string {
  const target = new URL(url);
  target.hash = '';
  const relevant = {
    url: target.href,
    formats: [...options.formats].map((f) => JSON.stringify(f)).sort(),
    onlyMainContent: options.onlyMainContent,
    includeTags: options.includeTags ?? null,
    excludeTags: options.excludeTags ?? null,
    mobile: options.mobile,
    location: options.location ?? null,
    blockAds: options.blockAds,
    removeBase64Images: options.removeBase64Images,
    parsers: options.parsers ?? null,
    skipTlsVerification: options.skipTlsVerification,
  };
  return createHash('sha256').update(JSON.stringify(relevant)).digest('hex');
}
