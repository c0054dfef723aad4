/**
 * Embedded posts (tweets, Instagram and similar quotes) are part of the story
 * they illustrate, but sites wrap them in boxes named "social" or "embed" that
 * article scoring discards. Unwrapping those boxes lets the quote itself be
 * judged like any other blockquote.
 */

/** Classes of blockquotes that embed a post from a social network. */
const EMBEDDED_POST = /tweet|twitter|instagram|tiktok|facebook|threads|mastodon|bluesky|social|embed/i;

function ownText(el: Element): string {
  return (el.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Replaces the wrappers around embedded-post blockquotes with their contents, in place. */
export function unwrapEmbeddedPosts(document: Document): void {
  for (const quote of [...document.querySelectorAll('blockquote[class]')]) {
    if (!EMBEDDED_POST.test(quote.getAttribute('class') ?? '')) continue;
    const text = ownText(quote);
    let wrapper = quote.parentElement;
    while (wrapper && wrapper !== document.body && wrapper.tagName !== 'ARTICLE' && ownText(wrapper) === text) {
      const outer = wrapper.parentElement;
      wrapper.replaceWith(...wrapper.childNodes);
      wrapper = outer;
    }
  }
}
