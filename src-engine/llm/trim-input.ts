/**
 * Fits page markdown into the model's context budget (`LlmSettings.maxInputChars`, in characters).
 * The rule, applied step by step until the text fits:
 *
 * 1. Clean: drop images that are data URIs, collapse runs of blank lines and trailing spaces.
 * 2. Main content first: drop boilerplate blocks (navigation-like blocks where links make up most of
 *    the text: link lists, menus, footers), keeping the order of everything else.
 * 3. Shorten links: `[text](url)` becomes `text` (the addresses are the least useful characters).
 * 4. Cut the tail: keep whole blocks from the top while they fit, then a marker line saying how many
 *    characters were left out. A single block larger than the budget is cut at a sentence boundary.
 */
export function trimInput(markdown: string, maxChars: number): { text: string; trimmed: boolean } {
  let text = clean(markdown);
  if (text.length <= maxChars) return { text, trimmed: false };

  const blocks = text.split(/\n{2,}/).filter((b) => !isBoilerplate(b));
  text = blocks.join('\n\n');
  if (text.length <= maxChars) return { text, trimmed: true };

  text = text.replace(/(?<!!)\[([^\]]*)\]\([^)]*\)/g, '$1');
  if (text.length <= maxChars) return { text, trimmed: true };

  return { text: cutTail(text, maxChars), trimmed: true };
}

function clean(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\(data:[^)]*\)/g, '')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const LINK = /\[([^\]]*)\]\([^)]*\)/g;

/** A block whose visible text is mostly link text, with at least three links. */
function isBoilerplate(block: string): boolean {
  const links = [...block.matchAll(LINK)];
  if (links.length < 3) return false;
  const linkText = links.reduce((sum, m) => sum + m[1]!.trim().length, 0);
  const visible = block.replace(LINK, '$1').replace(/[#>*_\-|`\s]/g, '').length;
  return visible === 0 || linkText / visible > 0.6;
}

function cutTail(text: string, maxChars: number): string {
  const marker = (omitted: number) => `\n\n[… ${omitted} characters of the page were left out to fit the model's context]`;
  const budget = Math.max(0, maxChars - marker(text.length).length);
  const blocks = text.split('\n\n');
  let kept = '';
  for (const block of blocks) {
    const next = kept ? `${kept}\n\n${block}` : block;
    if (next.length > budget) break;
    kept = next;
  }
  if (!kept) {
    const head = text.slice(0, budget);
    const sentenceEnd = Math.max(head.lastIndexOf('. '), head.lastIndexOf('.\n'));
    kept = sentenceEnd > budget / 2 ? head.slice(0, sentenceEnd + 1) : head;
  }
  return kept + marker(text.length - kept.length);
}
