/**
 * Ad, tracker and cookie-banner blocking from the filter lists shipped with the app.
 * Network rules become Chromium's own blocked-URL patterns (evaluated inside the browser,
 * no round trip per request); element rules become one stylesheet adopted by every
 * document, so hidden banners never show in screenshots and never add nodes to the page.
 */
import { ADS_AND_TRACKERS_FILTERS } from './filters/ads-and-trackers.js';
import { COOKIE_BANNER_FILTERS } from './filters/cookie-banners.js';

export interface CompiledFilters {
  /**
   * Patterns for CDP `Network.setBlockedURLs` (`urls`): `*` is the only wildcard and a
   * pattern matches a URL that contains its pieces in order.
   */
  blockedUrlPatterns: string[];
  /** CSS selectors of elements to hide. */
  hiddenSelectors: string[];
}

/**
 * Compiles Adblock Plus filter text (the subset: `||host^`, `||host/path`, `/fragment`,
 * `##selector`; comments `!`, exceptions `@@` and rules with `$options` are skipped).
 */
export function compileFilters(text: string): CompiledFilters {
  const blocked: string[] = [];
  const hidden: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('!') || line.startsWith('[') || line.startsWith('@@')) continue;
    const cosmetic = line.indexOf('##');
    if (cosmetic >= 0) {
      // Only global element rules; site-specific ones (`site.com##sel`) need a per-page list.
      if (cosmetic === 0) hidden.push(line.slice(2));
      continue;
    }
    if (line.includes('$')) continue;
    if (line.startsWith('||')) {
      const rest = line.slice(2);
      const hostEnd = rest.search(/[/^*:?]/);
      const host = hostEnd < 0 ? rest : rest.slice(0, hostEnd);
      const tail = hostEnd < 0 ? '' : rest.slice(hostEnd);
      if (!host) continue;
      if (tail === '' || tail === '^') {
        blocked.push(`://${host}/`, `://${host}:`, `.${host}/`, `.${host}:`);
      } else {
        const path = tail.replace(/\^$/, '');
        blocked.push(`://${host}${path}`, `.${host}${path}`);
      }
      continue;
    }
    blocked.push(line.replace(/^\|/, '').replace(/\^$/, ''));
  }
  return { blockedUrlPatterns: Array.from(new Set(blocked)), hiddenSelectors: Array.from(new Set(hidden)) };
}

let compiled: CompiledFilters | undefined;

/** The shipped lists, compiled once per process. */
export function shippedFilters(): CompiledFilters {
  compiled ??= compileFilters(`${ADS_AND_TRACKERS_FILTERS}\n${COOKIE_BANNER_FILTERS}`);
  return compiled;
}

/** Page scroll locks that consent overlays leave behind once hidden. */
const SCROLL_UNLOCK_CSS =
  'html.sp-message-open, body.sp-message-open, body.didomi-popup-open, body.cmp-open, ' +
  'body.onetrust-no-scroll { overflow: auto !important; position: static !important; }';

/**
 * A script for `addInitScript` that adopts the hiding stylesheet in every document before
 * the page's own scripts run. Adopted sheets are not part of the serialised HTML.
 */
export function cosmeticFilterScript(selectors: readonly string[] = shippedFilters().hiddenSelectors): string {
  const rules = selectors.map((selector) => `${selector} { display: none !important; }`);
  rules.push(SCROLL_UNLOCK_CSS);
  return `(() => {
  const rules = ${JSON.stringify(rules)};
  try {
    const sheet = new CSSStyleSheet();
    for (const rule of rules) { try { sheet.insertRule(rule, sheet.cssRules.length); } catch {} }
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  } catch {}
})();`;
}

/**
 * True when `url` matches a blocked-URL pattern the way Chromium matches them (the pieces
 * between `*` found in order). Used to let a page the user asked for load even when it
 * lives on a blocked host.
 */
export function isBlockedUrl(url: string, patterns: readonly string[] = shippedFilters().blockedUrlPatterns): boolean {
  return patterns.some((pattern) => {
    let from = 0;
    for (const piece of pattern.split('*')) {
      const at = url.indexOf(piece, from);
      if (at < 0) return false;
      from = at + piece.length;
    }
    return true;
  });
}
