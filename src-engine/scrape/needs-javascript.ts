/**
 * Decides, from a plain HTTP result, whether the page only shows its content after its
 * JavaScript runs, so the scrape must be redone in the browser. It looks for an empty
 * app shell: little or no main content while application scripts are present, an empty
 * SPA mount point, a `<noscript>` asking for JavaScript, or unrendered template syntax.
 * Pages with real content and only analytics or small `<noscript>` tags stay on HTTP.
 */

export interface NeedsJavaScriptInput {
  /** The HTML as fetched over HTTP. */
  html: string;
  /** Text (or markdown) of the main content the HTTP result produced. */
  mainContentText: string;
  contentType: string;
}

/** Main content of at least this many characters counts as real content. */
const SUBSTANTIAL_MAIN_TEXT = 200;
/** Body text below this, with application scripts present, is an empty shell. */
const EMPTY_BODY_TEXT = 100;

const SPA_ROOT_IDS = [
  'root',
  'app',
  '__next',
  '__nuxt',
  '___gatsby',
  'svelte',
  'q-app',
  'react-root',
  'app-root',
  'main-app',
  'ember-app',
  'application',
];
const SPA_ROOT_ATTRIBUTE = new RegExp(
  `<[a-z][\\w-]*[^>]*\\s(?:id=["'](?:${SPA_ROOT_IDS.join('|')})["']|data-reactroot|ng-app|ng-version|data-v-app|data-server-rendered)[^>]*>`,
  'i',
);
const SPA_ROOT_ELEMENT = /<(?:app-root|ion-app|flt-glass-pane|flutter-view)\b/i;
const NOSCRIPT_HINT =
  /(enable|turn on|activate|allow)\s+javascript|javascript\s+(is\s+)?(required|disabled|needed|must be enabled)|requires?\s+javascript|need(s)?\s+(to\s+enable\s+)?javascript|without\s+javascript/i;
const TEMPLATE_SYNTAX = /\{\{\s*[\w$.[\]'"|() ]+\s*\}\}/;
const ANALYTICS_SRC =
  /google-analytics|googletagmanager|gtag\/js|\/analytics(\.min)?\.js|plausible|matomo|piwik|hotjar|clarity\.ms|segment\.(com|io)|mixpanel|fbevents|cloudflareinsights|newrelic|nr-data|quantserve|scorecardresearch|chartbeat|doubleclick|googlesyndication|adsbygoogle|cookielaw|cookiebot|usefathom|umami/i;
const ANALYTICS_INLINE = /\b(gtag\(|dataLayer|_gaq|ga\(\s*['"]|fbq\(|_paq|clarity\(|hj\(|plausible\(|analytics\.(track|page|load))/;
const DATA_SCRIPT_TYPE = /type=["']?(application\/(ld\+)?json|importmap|text\/template|text\/x-template|speculationrules)/i;

interface PageScan {
  appScripts: number;
  bodyTextLength: number;
  spaRoot: boolean;
  noscriptHint: boolean;
  templateSyntax: boolean;
}

function countAppScripts(html: string): number {
  let count = 0;
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    const inline = (match[2] ?? '').trim();
    if (DATA_SCRIPT_TYPE.test(attributes)) continue;
    const src = /\bsrc=["']?([^"'\s>]+)/i.exec(attributes)?.[1];
    if (src) {
      if (!ANALYTICS_SRC.test(src)) count++;
    } else if (inline.length > 0 && !(ANALYTICS_INLINE.test(inline) && inline.length < 2_000)) {
      count++;
    }
  }
  return count;
}

function visibleBodyText(html: string): string {
  const bodyStart = html.search(/<body\b/i);
  const body = bodyStart >= 0 ? html.slice(bodyStart) : html;
  return body
    .replace(/<(script|style|noscript|template|svg|head)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(nbsp|#160);/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function noscriptText(html: string): string {
  return Array.from(html.matchAll(/<noscript\b[^>]*>([\s\S]*?)<\/noscript\s*>/gi), (m) =>
    (m[1] ?? '').replace(/<[^>]+>/g, ' '),
  ).join(' ');
}

function scanPage(html: string): PageScan {
  const bodyText = visibleBodyText(html);
  return {
    appScripts: countAppScripts(html),
    bodyTextLength: bodyText.length,
    spaRoot: SPA_ROOT_ATTRIBUTE.test(html) || SPA_ROOT_ELEMENT.test(html),
    noscriptHint: NOSCRIPT_HINT.test(noscriptText(html)),
    templateSyntax: TEMPLATE_SYNTAX.test(bodyText),
  };
}

/** Length of the readable words of a text or markdown string. */
function meaningfulLength(text: string): number {
  return text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`|~=-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim().length;
}

/** True when the page's content appears only after its JavaScript runs. */
export function needsJavaScript(input: NeedsJavaScriptInput): boolean {
  const type = input.contentType.toLowerCase();
  if (type !== '' && !type.includes('html')) return false;
  // Substantial main text settles it without scanning the whole document (the common case).
  if (meaningfulLength(input.mainContentText) >= SUBSTANTIAL_MAIN_TEXT) return false;
  const scan = scanPage(input.html);
  if (scan.appScripts === 0) return false;
  if (scan.spaRoot && scan.bodyTextLength < 500) return true;
  if (scan.noscriptHint && scan.bodyTextLength < 800) return true;
  if (scan.templateSyntax) return true;
  return scan.bodyTextLength < EMPTY_BODY_TEXT;
}
