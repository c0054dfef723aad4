/**
 * The page's headline: Readability lifts the title `<h1>` out of the article body, but a reader
 * of the markdown expects the document to open with it (Firecrawl's output keeps it too).
 */
export function findHeadline(document: Document): string | undefined {
  const scope = document.querySelector('main, article, [role="main"]') ?? document.body;
  const heading = scope?.querySelector('h1') ?? document.querySelector('h1');
  const text = heading?.textContent?.replace(/\s+/g, ' ').trim();
  if (!text || text.length > 300) return undefined;
  // A logo or section name in an <h1> is not the headline: it must echo the page's title.
  const title = `${document.title} ${document.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? ''}`;
  return sharesMostWords(text, title) ? text : undefined;
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function sharesMostWords(headline: string, title: string): boolean {
  const titleWords = new Set(words(title));
  const headlineWords = words(headline);
  if (headlineWords.length === 0) return false;
  return headlineWords.filter((w) => titleWords.has(w)).length / headlineWords.length >= 0.6;
}

/** Puts the headline first in the extracted content unless the content already has it. */
export function restoreHeadline(root: Element, headline: string | undefined): void {
  if (!headline) return;
  const existing = [...root.querySelectorAll('h1, h2')].some((h) => h.textContent?.replace(/\s+/g, ' ').trim() === headline);
  if (existing) return;
  const h1 = root.ownerDocument.createElement('h1');
  h1.textContent = headline;
  root.insertBefore(h1, root.firstChild);
}
