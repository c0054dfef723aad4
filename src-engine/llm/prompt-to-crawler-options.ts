import type { CrawlerOptionsFromPrompt } from '../contracts/crawl.js';
import { NUMBER_SOURCE, parseWrittenNumber, toSeconds } from './prompt-numbers.js';
import { readPathRules } from './prompt-paths.js';

/**
 * The offline reader of crawl prompts: turns common English phrasings into crawler options and
 * returns only the options the prompt implies (an unrelated prompt yields `{}`).
 *
 * | Phrasing (examples)                                              | Option                               |
 * |------------------------------------------------------------------|--------------------------------------|
 * | "only /docs", "the blog and news sections", "skip careers pages" | `includePaths` / `excludePaths`      |
 * | "exclude PDFs", "this section"                                   | `excludePaths` / `includePaths`      |
 * | "the whole site", "entire domain", a section outside the start   | `crawlEntireDomain: true`            |
 * | "up to 50 pages", "max 200 pages", "limit 20", "first ten posts" | `limit`                              |
 * | "depth 2", "3 levels deep", "within two clicks", "only this page"| `maxDiscoveryDepth`                  |
 * | "include subdomains" / "no subdomains"                           | `allowSubdomains`                    |
 * | "follow external links" / "stay on the site"                     | `allowExternalLinks`                 |
 * | "skip the sitemap" / "use the sitemap"                           | `sitemap: 'skip' / 'include'`        |
 * | "ignore query parameters" / "keep query strings"                 | `ignoreQueryParameters`              |
 * | "wait 2 seconds between requests", "500 ms delay", "politely"    | `delay` (seconds; "politely" = 1)    |
 * | "keep duplicate URLs" / "deduplicate similar URLs"               | `deduplicateSimilarURLs`             |
 */
export function readCrawlerOptionsFromPrompt(prompt: string, url: string): CrawlerOptionsFromPrompt {
  const text = normalize(prompt);
  const options: CrawlerOptionsFromPrompt = {};

  const paths = readPathRules(text, url);
  if (paths.includePaths.length) options.includePaths = paths.includePaths;
  if (paths.excludePaths.length) options.excludePaths = paths.excludePaths;

  const entire = readEntireDomain(text);
  if (entire !== undefined) options.crawlEntireDomain = entire;
  else if (paths.needsEntireDomain) options.crawlEntireDomain = true;

  const depth = readDepth(text);
  if (depth !== undefined) options.maxDiscoveryDepth = depth;
  const limit = readLimit(text);
  if (limit !== undefined) options.limit = limit;
  const subdomains = readSubdomains(text);
  if (subdomains !== undefined) options.allowSubdomains = subdomains;
  const external = readExternalLinks(text);
  if (external !== undefined) options.allowExternalLinks = external;
  const sitemap = readSitemap(text);
  if (sitemap !== undefined) options.sitemap = sitemap;
  const query = readQueryParameters(text);
  if (query !== undefined) options.ignoreQueryParameters = query;
  const delay = readDelay(text);
  if (delay !== undefined) options.delay = delay;
  const dedupe = readDeduplicate(text);
  if (dedupe !== undefined) options.deduplicateSimilarURLs = dedupe;
  return options;
}

const NUM = `(${NUMBER_SOURCE})`;
const NEGATION = /\b(?:no|not|never|without|exclude|excluding|skip|ignore|ignoring|avoid|disable|disallow|except|forbid|stay\s+off)\b/;

/** Lower case, straight quotes, contractions spelled out ("don't" → "do not"), single spaces. */
function normalize(prompt: string): string {
  return prompt
    .replace(/[’‘]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\bdon'?t\b/gi, 'do not')
    .replace(/\bdoesn'?t\b/gi, 'does not')
    .replace(/\bwon'?t\b/gi, 'will not')
    .replace(/\bcan'?t\b|\bcannot\b/gi, 'can not')
    .replace(/\bshouldn'?t\b/gi, 'should not')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

const lower = (text: string) => text.toLowerCase();

/** The clause (between punctuation or "but") around a match. */
function clauseAround(text: string, index: number): string {
  const before = text.slice(0, index);
  const start = Math.max(before.search(/[^,;.!?]*$/), before.lastIndexOf(' but ') + 1);
  const endMatch = /[,;.!?]|\bbut\b/.exec(text.slice(index + 1));
  return text.slice(start, endMatch ? index + 1 + endMatch.index : text.length);
}

/** Whether one of the four words before a match, in the same clause, negates it. */
function negatedBefore(text: string, index: number): boolean {
  const clause = clauseAround(text, index);
  const clauseStart = text.lastIndexOf(clause, index);
  const words = text.slice(clauseStart, index).trim().split(/\s+/).slice(-4).join(' ');
  return NEGATION.test(words);
}

function readSubdomains(text: string): boolean | undefined {
  const t = lower(text);
  if (/\b(?:only|just)\s+(?:the\s+)?main\s+domain\b|\bmain\s+domain\s+only\b/.test(t)) return false;
  const match = /\bsub-?domains?\b/.exec(t);
  if (!match) return undefined;
  return !negatedBefore(t, match.index);
}

function readEntireDomain(text: string): boolean | undefined {
  const t = lower(text);
  if (
    /\b(?:entire|whole|full|complete)\s+(?:web\s*)?(?:site|website|domain)\b/.test(t) ||
    /\b(?:crawl|scrape|get|fetch|index)\s+everything\b|\beverything\s+on\s+(?:the|this)\s+(?:site|website|domain)\b/.test(t) ||
    /\ball\s+(?:pages\s+)?(?:of|on|across)\s+(?:the|this)\s+(?:site|website|domain)\b/.test(t) ||
    /\b(?:parent|sibling)\s+(?:pages|sections|paths)\b|\boutside\s+(?:this|the\s+start(?:ing)?)\s+(?:section|path|folder)\b/.test(t)
  ) {
    return true;
  }
  return undefined;
}

function readLimit(text: string): number | undefined {
  const t = lower(text);
  const unit = '(?:pages?|urls?|documents?|links|results|articles|posts|products|items|entries|docs)';
  const patterns = [
    new RegExp(`\\b(?:up\\s+to|at\\s+most|no\\s+more\\s+than|not\\s+more\\s+than|max(?:imum)?(?:\\s+of)?|limit(?:ed)?(?:\\s+(?:to|of|at))?|only|just|first|cap(?:ped)?(?:\\s+(?:at|to))?|under|less\\s+than|fewer\\s+than|stop\\s+after)\\s+${NUM}\\s+(?:[a-z-]+\\s+)?${unit}\\b`),
    new RegExp(`\\b(?:crawl|scrape|fetch|get|grab|collect|index|visit)\\s+${NUM}\\s+(?:[a-z-]+\\s+)?${unit}\\b`),
    new RegExp(`\\b${NUM}\\s+${unit}\\s+(?:max(?:imum)?|at\\s+most|or\\s+(?:less|fewer)|tops|limit)\\b`),
    new RegExp(`\\b(?:page\\s+)?limit(?:\\s+of|\\s*[:=])?\\s+${NUM}(?!\\s*(?:seconds?|s\\b|ms|levels?))`),
    new RegExp(`\\b(?:max(?:imum)?|at\\s+most|up\\s+to)\\s+(?:of\\s+)?${NUM}\\s+(?:[a-z-]+\\s+)?${unit}\\b`),
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(t);
    if (!match) continue;
    const value = parseWrittenNumber(match[1]!);
    if (value !== undefined && value >= 1 && Number.isInteger(value)) return value;
  }
  return undefined;
}

function readDepth(text: string): number | undefined {
  const t = lower(text);
  if (/\b(?:only|just)\s+(?:the\s+)?(?:start(?:ing)?\s+page|this\s+(?:one\s+)?page|the\s+(?:given|first)\s+page|homepage|home\s+page)\b|\bsingle\s+page\s+only\b|\bdo\s+not\s+follow\s+(?:any\s+)?links\b/.test(t)) {
    return 0;
  }
  const patterns = [
    new RegExp(`\\b(?:max(?:imum)?\\s+)?(?:discovery\\s+|crawl\\s+|link\\s+)?depth(?:\\s+of|\\s+is|\\s*[:=])?\\s+${NUM}\\b`),
    new RegExp(`\\b${NUM}[\\s-](?:levels?|clicks?|hops?|links?|steps?)\\s+(?:deep|away|down|from|in|of\\s+links|max)\\b`),
    new RegExp(`\\b(?:up\\s+to|at\\s+most|no\\s+more\\s+than|within|max(?:imum)?(?:\\s+of)?|only)\\s+${NUM}\\s+(?:levels?|clicks?|hops?)\\b`),
    new RegExp(`\\b${NUM}[\\s-]levels?\\s+(?:crawl|depth)\\b`),
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(t);
    if (!match) continue;
    const value = parseWrittenNumber(match[1]!);
    if (value !== undefined && Number.isInteger(value) && value >= 0) return value;
  }
  if (/\b(?:pages?|links?)\s+(?:directly\s+)?linked\s+(?:directly\s+)?from\s+(?:the\s+)?(?:start(?:ing)?\s+page|home\s*page|this\s+page|front\s+page)\b|\bshallow\b/.test(t)) {
    return 1;
  }
  return undefined;
}

function readExternalLinks(text: string): boolean | undefined {
  const t = lower(text);
  if (/\bstay\s+(?:on|within|inside)\s+(?:the\s+|this\s+)?(?:same\s+)?(?:site|website|domain)\b|\binternal\s+links\s+only\b|\bonly\s+internal\s+links\b/.test(t)) {
    return false;
  }
  const match = /\b(?:external|outbound|outgoing|off-?site|third-party)\s+(?:links?|sites?|websites?|domains?|pages?|urls?)\b|\bother\s+(?:domains|sites|websites)\b|\blinks?\s+to\s+other\s+(?:domains|sites|websites)\b/.exec(t);
  if (!match) return undefined;
  return !negatedBefore(t, match.index);
}

function readSitemap(text: string): 'skip' | 'include' | undefined {
  const t = lower(text);
  const match = /\bsite\s?maps?\b|\bsitemap\.xml\b/.exec(t);
  if (!match) return undefined;
  const clause = clauseAround(t, match.index);
  if (/\b(?:skip|ignore|ignoring|without|no|not|never|bypass|disable|avoid)\b/.test(clause)) return 'skip';
  return 'include';
}

function readQueryParameters(text: string): boolean | undefined {
  const t = lower(text);
  const match = /\b(?:query\s+(?:parameters?|params?|strings?)|url\s+(?:parameters?|params?)|tracking\s+(?:parameters?|params?)|utm\s+(?:parameters?|params?|tags?)|query\s*strings?)\b/.exec(t);
  if (!match) return undefined;
  const clause = clauseAround(t, match.index);
  const ignoreCue = /\b(?:ignore|ignoring|strip|stripping|drop|dropping|remove|removing|without|disregard|collapse|same\s+page)\b/.test(clause);
  const negated = /\b(?:do\s+not|never|not)\s+(?:ignore|strip|drop|remove|disregard|collapse)\b/.test(clause);
  if (ignoreCue && !negated) return true;
  if (negated || /\b(?:keep|keeping|include|including|respect|preserve|distinct|separate|different)\b/.test(clause)) return false;
  return undefined;
}

function readDelay(text: string): number | undefined {
  const t = lower(text);
  const unit = '(milliseconds?|ms|seconds?|secs?|s|minutes?|mins?)';
  const patterns = [
    new RegExp(`\\b(?:delay|wait|pause|sleep|interval|gap)(?:\\s+(?:of|for|between\\s+(?:each\\s+)?(?:requests?|pages?)\\s+(?:of|for)?))?\\s+(?:at\\s+least\\s+|about\\s+)?${NUM}\\s*-?\\s*${unit}?\\b`),
    new RegExp(`\\b${NUM}\\s*-?\\s*${unit}\\s+(?:delay|pause|wait|gap|interval|between|apart)\\b`),
    new RegExp(`\\b(?:one\\s+|a\\s+)?(?:request|page)\\s+(?:every|per)\\s+${NUM}\\s*${unit}\\b`),
    new RegExp(`\\bevery\\s+${NUM}\\s*${unit}\\b`),
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(t);
    if (!match) continue;
    const amount = parseWrittenNumber(match[1]!);
    if (amount === undefined || amount <= 0) continue;
    return Math.min(60, Math.round(toSeconds(amount, match[2]) * 1000) / 1000);
  }
  if (/\b(?:every|per)\s+(?:a\s+)?second\b/.test(t)) return 1;
  if (/\b(?:slowly|politely|gently|be\s+(?:polite|gentle|nice)|do\s+not\s+(?:overload|hammer|flood)|throttle)\b/.test(t)) return 1;
  return undefined;
}

function readDeduplicate(text: string): boolean | undefined {
  const t = lower(text);
  if (/\b(?:do\s+not|no|without|disable|turn\s+off|skip)\s+(?:de-?dup(?:e|licat(?:e|ion|ing))?)\b|\bkeep\s+(?:all\s+)?(?:the\s+)?duplicates?\b|\binclude\s+duplicates?\b/.test(t)) {
    return false;
  }
  if (/\bde-?dup(?:e|licate)\b|\bremove\s+duplicates?\b|\bskip\s+duplicates?\b/.test(t)) return true;
  return undefined;
}
