/**
 * Trims the furniture that trails an article: author notes ("may be reached
 * at…", "Follow him on Twitter"), newsletter and subscription pitches, share
 * prompts, copyright lines and leftover link rows. Only the tail is trimmed,
 * and it stops at the first block that reads like article text.
 */

/** Phrases of calls to action and notes about the author or the publication. */
const CALL_TO_ACTION =
  /\b(follow (us|him|her|me|them)\b|sign up|newsletter|subscribe|subscription|join (us|our)|(may|can) be (reached|contacted) at|contact (him|her|me|us) at|e-?mail (him|her|me|us)\b|share (it|this)|like this (story|article)|get access|affiliate|commission|all rights reserved|copyright|reporting by|editing by|source: |sources: |more great|more from|have a (news )?tip|in your inbox)/i;

const SENTENCE_END = /[.!?…]["'”’)]?$/;

/** Blocks whose text is read as one unit when trimming. */
const TEXT_BLOCKS = new Set(['P', 'LI', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE', 'TABLE', 'UL', 'OL', 'DL', 'FIGURE']);

/** Longer blocks than this are article text, whatever they say. */
const MAX_TRAILER_LENGTH = 400;

/** At most this many blocks are trimmed, so a misread never eats an article's ending. */
const MAX_TRIMMED = 6;

function textOf(el: Element): string {
  return (el.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function linkShare(el: Element, length: number): number {
  let links = 0;
  for (const a of el.querySelectorAll('a')) links += textOf(a).length;
  return length === 0 ? 0 : links / length;
}

/** The last block under `root` holding text: a text block, or a div with no text blocks inside. */
function lastTextBlock(root: Element): Element | null {
  let el: Element | null = root.lastElementChild;
  while (el) {
    if (textOf(el) === '') {
      el = el.previousElementSibling ?? parentBefore(el, root);
      continue;
    }
    if (TEXT_BLOCKS.has(el.tagName) || !el.firstElementChild) return el;
    if (![...el.querySelectorAll('*')].some((child) => TEXT_BLOCKS.has(child.tagName))) return el;
    el = el.lastElementChild;
  }
  return null;
}

function parentBefore(el: Element, root: Element): Element | null {
  let parent = el.parentElement;
  while (parent && parent !== root) {
    if (parent.previousElementSibling) return parent.previousElementSibling;
    parent = parent.parentElement;
  }
  return null;
}

/** Removes trailing calls to action and link rows from an extracted article, in place. */
export function trimTrailingFurniture(root: Element): void {
  for (let trimmed = 0; trimmed < MAX_TRIMMED; trimmed++) {
    const block = lastTextBlock(root);
    if (!block) return;
    const text = textOf(block);
    if (text.length > MAX_TRAILER_LENGTH) return;
    // A row of links is furniture; a linked sentence (it ends like one) is the article's last word.
    const linkRow = linkShare(block, text.length) > 0.6 && !SENTENCE_END.test(text);
    if (!linkRow && !CALL_TO_ACTION.test(text)) return;
    let removed: Element = block;
    // Take empty wrappers along so the next look finds the real previous block.
    while (removed.parentElement && removed.parentElement !== root && textOf(removed.parentElement) === text)
      removed = removed.parentElement;
    removed.remove();
  }
}
