/**
 * The main-content extractor behind `onlyMainContent`: a readability pass
 * finds the article, the boilerplate pass strips what it leaves in (captions,
 * bylines, share bars, related links), and a landmark fallback covers pages
 * that are not articles.
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { removeBoilerplate } from './main-content-boilerplate.js';
import { limitNestingDepth } from './main-content-depth.js';
import { unwrapEmbeddedPosts } from './main-content-embeds.js';
import { extractLandmarkContent } from './main-content-fallback.js';
import { trimTrailingFurniture } from './main-content-tail.js';
import { parseHtml } from './parse-html.js';
import { findHeadline, restoreHeadline } from './main-content-headline.js';

/** Classes worth keeping in the output: code languages feed fenced code blocks. */
const KEPT_CLASS = /^(language-|lang-)/;

/** Below this many visible characters the article pass is checked against the landmark fallback. */
const SHORT_ARTICLE = 250;

/** Pages with more elements than this skip the article pass (its scoring is quadratic in places). */
const MAX_ELEMENTS = 60_000;

/** Deeper documents (after wrapper chains are collapsed) skip the article pass for the same reason. */
const MAX_DEPTH = 80;

/**
 * Parses the page; the shared normalising parser is only needed when the
 * document lacks a proper body (it costs a second parse).
 */
function parsePage(html: string): Document {
  const { document } = parseHTML(html) as unknown as { document: Document };
  if (document?.documentElement?.tagName === 'HTML' && document.body) return document;
  return parseHtml(html);
}

/** The article pass wraps its output in `div#readability-page-N`; the content is what is inside. */
function unwrapPages(root: Element): void {
  for (const page of [...root.querySelectorAll('[id^="readability-page-"]')]) page.replaceWith(...page.childNodes);
}

/** Comments are no content, and they split words in two once converted to text. */
function removeComments(root: Element): void {
  const comments: Node[] = [];
  const stack: Node[] = [root];
  while (stack.length > 0) {
    for (const child of stack.pop()!.childNodes) {
      if (child.nodeType === 8) comments.push(child);
      else if (child.nodeType === 1) stack.push(child);
    }
  }
  for (const comment of comments) comment.parentNode?.removeChild(comment);
}

function visibleText(el: Element): string {
  return (el.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function stripClasses(root: Element): void {
  for (const el of [root, ...root.querySelectorAll('[class]')]) {
    const kept = (el.getAttribute('class') ?? '').split(/\s+/).filter((c) => KEPT_CLASS.test(c));
    if (kept.length > 0) el.setAttribute('class', kept.join(' '));
    else el.removeAttribute('class');
  }
}

/** Runs the readability pass; it consumes the document it is given. */
function readArticle(document: Document, pageUrl: string): Element | null {
  try {
    if (!limitNestingDepth(document.documentElement, MAX_DEPTH)) return null;
    unwrapEmbeddedPosts(document);
    const article = new Readability<Element>(document, {
      keepClasses: true,
      maxElemsToParse: MAX_ELEMENTS,
      serializer: (node) => node as Element,
    }).parse();
    const root = article?.content ?? null;
    if (root) {
      unwrapPages(root);
      removeBoilerplate(root, pageUrl);
      trimTrailingFurniture(root);
    }
    return root;
  } catch {
    return null;
  }
}

function readLandmark(html: string, pageUrl: string): Element | null {
  try {
    return extractLandmarkContent(parsePage(html), pageUrl);
  } catch {
    return null;
  }
}

/**
 * Returns the HTML of the page's main content (the article body, or for pages
 * that are not articles the main landmark without site chrome), or '' when
 * nothing plausible is found. Never throws: malformed, empty or bodiless
 * documents give ''.
 */
export function extractMainContentHtml(html: string, url: string): string {
  if (typeof html !== 'string' || html.trim() === '') return '';
  try {
    return extractMainContent(parsePage(html), url, () => html)?.innerHTML.trim() ?? '';
  } catch {
    return '';
  }
}

/**
 * The same extraction on a document the caller has already parsed (the scrape pipeline parses
 * each page once). The document is consumed: the article pass rearranges it. The returned
 * element holds the main content, or null when nothing plausible is found. `sourceHtml` gives
 * the page's HTML for the landmark fallback, which needs an unaltered copy; it is only called
 * for pages whose article comes out short.
 */
export function extractMainContent(document: Document, url: string, sourceHtml: () => string): Element | null {
  try {
    const headline = findHeadline(document);
    let root = readArticle(document, url);
    const articleLength = root ? visibleText(root).length : 0;
    if (articleLength < SHORT_ARTICLE) {
      const landmark = readLandmark(sourceHtml(), url);
      if (landmark && visibleText(landmark).length > Math.max(2 * articleLength, articleLength + 100)) root = landmark;
    }
    if (!root || !/[\p{L}\p{N}]/u.test(visibleText(root))) return null;
    restoreHeadline(root, headline);
    stripClasses(root);
    removeComments(root);
    return root;
  } catch {
    return null;
  }
}
