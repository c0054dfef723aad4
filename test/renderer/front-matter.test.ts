import { describe, expect, it } from 'vitest';
import { frontMatter } from '../../src-renderer/export/front-matter';
import { markdownPathFor } from '../../src-renderer/export/markdown-path';

describe('front matter', () => {
  it('writes strings as JSON strings so colons, quotes and newlines stay valid YAML', () => {
    const text = frontMatter({ title: 'A: "b"\nc', statusCode: 200, tags: ['x'], skipped: undefined, jobId: null });
    expect(text).toBe('---\ntitle: "A: \\"b\\"\\nc"\nstatusCode: 200\ntags: ["x"]\njobId: null\n---\n');
  });
});

describe('markdown file paths', () => {
  it('puts each page in a folder named after its host', () => {
    expect(markdownPathFor('https://example.com/docs/intro/')).toBe('example.com/docs_intro.md');
    expect(markdownPathFor('https://example.com/')).toBe('example.com/index.md');
    expect(markdownPathFor('http://127.0.0.1:8080/a?b=c')).toBe('127.0.0.1_8080/a-b-c.md');
  });

  it('never lets a path climb out of its folder', () => {
    expect(markdownPathFor('https://example.com/../../etc/passwd')).toBe('example.com/etc_passwd.md');
    expect(markdownPathFor('not a url/../x')).toMatch(/^unknown-host\/[^/]+\.md$/);
  });
});
