import { extractMainContent } from './main-content.js';
import { parseHtml } from './parse-html.js';
import { keepOnlyMatching, removeMatching } from './tags.js';
import { absolutizeUrls, documentBaseUrl } from './urls.js';

export interface CleanHtmlOptions {
  /** Final page URL: relative references resolve against it (or the page's `<base href>`). */
  url: string;
  onlyMainContent: boolean;
  /** CSS selectors; when given, only matching elements are kept (and main-content detection is skipped). */
  includeTags?: string[];
  /** CSS selectors of elements to remove. */
  excludeTags?: string[];
}

/** Elements that never carry readable content. */
const NON_CONTENT_SELECTOR = 'script, style, noscript, template, link, meta';

/**
 * Produces the `html` format: the page body without scripts, styles, metadata elements,
 * comments, inline event handlers and `javascript:` URLs, iframes renamed to `<div data-original-tag="iframe">`, narrowed by
 * `includeTags` / `excludeTags` / `onlyMainContent`, with every URL made absolute.
 * Returns the inner HTML of the cleaned body.
 */
export function cleanHtml(html: string, options: CleanHtmlOptions): string {
  return cleanDocument(parseHtml(html), options).innerHTML.trim();
}

/**
 * Cleans `document` in place (see {@link cleanHtml}) and returns its body, so a caller that
 * already parsed the page can read links from the cleaned tree without another parse.
 * Read anything needed from `<head>` (metadata) before calling: it is stripped here.
 */
export function cleanDocument(document: Document, options: CleanHtmlOptions): HTMLElement {
  const baseUrl = documentBaseUrl(document, options.url);
  const body = document.body;

  for (const element of Array.from(document.querySelectorAll(NON_CONTENT_SELECTOR))) element.remove();
  removeComments(document);
  removeScriptAttributes(body);
  renameIframes(document);

  const includeTags = nonEmpty(options.includeTags);
  const excludeTags = nonEmpty(options.excludeTags);
  if (includeTags) keepOnlyMatching(body, includeTags);
  if (excludeTags) removeMatching(body, excludeTags);
  if (options.onlyMainContent && !includeTags) narrowToMainContent(document, body, options.url);

  absolutizeUrls(body, baseUrl);
  return body;
}

function nonEmpty(selectors: string[] | undefined): string[] | undefined {
  const list = selectors?.filter((selector) => selector.trim() !== '');
  return list && list.length > 0 ? list : undefined;
}

function removeComments(node: Node): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === 8) child.remove();
    else if (child.nodeType === 1) removeComments(child);
  }
}

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'poster', 'data']);

/**
 * Strips inline event handlers (`onclick`, `onerror`…), iframe `srcdoc`, `javascript:` URLs and
 * non-image `data:` URLs: the cleaned HTML is content, and nothing in it should run when rendered.
 */
function removeScriptAttributes(root: Element): void {
  for (const element of Array.from(root.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      const isHandler = name.startsWith('on') || name === 'srcdoc';
      const isScriptUrl = URL_ATTRIBUTES.has(name) && /^\s*(?:javascript:|data:(?!image\/))/i.test(attribute.value);
      if (isHandler || isScriptUrl) element.removeAttribute(attribute.name);
    }
  }
}

/** Iframes cannot be rendered from saved HTML; keep their attributes on a marked `div`. */
function renameIframes(document: Document): void {
  for (const iframe of Array.from(document.querySelectorAll('iframe'))) {
    const div = document.createElement('div');
    for (const attribute of Array.from(iframe.attributes)) div.setAttribute(attribute.name, attribute.value);
    div.setAttribute('data-original-tag', 'iframe');
    div.append(...Array.from(iframe.childNodes));
    iframe.replaceWith(div);
  }
}

/**
 * Replaces the body with the detected main content. When the detector finds nothing readable,
 * the whole body is kept, as a scrape must not come back empty because of the heuristic.
 */
function narrowToMainContent(document: Document, body: HTMLElement, url: string): void {
  // The article pass rearranges the document it reads, so a serialised snapshot (cheap next to
  // a parse) is kept for the rare pages that need the landmark fallback or the whole body back.
  const snapshot = document.toString();
  const root = extractMainContent(document, url, () => snapshot);
  if (root && hasReadableContent(root)) {
    body.replaceChildren(...Array.from(root.childNodes));
    return;
  }
  body.replaceChildren(...Array.from(parseHtml(snapshot).body.childNodes));
}

function hasReadableContent(element: Element): boolean {
  return (element.textContent ?? '').trim() !== '' || element.querySelector('img, picture, video, audio, svg') !== null;
}
