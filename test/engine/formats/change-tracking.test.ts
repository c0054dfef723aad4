import parseDiff from 'parse-diff';
import { describe, expect, it } from 'vitest';
import { computeChangeTracking, removedChangeTracking } from '../../../src-engine/formats/change-tracking.js';

const scrapedAt = '2025-01-02T03:04:05.000Z';
const before = '# Menu\n\nSoup of the day: tomato\n\nOpen daily\n\nLine A\nLine B\nLine C\nLine D\nLine E\n';
const after = '# Menu\n\nSoup of the day: leek\n\nOpen daily\n\nLine A\nLine B\nLine C\nLine D\nLine E\nLine F';

describe('computeChangeTracking', () => {
  it('reports a first scrape as new with no previous time', () => {
    expect(computeChangeTracking({ previous: null, currentMarkdown: before, gitDiff: true })).toEqual({
      previousScrapeAt: null,
      changeStatus: 'new',
      visibility: 'visible',
    });
  });

  it('reports identical markdown as same, without a diff even in git-diff mode', () => {
    const result = computeChangeTracking({
      previous: { markdown: before, scrapedAt },
      currentMarkdown: before,
      gitDiff: true,
    });
    expect(result).toEqual({ previousScrapeAt: scrapedAt, changeStatus: 'same', visibility: 'visible' });
  });

  it('treats whitespace-only differences as same', () => {
    const result = computeChangeTracking({
      previous: { markdown: 'Hello   world\n\n', scrapedAt },
      currentMarkdown: 'Hello world',
      gitDiff: false,
    });
    expect(result.changeStatus).toBe('same');
  });

  it('reports a change without a diff when git-diff was not asked for', () => {
    const result = computeChangeTracking({
      previous: { markdown: before, scrapedAt },
      currentMarkdown: after,
      gitDiff: false,
    });
    expect(result).toEqual({ previousScrapeAt: scrapedAt, changeStatus: 'changed', visibility: 'visible' });
  });

  it('attaches a git-style unified diff and its parse-diff JSON for a change', () => {
    const result = computeChangeTracking({
      previous: { markdown: before, scrapedAt },
      currentMarkdown: after,
      gitDiff: true,
    });
    expect(result.changeStatus).toBe('changed');
    const diff = result.diff!;
    expect(
      diff.text.startsWith('diff --git a/previous.md b/current.md\n--- a/previous.md\n+++ b/current.md\n@@ '),
    ).toBe(true);
    expect(diff.text).toContain('\n-Soup of the day: tomato\n+Soup of the day: leek\n');
    expect(diff.text).toContain('\n+Line F\n');
    expect(diff.text).not.toContain('No newline at end of file');

    expect(diff.json.files).toHaveLength(1);
    const [file] = diff.json.files;
    expect(file!.from).toBe('previous.md');
    expect(file!.to).toBe('current.md');
    const changes = file!.chunks.flatMap((chunk) => chunk.changes);
    expect(changes).toContainEqual({ type: 'del', ln: 3, content: '-Soup of the day: tomato' });
    expect(changes).toContainEqual({ type: 'add', ln: 3, content: '+Soup of the day: leek' });
    expect(changes).toContainEqual({ type: 'add', ln: 12, content: '+Line F' });
    expect(changes).toContainEqual({ type: 'normal', normal: true, ln1: 1, ln2: 1, content: ' # Menu' });
    for (const chunk of file!.chunks) expect(chunk.content).toMatch(/^@@ -\d+,\d+ \+\d+,\d+ @@$/);
  });

  it('produces diff text that a unified-diff parser reads back to the same structure', () => {
    const result = computeChangeTracking({
      previous: { markdown: before, scrapedAt },
      currentMarkdown: after,
      gitDiff: true,
    });
    const reparsed = parseDiff(result.diff!.text);
    expect(reparsed[0]!.additions).toBe(2);
    expect(reparsed[0]!.deletions).toBe(1);
    expect(reparsed[0]!.chunks.map((chunk) => chunk.content)).toEqual(
      result.diff!.json.files[0]!.chunks.map((c) => c.content),
    );
  });

  it('splits distant changes into separate chunks with three lines of context', () => {
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`);
    const changed = [...lines];
    changed[1] = 'line two';
    changed[27] = 'line twenty-eight';
    const result = computeChangeTracking({
      previous: { markdown: lines.join('\n'), scrapedAt },
      currentMarkdown: changed.join('\n'),
      gitDiff: true,
    });
    const chunks = result.diff!.json.files[0]!.chunks;
    expect(chunks.map((chunk) => chunk.content)).toEqual(['@@ -1,5 +1,5 @@', '@@ -25,6 +25,6 @@']);
  });

  it('passes a hidden visibility through', () => {
    expect(
      computeChangeTracking({ previous: null, currentMarkdown: 'x', gitDiff: false, visibility: 'hidden' }).visibility,
    ).toBe('hidden');
  });
});

describe('removedChangeTracking', () => {
  it('marks a vanished page as removed', () => {
    expect(removedChangeTracking(scrapedAt)).toEqual({
      previousScrapeAt: scrapedAt,
      changeStatus: 'removed',
      visibility: 'visible',
    });
    expect(removedChangeTracking(null, 'hidden')).toEqual({
      previousScrapeAt: null,
      changeStatus: 'removed',
      visibility: 'hidden',
    });
  });
});
