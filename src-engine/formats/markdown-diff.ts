/**
 * A git-style unified diff between two Markdown snapshots, as text and in the parse-diff
 * JSON shape the changeTracking `git-diff` mode returns.
 */
import { createTwoFilesPatch } from 'diff';
import parseDiff from 'parse-diff';
import type { ChangeTrackingResult } from '../contracts/document.js';

export type MarkdownDiff = NonNullable<ChangeTrackingResult['diff']>;
type DiffChange = MarkdownDiff['json']['files'][number]['chunks'][number]['changes'][number];

const PREVIOUS_NAME = 'previous.md';
const CURRENT_NAME = 'current.md';
/** Unchanged lines shown around each change, as git shows them. */
const CONTEXT_LINES = 3;

/** The diff from `previous` to `current`, or undefined when no line differs. */
export function diffMarkdown(previous: string, current: string): MarkdownDiff | undefined {
  // A missing final newline would surface as a "\ No newline" pseudo-line; it means nothing here.
  const before = withFinalNewline(previous);
  const after = withFinalNewline(current);
  if (before === after) return undefined;
  const patch = createTwoFilesPatch(`a/${PREVIOUS_NAME}`, `b/${CURRENT_NAME}`, before, after, '', '', {
    context: CONTEXT_LINES,
  });
  // jsdiff opens with an "Index"-style rule; git opens with a `diff --git` line.
  const body = patch.slice(patch.indexOf('\n--- ') + 1);
  const text = `diff --git a/${PREVIOUS_NAME} b/${CURRENT_NAME}\n${body}`;
  const files = parseDiff(text).map((file) => ({
    from: file.from ?? null,
    to: file.to ?? null,
    chunks: file.chunks.map((chunk) => ({ content: chunk.content, changes: chunk.changes.map(toChange) })),
  }));
  const changed = files.some((file) => file.chunks.some((chunk) => chunk.changes.some((c) => c.type !== 'normal')));
  return changed ? { text, json: { files } } : undefined;
}

function toChange(change: parseDiff.Change): DiffChange {
  if (change.type === 'normal') {
    return { type: 'normal', normal: true, ln1: change.ln1, ln2: change.ln2, content: change.content };
  }
  return { type: change.type, ln: change.ln, content: change.content };
}

function withFinalNewline(text: string): string {
  return text === '' || text.endsWith('\n') ? text : `${text}\n`;
}
