import { describe, expect, it } from 'vitest';
import { parseUrlCsv, parseUrlFile, parseUrlText } from '../../src-renderer/forms/parse-url-list';

describe('URL list parsing', () => {
  it('checks each pasted line and names the problems before the batch starts', () => {
    const entries = parseUrlText('https://a.test/x\n\n# comment\nexample.com/page\nftp://files.test/\nhttps://a.test/x\nnot a url at all');
    expect(entries.map((e) => [e.line, e.url ?? null, e.problem ?? null])).toEqual([
      [1, 'https://a.test/x', null],
      [4, 'http://example.com/page', null],
      [5, null, 'URL uses unsupported protocol'],
      [6, 'https://a.test/x', 'Duplicate'],
      [7, null, 'Invalid URL'],
    ]);
  });

  it('accepts local addresses with ports', () => {
    expect(parseUrlText('http://127.0.0.1:4000/a')[0].problem).toBeUndefined();
  });

  it('takes the url column of a CSV with a header', () => {
    const entries = parseUrlCsv('\uFEFFname,URL\nAlpha,https://a.test/\n"Beta, Inc",https://b.test/\nGamma,\n');
    expect(entries.map((e) => e.url)).toEqual(['https://a.test/', 'https://b.test/']);
  });

  it('takes the first URL-looking column of a CSV without a header', () => {
    const entries = parseUrlCsv('https://a.test/,x\nhttps://b.test/,y\n');
    expect(entries.map((e) => e.url)).toEqual(['https://a.test/', 'https://b.test/']);
  });

  it('chooses the parser by file name', () => {
    expect(parseUrlFile('list.csv', 'url\nhttps://a.test/')).toHaveLength(1);
    expect(parseUrlFile('list.txt', 'url\nhttps://a.test/')).toHaveLength(2);
  });
});
