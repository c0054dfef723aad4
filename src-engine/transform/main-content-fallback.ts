/**
 * The landmark fallback for pages that are not articles (home pages, listings,
 * documentation indexes) where a readability pass finds little: the page's
 * main landmark, or its body, with the site chrome taken out.
 */
import { removeBoilerplate } from './main-content-boilerplate.js';

/** Landmarks that hold a page's own content, most specific first. */
const LANDMARKS = ['main', '[role="main"]', '#main-content', '#content', 'article'];

/** Site chrome: navigation, banners, footers, dialogs, cookie notices and anything hidden. */
const CHROME = [
  'header',
  'nav',
  'footer',
  'aside',
  'form',
  'dialog',
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'svg',
  'button',
  '[role="navigation"]',
  '[role="banner"]',
  '[role="contentinfo"]',
  '[role="complementary"]',
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[aria-hidden="true"]',
  '[hidden]',
].join(', ');

/** Class or id words of overlays and notices that sit outside the content. */
const OVERLAY_NAME = /cookie|consent|gdpr|popup|modal|overlay|banner|skip-?link|sidebar/i;

function visibleLength(el: Element): number {
  return (el.textContent ?? '').replace(/\s+/g, ' ').trim().length;
}

function pickLandmark(document: Document): Element | null {
  for (const selector of LANDMARKS) {
    const candidates = [...document.querySelectorAll(selector)];
    if (candidates.length === 0) continue;
    const largest = candidates.reduce((best, el) => (visibleLength(el) > visibleLength(best) ? el : best));
    if (visibleLength(largest) > 0) return largest;
  }
  return document.body ?? null;
}

/**
 * Returns the page's content landmark with chrome removed (detached from the
 * document), or null when the document has no body at all.
 */
export function extractLandmarkContent(document: Document, pageUrl?: string): Element | null {
  const landmark = pickLandmark(document);
  if (!landmark) return null;
  const root = landmark.cloneNode(true) as Element;
  for (const el of [...root.querySelectorAll(CHROME)]) el.remove();
  for (const el of [...root.querySelectorAll('[class], [id]')]) {
    if (!root.contains(el)) continue;
    const name = `${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''}`;
    if (OVERLAY_NAME.test(name)) el.remove();
  }
  removeBoilerplate(root, pageUrl);
  return root;
}
