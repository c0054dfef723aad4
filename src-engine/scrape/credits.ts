import type { ScrapeOptions } from '../contracts/index.js';

/**
 * Credits of one successful page (wire contract 7): 1, or 5 with a json format or
 * changeTracking json mode; PDFs parsed to markdown cost one per page; stealth +4; ZDR +1.
 */
export function creditsForPage(input: {
  options: ScrapeOptions;
  numPages?: number;
  pdfParsed: boolean;
  proxyUsed: 'basic' | 'stealth';
  zeroDataRetention: boolean;
}): number {
  const { options } = input;
  const usesJson = options.formats.some(
    (f) => f.type === 'json' || (f.type === 'changeTracking' && f.modes.includes('json')),
  );
  let credits = usesJson ? 5 : 1;
  if (input.pdfParsed && input.numPages !== undefined && input.numPages > 1) credits += input.numPages - 1;
  if (input.proxyUsed === 'stealth') credits += 4;
  if (input.zeroDataRetention) credits += 1;
  return credits;
}
