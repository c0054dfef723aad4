/**
 * The `includeTags` / `excludeTags` scrape options: CSS selectors that narrow the cleaned HTML.
 * Selectors reach here already rewritten so that `iframe` matches the `div[data-original-tag]`
 * the cleaner turns iframes into. A selector the engine cannot parse matches nothing.
 */

/** Every element under `root` matched by at least one of `selectors`. */
function matchingElements(root: ParentNode, selectors: readonly string[]): Set<Element> {
  const matches = new Set<Element>();
  for (const selector of selectors) {
    if (!selector.trim()) continue;
    try {
      for (const element of Array.from(root.querySelectorAll(selector))) matches.add(element);
    } catch {
      // An unparsable selector selects nothing rather than failing the whole page.
    }
  }
  return matches;
}

/**
 * Replaces the body's content with the elements matching `selectors`, in document order.
 * When matches nest, only the outermost is kept, so no content appears twice.
 */
export function keepOnlyMatching(body: HTMLElement, selectors: readonly string[]): void {
  const matches = matchingElements(body, selectors);
  const kept: Element[] = [];
  const visit = (parent: Element): void => {
    for (const child of Array.from(parent.children)) {
      if (matches.has(child)) kept.push(child);
      else visit(child);
    }
  };
  visit(body);
  body.replaceChildren(...kept);
}

/** Removes every element under `root` matching one of `selectors`. */
export function removeMatching(root: ParentNode, selectors: readonly string[]): void {
  for (const element of matchingElements(root, selectors)) element.remove();
}
