import { createCrawlScope, type CrawlScopeOptions, type DenialReason } from '../../../src-engine/crawl/scope.js';

/** The start URL the scope tests crawl from. */
export const START = 'https://site.test/';

/** A scope with every option at its default, plus the overrides. */
export function scopeOf(overrides: Partial<CrawlScopeOptions> = {}) {
  return createCrawlScope({
    startUrl: START,
    includePaths: [],
    excludePaths: [],
    regexOnFullURL: false,
    crawlEntireDomain: false,
    allowSubdomains: false,
    allowExternalLinks: false,
    ...overrides,
  });
}

/** Verdicts for links found on `fromUrl` (the start URL unless given) at `fromDepth` (0 unless given). */
export function judge(
  overrides: Partial<CrawlScopeOptions>,
  links: string[],
  fromUrl = overrides.startUrl ?? START,
  fromDepth = 0,
): Record<string, 'allowed' | DenialReason> {
  const scope = scopeOf(overrides);
  return Object.fromEntries(
    links.map((link) => {
      const decision = scope.check(link, { fromUrl, fromDepth });
      return [link, decision.allowed ? 'allowed' : decision.reason];
    }),
  );
}
