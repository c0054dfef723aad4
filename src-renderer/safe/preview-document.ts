/**
 * The sandbox attribute for previews of scraped HTML: an empty list, so no scripts, no forms,
 * no popups, no top navigation and an opaque origin (never same-origin with the app).
 */
export const PREVIEW_SANDBOX = '';

/** A CSP for the preview document itself: nothing may run or load except inline styles and data images. */
export const PREVIEW_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; form-action 'none'; base-uri 'none'";

/**
 * Wraps scraped HTML for an `iframe srcdoc`: a CSP meta tag goes first so it applies before any
 * scraped markup is parsed; nothing remote loads, not even images.
 */
export function buildPreviewDocument(html: string): string {
  const head = `<meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}"><meta name="referrer" content="no-referrer">`;
  return `<!doctype html><html><head>${head}</head><body>${html}</body></html>`;
}
