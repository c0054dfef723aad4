/**
 * URL resolution for transformed HTML: every link, image and media reference in the `html`,
 * `markdown` and `links` formats is absolute, so the output still works away from the page.
 */

/** Resolves `href` (trimmed) against `base`; `null` when it cannot be parsed as a URL. */
export function resolveUrl(href: string, base: string): string | null {
  try {
    return new URL(href.trim(), base).href;
  } catch {
    return null;
  }
}

/**
 * The URL relative references of `document` resolve against: its first `<base href>`
 * (itself resolved against the page URL), else the page URL.
 */
export function documentBaseUrl(document: Document, pageUrl: string): string {
  const href = document.querySelector('base[href]')?.getAttribute('href');
  if (href && href.trim()) return resolveUrl(href, pageUrl) ?? pageUrl;
  return pageUrl;
}

const URL_ATTRIBUTES = ['href', 'src', 'poster', 'action'] as const;

/**
 * Rewrites `href`, `src`, `poster`, `action` and every `srcset` candidate under `root` to
 * absolute URLs against `baseUrl`. In-page references (`#section`) stay as they are so they
 * keep pointing inside the document; unparsable values are left untouched.
 */
export function absolutizeUrls(root: ParentNode, baseUrl: string): void {
  for (const attribute of URL_ATTRIBUTES) {
    for (const element of Array.from(root.querySelectorAll(`[${attribute}]`))) {
      const value = element.getAttribute(attribute) ?? '';
      const trimmed = value.trim();
      if (trimmed === '' || trimmed.startsWith('#')) continue;
      const absolute = resolveUrl(trimmed, baseUrl);
      if (absolute !== null && absolute !== value) element.setAttribute(attribute, absolute);
    }
  }
  for (const element of Array.from(root.querySelectorAll('[srcset]'))) {
    element.setAttribute('srcset', absolutizeSrcset(element.getAttribute('srcset') ?? '', baseUrl));
  }
}

/** Resolves each candidate URL of a `srcset` value, keeping its width/density descriptor. */
export function absolutizeSrcset(srcset: string, baseUrl: string): string {
  const candidates: string[] = [];
  let position = 0;
  while (position < srcset.length) {
    while (position < srcset.length && /[\s,]/.test(srcset[position]!)) position++;
    if (position >= srcset.length) break;
    let end = position;
    while (end < srcset.length && !/\s/.test(srcset[end]!)) end++;
    let url = srcset.slice(position, end);
    let descriptor = '';
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      const comma = srcset.indexOf(',', end);
      const stop = comma === -1 ? srcset.length : comma;
      descriptor = srcset.slice(end, stop).trim();
      end = stop;
    }
    position = end + 1;
    const absolute = url.startsWith('data:') ? url : (resolveUrl(url, baseUrl) ?? url);
    candidates.push(descriptor ? `${absolute} ${descriptor}` : absolute);
  }
  return candidates.join(', ');
}
