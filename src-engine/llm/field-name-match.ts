/**
 * Scores how well a schema property name (`publishedDate`, `price`, `authorName`) names a piece of
 * page data (`datePublished`, `offers.price`, `author.name`, `og:title`, a table label "Price").
 * Names are compared as word sets: camelCase, snake_case, kebab-case, dots and colons split words,
 * case and a plural "s" are ignored, and vocabulary prefixes (`og:`, `twitter:`, `article:`…) drop out.
 */

const VOCABULARY_PREFIXES = new Set(['og', 'twitter', 'article', 'product', 'book', 'profile', 'dc', 'dcterms', 'itemprop', 'schema']);

/** Words that name the same thing on web pages; each group is matched as a whole. */
const SYNONYM_GROUPS: readonly string[][] = [
  ['name', 'title', 'headline', 'productname'],
  ['description', 'summary', 'abstract', 'excerpt', 'subtitle'],
  ['image', 'imageurl', 'photo', 'picture', 'thumbnail', 'thumbnailurl', 'mainimage'],
  ['price', 'cost', 'priceamount', 'amount', 'lowprice'],
  ['currency', 'pricecurrency'],
  ['author', 'creator', 'byline', 'writer', 'authorname'],
  ['datepublished', 'publishdate', 'publisheddate', 'published', 'publishedtime', 'pubdate', 'publishedat', 'releasedate'],
  ['datemodified', 'modifieddate', 'modifiedtime', 'updated', 'updatedtime', 'updatedat', 'lastmodified'],
  ['url', 'link', 'canonical', 'website', 'href', 'homepage'],
  ['brand', 'manufacturer', 'make'],
  ['rating', 'ratingvalue', 'averagerating', 'stars', 'score'],
  ['reviewcount', 'ratingcount', 'numberofreviews', 'reviews'],
  ['ingredient', 'recipeingredient'],
  ['instruction', 'recipeinstruction', 'step', 'direction', 'method'],
  ['servings', 'recipeyield', 'yield', 'serves'],
  ['category', 'articlesection', 'section', 'genre', 'recipecategory'],
  ['cuisine', 'recipecuisine'],
  ['keyword', 'tag'],
  ['startdate', 'start', 'begin', 'startsat', 'starttime'],
  ['enddate', 'end', 'endsat', 'endtime'],
  ['location', 'venue', 'place'],
  ['organizer', 'host', 'organiser'],
  ['telephone', 'phone', 'phonenumber', 'tel'],
  ['email', 'emailaddress', 'mail'],
  ['address', 'postaladdress', 'fulladdress'],
  ['foundingdate', 'founded', 'foundedyear', 'yearfounded', 'established'],
  ['founder', 'foundedby'],
  ['numberofemployee', 'employee', 'employeecount', 'staff'],
  ['sku', 'productid', 'itemnumber', 'partnumber'],
  ['language', 'inlanguage', 'locale', 'lang'],
  ['sitename', 'publisher', 'site'],
  ['availability', 'stockstatus', 'stock', 'instock', 'available'],
  ['city', 'addresslocality', 'locality', 'town'],
  ['street', 'streetaddress'],
  ['postalcode', 'zip', 'zipcode', 'postcode'],
  ['country', 'addresscountry'],
  ['region', 'addressregion', 'state', 'province'],
  ['duration', 'length', 'runtime'],
  ['wordcount', 'words'],
];

const GROUP_OF = new Map<string, number>();

/** The words of a name: split on case changes and punctuation, lower-cased, plural "s" removed. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w && w !== 'at' && !w.startsWith('@'))
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

SYNONYM_GROUPS.forEach((group, index) => group.forEach((word) => GROUP_OF.set(nameWords(word).join(''), index)));

function withoutPrefixes(words: string[]): string[] {
  let start = 0;
  while (start < words.length - 1 && VOCABULARY_PREFIXES.has(words[start]!)) start++;
  return words.slice(start);
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((w) => b.includes(w));
const subset = (a: string[], b: string[]) => a.length > 0 && a.every((w) => b.includes(w));
const synonyms = (a: string, b: string) => GROUP_OF.has(a) && GROUP_OF.get(a) === GROUP_OF.get(b);

/**
 * 0 (no match) to 100 (same name). `keyPath` is the data's path split into segments, e.g.
 * `['offers', 'price']`; the last segment weighs most, deeper paths score a little lower.
 */
export function matchScore(property: string, keyPath: readonly string[]): number {
  const prop = nameWords(property);
  if (prop.length === 0 || keyPath.length === 0) return 0;
  const last = withoutPrefixes(nameWords(keyPath[keyPath.length - 1]!));
  const full = withoutPrefixes(keyPath.flatMap((segment) => nameWords(segment)));
  const propJoined = prop.join('');
  const depthPenalty = (keyPath.length - 1) * 2;

  let score = 0;
  if (last.join('') === propJoined) score = 100;
  else if (full.join('') === propJoined) score = 92;
  else if (synonyms(propJoined, last.join('')) || synonyms(propJoined, full.join(''))) score = 80;
  else if (sameSet(prop, last) || sameSet(prop, full)) score = 75;
  else if (subset(prop, last) && last.length <= prop.length + 1) score = 55;
  else if (subset(last, prop) && prop.length <= last.length + 1 && last.join('').length >= 4) score = 45;
  else if (subset(prop, full) && full.length <= prop.length + 1) score = 40;
  return score === 0 ? 0 : score - depthPenalty;
}
