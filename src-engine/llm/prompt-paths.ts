/**
 * Reads which parts of a site a crawl prompt wants or refuses: explicit paths ("/docs", full URLs),
 * named sections ("the blog", "careers pages", "the blog and news sections"), file types ("PDFs"),
 * and "this section" (the start URL's own path). Each becomes a pathname regex for
 * `includePaths` or `excludePaths`.
 *
 * Polarity: words such as "exclude", "skip", "ignore", "avoid", "except", "without", "not", "no"
 * turn what follows into exclusions; "only", "just", "include", "but", "plus", "also" turn it back.
 * A comma ends an exclusion unless what follows is only more items of the same list.
 */

/** Path patterns read from a prompt, with whether one lies outside the start URL's section. */
export interface PromptPathRules {
  includePaths: string[];
  excludePaths: string[];
  /** An included section lies outside the start URL's path, so the crawl must range over the whole domain. */
  needsEntireDomain: boolean;
}

const EXCLUDE_CUE =
  /\b(?:exclude|excluding|except(?:\s+for)?|skip|skipping|ignore|ignoring|avoid|avoiding|without|never|other\s+than|apart\s+from|leave\s+out|leaving\s+out|omit|omitting|minus|not|no)\b(?!\s+(?:more|less|fewer|than|deeper|further|over|longer|delay|limit))/gi;
const INCLUDE_CUE = /\b(?:only|just|include|including|but|plus|also|as\s+well\s+as|focus(?:ing)?\s+on|limit(?:ed)?\s+to|restrict(?:ed)?\s+to)\b/gi;

const UNIT =
  '(?:sections?|pages?|posts?|articles?|areas?|folders?|director(?:y|ies)|subdirector(?:y|ies)|categor(?:y|ies)|parts?|paths?|urls?)';

const STOPWORDS = new Set(
  `a an the all any every each this that these those some page pages site sites website websites domain domains
  subdomain subdomains link links external internal outbound url urls query queries parameter parameters param params
  string strings sitemap sitemaps robots duplicate duplicates more less fewer than first last top main start starting
  home homepage front landing root index level levels deep depth click clicks hop hops delay wait second seconds
  english other others same similar whole entire full complete everything anything content contents it them its
  html my our their your of in on under from to and or crawl crawling scrape scraping follow following fetch get
  individual static dynamic web linked sub child parent sibling relevant useful important about section sections
  folder directory area part category categories post posts article articles too also only just max maximum limit
  up at most politely slowly gently new recent latest public own current remaining rest single same-domain
  except excluding exclude skip ignore avoid without not no never include including but plus
  nothing something there here be is are do does please want need between per each after before across over with
  for by many several various which what such different distinct unique separate multiple next previous older newer
  additional extra further deeper ms delay wait`.split(/\s+/),
);

const FILE_TYPES: Record<string, string> = {
  pdf: '\\.pdf$',
  pdfs: '\\.pdf$',
  image: '\\.(?:png|jpe?g|gif|webp|svg)$',
  images: '\\.(?:png|jpe?g|gif|webp|svg)$',
};

const DOC_WORDS = new Set(['doc', 'docs', 'documentation']);

interface Item {
  at: number;
  pattern: string;
  /** The literal path the pattern covers (for the start-section check); undefined for file types. */
  literal?: string;
}

const escapeRegex = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** The start URL's section: its pathname without a trailing slash or a file name; '' at the root. */
export function startSection(url: string): string {
  let pathname = '/';
  try {
    pathname = new URL(url).pathname;
  } catch {
    // An unparsable URL has no section.
  }
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length && /\.[a-z0-9]{1,5}$/i.test(segments[segments.length - 1]!)) segments.pop();
  return segments.length ? `/${segments.join('/')}` : '';
}

function patternForPath(raw: string): Item | undefined {
  const path = raw.replace(/[.,;:!?)'"]+$/, '');
  if (path === '/' || path === '') return undefined;
  if (path.includes('*')) {
    const literal = path.slice(0, path.indexOf('*')).replace(/\/+$/, '');
    return { at: 0, pattern: `^${path.split('*').map(escapeRegex).join('.*')}`, literal: literal || undefined };
  }
  const trimmed = path.replace(/\/+$/, '');
  if (/\.[a-z0-9]{1,5}$/i.test(trimmed)) return { at: 0, pattern: `^${escapeRegex(trimmed)}$`, literal: trimmed };
  return { at: 0, pattern: `^${escapeRegex(trimmed)}(?:/|$)`, literal: trimmed };
}

/** A section word as a pathname regex; a segment of the start URL's path keeps its place in that path. */
function patternForWord(word: string, section: string): Item | undefined {
  const lower = word.toLowerCase();
  if (FILE_TYPES[lower]) return { at: 0, pattern: FILE_TYPES[lower]! };
  if (STOPWORDS.has(lower) || /^\d/.test(lower) || lower.length < 2) return undefined;
  const segments = section.split('/').filter(Boolean);
  const inStart = segments.findIndex((s) => s.toLowerCase() === lower || (DOC_WORDS.has(lower) && DOC_WORDS.has(s.toLowerCase())));
  if (inStart !== -1) {
    const literal = `/${segments.slice(0, inStart + 1).join('/')}`;
    return { at: 0, pattern: `^${escapeRegex(literal)}(?:/|$)`, literal };
  }
  if (DOC_WORDS.has(lower)) return { at: 0, pattern: '^/(?:docs?|documentation)(?:/|$)', literal: '/docs' };
  const body = lower.length > 4 && lower.endsWith('s') && !lower.endsWith('ss') ? lower.slice(0, -1) : lower;
  const invariable = lower === 'news' || body.endsWith('s') || body.endsWith('ing');
  const tolerant = invariable ? escapeRegex(lower) : `${escapeRegex(body)}s?`;
  return { at: 0, pattern: `^/${tolerant}(?:/|$)`, literal: `/${body}` };
}

/** Every path-like item in one comma-separated segment, with its position. */
function itemsOf(segment: string, section: string): Item[] {
  const items: Item[] = [];
  const push = (item: Item | undefined, at: number) => {
    if (item && !items.some((i) => i.pattern === item.pattern)) items.push({ ...item, at });
  };
  let rest = segment;
  for (const m of segment.matchAll(/https?:\/\/[^\s,;]+/gi)) {
    try {
      push(patternForPath(new URL(m[0].replace(/[.,;:!?)'"]+$/, '')).pathname), m.index!);
    } catch {
      // Not a URL after all.
    }
    rest = rest.replace(m[0], ' '.repeat(m[0].length));
  }
  for (const m of rest.matchAll(/(?<![\w.:/])\/[\w\-.~%*/]+/g)) push(patternForPath(m[0]), m.index!);
  if (/\b(?:this|the\s+current|the\s+same)\s+(?:section|folder|directory|path|area|part)\b/i.test(rest) && section) {
    const at = rest.search(/\b(?:this|the\s+current|the\s+same)\s+(?:section|folder|directory|path|area|part)\b/i);
    push({ at, pattern: `^${escapeRegex(section)}(?:/|$)`, literal: section }, at);
  }
  const wordList = `((?:the\\s+)?[a-z][a-z0-9-]*(?:\\s*(?:,|&|and|or)\\s*(?:the\\s+)?[a-z][a-z0-9-]*)*)`;
  const beforeUnit = new RegExp(`${wordList}\\s+${UNIT}\\b`, 'gi');
  for (const m of rest.matchAll(beforeUnit)) {
    for (const word of m[1]!.split(/\s*(?:,|&|\band\b|\bor\b)\s*/i)) {
      const clean = word.replace(/^the\s+/i, '').trim();
      if (clean) push(patternForWord(clean, section), m.index! + m[0].indexOf(clean));
    }
  }
  const afterUnit = new RegExp(
    `\\b${UNIT}\\s+(?:of|in|from|under|within)\\s+${wordList}(?=\\s*(?:$|[.;!?]|\\b(?:sections?|areas?|folders?|director(?:y|ies)|but|except)\\b))`,
    'gi',
  );
  for (const m of rest.matchAll(afterUnit)) {
    for (const word of m[1]!.split(/\s*(?:,|&|\band\b|\bor\b)\s*/i)) {
      const clean = word.replace(/^the\s+/i, '').trim();
      if (clean && !/\s/.test(clean)) push(patternForWord(clean, section), m.index! + m[0].lastIndexOf(clean));
    }
  }
  const afterCue = new RegExp(
    `\\b(?:only|just|exclude|excluding|except(?:\\s+for)?|skip|ignore|avoid|without|not|no|other\\s+than|apart\\s+from|leave\\s+out|omit)\\s+(?:(?:crawl|scrape|visit|follow|index|fetch|touch|enter|include|go\\s+into)\\s+)?(?:the\\s+|any\\s+|all\\s+)?${wordList}\\s*(?=$|[.;!?]|\\bbut\\b|\\bexcept\\b)`,
    'gi',
  );
  for (const m of rest.matchAll(afterCue)) {
    for (const word of m[1]!.split(/\s*(?:,|&|\band\b|\bor\b)\s*/i)) {
      const clean = word.replace(/^the\s+/i, '').trim();
      if (clean && !/\s/.test(clean)) push(patternForWord(clean, section), m.index! + m[0].lastIndexOf(clean));
    }
  }
  return items.sort((a, b) => a.at - b.at);
}

/** Positions where the polarity changes inside a segment, in order. */
function polarityChanges(segment: string): { at: number; exclude: boolean }[] {
  const changes: { at: number; exclude: boolean }[] = [];
  for (const m of segment.matchAll(EXCLUDE_CUE)) changes.push({ at: m.index!, exclude: true });
  for (const m of segment.matchAll(INCLUDE_CUE)) {
    const before = segment.slice(Math.max(0, m.index! - 12), m.index!);
    if (!/\b(?:not|no|never)\s+$/i.test(before)) changes.push({ at: m.index!, exclude: false });
  }
  return changes.sort((a, b) => a.at - b.at);
}

/** A segment that only continues a list ("/b and /c", "the forum") keeps the previous polarity. */
function isListContinuation(segment: string, items: Item[]): boolean {
  if (items.length === 0) return false;
  const words = segment
    .replace(/https?:\/\/\S+|\/[\w\-.~%*/]+/g, ' ')
    .toLowerCase()
    .split(/[^a-z0-9-]+/)
    .filter(Boolean);
  return words.every((w) => STOPWORDS.has(w) || new RegExp(`^${UNIT}$`).test(w) || items.some((i) => i.pattern.includes(w.replace(/s$/, ''))));
}

/** Reads include and exclude path patterns from a crawl prompt (see the module comment for the rules). */
export function readPathRules(prompt: string, url: string): PromptPathRules {
  const section = startSection(url);
  const includePaths: string[] = [];
  const excludePaths: string[] = [];
  const literals: string[] = [];

  for (const sentence of prompt.split(/[;!?\n]|\.(?=\s|$)/)) {
    let exclude = false;
    for (const segment of sentence.split(',')) {
      const items = itemsOf(segment, section);
      const changes = polarityChanges(segment);
      if (!(changes.length === 0 && isListContinuation(segment, items))) exclude = false;
      for (const item of items) {
        const itemExclude = changes.filter((c) => c.at <= item.at).pop()?.exclude ?? exclude;
        const target = itemExclude ? excludePaths : includePaths;
        if (!target.includes(item.pattern)) target.push(item.pattern);
        if (!itemExclude && item.literal) literals.push(item.literal);
      }
      const last = changes.pop();
      if (last) exclude = last.exclude;
    }
  }
  const needsEntireDomain = section !== '' && literals.some((l) => l !== section && !l.startsWith(`${section}/`));
  return { includePaths, excludePaths: excludePaths.filter((p) => !includePaths.includes(p)), needsEntireDomain };
}
