import { htmlToMarkdown, initSync } from './mdream-wasm/mdream-edge.js';
import { MDREAM_WASM_BASE64 } from './mdream-wasm/mdream-edge-wasm.js';

// The WebAssembly build of mdream runs on every Node and inside Electron without native
// binaries; the module is compiled once, when this file is first loaded.
initSync({ module: Buffer.from(MDREAM_WASM_BASE64, 'base64') });

export interface MarkdownOptions {
  /** Base for relative links and images; cleaned HTML is already absolute, so usually unneeded. */
  baseUrl?: string;
}

/** Stands in for a backtick inside `<pre>` until fences are sized (a private-use character). */
const BACKTICK_PLACEHOLDER = '\uE000';

/**
 * Produces the `markdown` format from (cleaned) HTML: GitHub-flavoured markdown with ATX
 * headings, `-` bullets and nested lists, pipe tables (cell pipes escaped), fenced code blocks
 * tagged with their language, `[text](url)` links and `![alt](src)` images (images without alt
 * text, usually spacers and tracking pixels, are dropped). Output has no
 * trailing spaces except hard line breaks, and never more than one blank line in a row.
 */
export function toMarkdown(html: string, options: MarkdownOptions = {}): string {
  const converted = htmlToMarkdown(prepareHtml(html), {
    origin: options.baseUrl,
    clean: { selfLinkHeadings: true, emptyLinkText: true, emptyLinks: true, emptyImages: true },
  }) as string;
  return tidyMarkdown(converted);
}

/* ---------- before conversion: shape the HTML the way the converter understands best ---------- */

function prepareHtml(html: string): string {
  return rewriteDisclosureAndDefinitions(tagCodeLanguages(html));
}

const ATTRIBUTES = String.raw`((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*/?`;
const PRE_BLOCK = new RegExp(String.raw`<pre\b${ATTRIBUTES}>([\s\S]*?)</pre\s*>`, 'gi');
const LEADING_CODE = new RegExp(String.raw`^\s*<code\b${ATTRIBUTES}>([\s\S]*?)</code\s*>\s*$`, 'i');
const HIGHLIGHT_WRAPPER = /(<div\b[^>]*\bclass\s*=\s*"[^"]*\bhighlight-(?:source-)?([\w+#.-]+)[^"]*"[^>]*>\s*<pre\b)/gi;

/**
 * Gives every code block one `<pre><code class="language-x">` shape, taking the language from
 * the `<code>` or `<pre>` class (`language-x`, `lang-x`), a `lang`/`data-lang` attribute or a
 * `highlight-x` wrapper. Backticks inside code become placeholders so fences can be sized later.
 */
function tagCodeLanguages(html: string): string {
  const withWrapperHints = html.replace(HIGHLIGHT_WRAPPER, (_match, open: string, language: string) => `${open} data-lang="${language}"`);
  return withWrapperHints.replace(PRE_BLOCK, (_match, preAttributes: string, inner: string) => {
    const code = LEADING_CODE.exec(inner);
    const codeAttributes = code ? code[1]! : '';
    const body = code ? code[2]! : inner;
    const language = languageOf(codeAttributes) ?? languageOf(preAttributes) ?? '';
    const classAttribute = language ? ` class="language-${language}"` : '';
    return `<pre><code${classAttribute}>${body.replaceAll('`', BACKTICK_PLACEHOLDER)}</code></pre>`;
  });
}

function languageOf(attributes: string): string | undefined {
  const className = /\bclass\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(attributes);
  const classes = className ? (className[1] ?? className[2] ?? '') : '';
  const fromClass = /(?:^|\s)(?:language|lang)-([\w+#.-]+)/i.exec(classes);
  if (fromClass) return fromClass[1]!.toLowerCase();
  const fromAttribute = /\b(?:data-lang|lang)\s*=\s*(?:"([^"]+)"|'([^']+)')/i.exec(attributes);
  const value = fromAttribute ? (fromAttribute[1] ?? fromAttribute[2]) : undefined;
  return value && /^[\w+#.-]+$/.test(value) ? value.toLowerCase() : undefined;
}

const DISCLOSURE_TAGS = new RegExp(String.raw`<(/?)(details|summary|dl|dt|dd)\b${ATTRIBUTES}>`, 'gi');

/**
 * `<details>` and definition lists would otherwise come out as raw HTML: a summary or term
 * becomes a bold paragraph and the content an ordinary paragraph.
 */
function rewriteDisclosureAndDefinitions(html: string): string {
  return html.replace(DISCLOSURE_TAGS, (_match, closing: string, tag: string) => {
    const name = tag.toLowerCase();
    if (name === 'summary' || name === 'dt') return closing ? '</strong></p>' : '<p><strong>';
    if (name === 'dd') return closing ? '</div>' : '<div>';
    return closing ? '</div>' : '<div>';
  });
}

/* ---------- after conversion: whitespace and fences ---------- */

const FENCE = /^(\s*)(`{3,}|~{3,})(.*)$/;

/**
 * Sizes code fences so code containing backticks cannot end them early, restores those
 * backticks, strips trailing whitespace outside code (keeping two-space hard breaks that are
 * followed by text) and collapses runs of blank lines to one.
 */
function tidyMarkdown(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const output: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const fence = FENCE.exec(line);
    if (fence) {
      const close = findClosingFence(lines, index + 1, fence[1]!, fence[2]!);
      if (close !== -1) {
        output.push(...resizeFencedBlock(lines.slice(index, close + 1), fence));
        index = close;
        continue;
      }
    }
    output.push(tidyLine(line, lines[index + 1]));
  }
  return collapseBlankLines(output).join('\n').replaceAll(BACKTICK_PLACEHOLDER, '`').trim();
}

function findClosingFence(lines: string[], from: number, indent: string, marker: string): number {
  for (let index = from; index < lines.length; index++) {
    if (lines[index] === `${indent}${marker}`) return index;
  }
  return -1;
}

function resizeFencedBlock(block: string[], fence: RegExpExecArray): string[] {
  const [, indent, marker, info] = fence as unknown as [string, string, string, string];
  const content = block.slice(1, -1);
  const longestRun = Math.max(0, ...content.map((line) => longestBacktickRun(line)));
  const size = Math.max(marker.length, longestRun + 1);
  const newMarker = marker[0] === '`' ? '`'.repeat(size) : marker;
  return [`${indent}${newMarker}${info.trim()}`, ...content, `${indent}${newMarker}`];
}

function longestBacktickRun(line: string): number {
  let longest = 0;
  for (const run of line.match(new RegExp(`[\`${BACKTICK_PLACEHOLDER}]+`, 'g')) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

function tidyLine(line: string, next: string | undefined): string {
  if (!/\s$/.test(line)) return line;
  const stripped = line.replace(/\s+$/, '');
  const isHardBreak = / {2,}$/.test(line) && stripped !== '' && next !== undefined && next.trim() !== '';
  return isHardBreak ? `${stripped}  ` : stripped;
}

/** Collapses blank-line runs outside code (blocks were already copied verbatim as units). */
function collapseBlankLines(lines: string[]): string[] {
  const output: string[] = [];
  let inFence: string | undefined;
  for (const line of lines) {
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[2]!;
      if (inFence === undefined) inFence = `${fence[1]}${marker}`;
      else if (line === inFence) inFence = undefined;
    }
    if (inFence === undefined && line === '' && output.length > 0 && output[output.length - 1] === '') continue;
    output.push(line);
  }
  return output;
}
