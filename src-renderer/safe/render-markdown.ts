import DOMPurify from 'dompurify';
import { marked } from 'marked';

const FORBIDDEN_TAGS = ['script', 'style', 'iframe', 'frame', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'link', 'meta', 'base', 'svg', 'math'];

let hooksInstalled = false;

/**
 * Makes every surviving link safe to show: opens outside the app, never sends a referrer, and
 * keeps remote images from loading (they would reveal the reader to the scraped site); the
 * image becomes a link labelled with its alt text.
 */
function installHooks(purify: typeof DOMPurify): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName !== 'img') return;
    const el = node as Element;
    const src = el.getAttribute('src') ?? '';
    if (src.startsWith('data:image/')) return;
    const doc = el.ownerDocument;
    const link = doc.createElement('a');
    link.textContent = `[image: ${el.getAttribute('alt') || 'untitled'}]`;
    if (/^https?:/i.test(src)) link.setAttribute('href', src);
    link.setAttribute('class', 'blocked-image');
    el.replaceWith(link);
  });
}

/** Sanitises untrusted HTML for inline display: no scripts, handlers, forms, frames or javascript: URLs. */
export function sanitizeHtml(html: string): string {
  installHooks(DOMPurify);
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: FORBIDDEN_TAGS,
    FORBID_ATTR: ['style', 'srcset', 'action', 'formaction', 'ping'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#|data:image\/(?:png|jpe?g|gif|webp);)/i,
  });
}

/** Renders untrusted markdown to HTML and sanitises the result. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true }) as string;
  return sanitizeHtml(html);
}
