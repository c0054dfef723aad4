/**
 * Removes what article extractors commonly leave inside the main content:
 * captions and photo credits, bylines and date lines, share bars, "related"
 * and "read more" blocks, newsletter boxes and link-only lists.
 */

/** Class or id words that mark page furniture rather than article text. */
const FURNITURE_NAME =
  /caption|credit|byline|author|dateline|timestamp|pubdate|publish|related|share|sharing|social|newsletter|breadcrumb|subscri|sponsor|promo|recommend|read-?more|more-?stories|comment|advert|(^|[^a-z])(date|time|tags?|ads?|meta|toolbar|signup)([^a-z]|$)/i;

/** Elements never part of an article's text. */
const FURNITURE_TAGS = 'figcaption, nav, button, select, textarea, input, script, style, noscript, template, dialog';

/** Elements that are furniture when small, but that some sites wrap around the whole article. */
const WRAPPER_FURNITURE_TAGS = 'header, footer, aside, form';

/** Opening words of short blocks that introduce links elsewhere or ask something of the reader. */
const FURNITURE_LEAD =
  /^\s*(related( articles| stories| content| posts| coverage)?|read (more|next|also|this)|see (also|more)|also (on|read)|more (great|from|on|stories|news|coverage|articles|videos)|image \d+ of \d+|(published|updated|posted|last updated)\b[^.]{0,40}\d|you (may|might) (also )?(like|enjoy)|don['’]?t miss|recommended( for you)?|advertisement|advert|sponsored|skip to( main)? content|share (this|on)|follow us|sign up|subscribe|click here|trending|most (read|popular)|popular (stories|posts)|image credit|photo:|image:|credit:)\b/i;

const BLOCKS = 'p, div, section, li, ul, ol, h2, h3, h4, h5, h6, span, a, strong, em, b, small, figure';

/** Photo credits and caption markers: "(Image: …)", "Photo: …", "©". */
const CREDIT_MARK = /\((image|photo|picture|pictures|credit|foto)s?( credit)?:|\b(image|photo|picture) credit|©|\bphoto: /i;

/** Share of the article's text above which an element is treated as a container, never as furniture. */
const CONTAINER_SHARE = 0.3;

function textLength(el: Element): number {
  return (el.textContent ?? '').replace(/\s+/g, ' ').trim().length;
}

function linkTextLength(el: Element): number {
  let total = 0;
  for (const a of el.querySelectorAll('a')) total += textLength(a);
  return total;
}

/** Share of an element's links that stay on the page's own site (relative links count as internal). */
function internalLinkShare(el: Element, pageHost: string | undefined): number {
  const links = [...el.querySelectorAll('a[href]')];
  if (links.length === 0 || !pageHost) return 1;
  let internal = 0;
  for (const a of links) {
    const href = a.getAttribute('href') ?? '';
    if (!/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith('//')) internal++;
    else if (hostOf(href) === pageHost) internal++;
  }
  return internal / links.length;
}

function hostOf(href: string): string | undefined {
  try {
    return new URL(href, 'http://x.invalid').hostname.replace(/^www\./, '');
  } catch {
    return undefined;
  }
}

function isLinkRow(el: Element): boolean {
  const length = textLength(el);
  return length > 0 && linkTextLength(el) / length > 0.5;
}

function removeLinkRowsAfter(label: Element, small: (el: Element) => boolean): void {
  let next = label.nextElementSibling;
  while (next && small(next) && isLinkRow(next)) {
    const following = next.nextElementSibling;
    next.remove();
    next = following;
  }
}

const INLINE = new Set(['SPAN', 'A', 'STRONG', 'EM', 'B', 'SMALL']);

/** Inline elements are judged only when they open their block, never mid-sentence ("…, click here to…"). */
function startsItsBlock(el: Element): boolean {
  if (!INLINE.has(el.tagName) || !el.parentElement) return true;
  const own = (el.textContent ?? '').trim();
  return (el.parentElement.textContent ?? '').trim().startsWith(own);
}

function nameOf(el: Element): string {
  return `${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''} ${el.getAttribute('itemprop') ?? ''} ${el.getAttribute('rel') ?? ''}`;
}

/**
 * Strips furniture from an extracted article root, in place. Elements holding a
 * large share of the article are kept whatever their names say, so a mislabelled
 * wrapper never takes the article with it.
 */
export function removeBoilerplate(root: Element, pageUrl?: string): void {
  const pageHost = pageUrl ? hostOf(pageUrl) : undefined;
  const total = Math.max(1, textLength(root));
  const small = (el: Element) => textLength(el) < total * CONTAINER_SHARE;

  for (const el of [...root.querySelectorAll(FURNITURE_TAGS)]) el.remove();
  // Dates are byline furniture; durations ("PT5M", a recipe's prep time) are content.
  for (const el of [...root.querySelectorAll('time')]) if (!/^P/i.test(el.getAttribute('datetime') ?? '')) el.remove();
  for (const el of [...root.querySelectorAll(WRAPPER_FURNITURE_TAGS)]) if (root.contains(el) && small(el)) el.remove();

  for (const el of [...root.querySelectorAll('[class], [id], [itemprop], [rel]')]) {
    if (!root.contains(el) || el.closest('blockquote, pre, code, table')) continue;
    if (FURNITURE_NAME.test(nameOf(el)) && small(el)) el.remove();
  }

  for (const el of [...root.querySelectorAll(BLOCKS)]) {
    if (!root.contains(el)) continue;
    const length = textLength(el);
    if (length === 0 || length > 200 || !small(el) || !startsItsBlock(el)) continue;
    const text = el.textContent ?? '';
    if (FURNITURE_LEAD.test(text)) {
      // A bare label ("Don't miss", "You may also like") also takes the link rows it introduces.
      if (length <= 40) removeLinkRowsAfter(el, small);
      el.remove();
    } else if (CREDIT_MARK.test(text)) el.remove();
  }

  for (const list of [...root.querySelectorAll('ul, ol')]) {
    if (!root.contains(list) || !small(list)) continue;
    const items = list.querySelectorAll('li');
    const length = textLength(list);
    const linkDense = items.length >= 2 && length > 0 && linkTextLength(list) / length > 0.8;
    // Lists of links to other sites are usually the article's own picks (products, sources).
    if (linkDense && internalLinkShare(list, pageHost) >= 0.5) list.remove();
  }
}
