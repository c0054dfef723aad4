import { describe, expect, it } from 'vitest';
import { parseModelJson } from '../../../src-engine/llm/model-json.js';
import { trimInput } from '../../../src-engine/llm/trim-input.js';

describe('page trimming for the model context', () => {
  it('leaves a page that fits untouched apart from blank lines', () => {
    expect(trimInput('# A\n\n\n\nBody text.', 1000)).toEqual({ text: '# A\n\nBody text.', trimmed: false });
  });

  it('drops navigation-like link blocks before cutting main content', () => {
    const nav = '[One](/1) [Two](/2) [Three](/3) [Four](/4)';
    const text = `${nav}\n\n${'Main content sentence. '.repeat(4).trim()}`;
    const result = trimInput(text, 100);
    expect(result).toEqual({ text: 'Main content sentence. '.repeat(4).trim(), trimmed: true });
  });

  it('keeps link text but drops link targets when that is enough', () => {
    const text = `See [the guide](https://example.com/a/very/long/path/to/the/guide/page) for details. ${'x'.repeat(40)}`;
    expect(trimInput(text, 70).text).toBe(`See the guide for details. ${'x'.repeat(40)}`);
  });

  it('cuts the tail at a block boundary and says how much was left out', () => {
    const blocks = Array.from({ length: 20 }, (_, i) => `Block ${i} of the page.`).join('\n\n');
    const { text } = trimInput(blocks, 200);
    expect(text.length).toBeLessThanOrEqual(200);
    expect(text.startsWith('Block 0 of the page.')).toBe(true);
    expect(text).toMatch(/\n\n\[… \d+ characters of the page were left out to fit the model's context\]$/);
  });

  it('drops inline data-URI images', () => {
    expect(trimInput('Hi ![x](data:image/png;base64,AAAA) there', 100).text).toBe('Hi  there');
  });
});

describe('reading JSON from a model answer', () => {
  it('reads plain, fenced and embedded JSON', () => {
    expect(parseModelJson('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseModelJson('```json\n{"a":2}\n```')).toEqual({ ok: true, value: { a: 2 } });
    expect(parseModelJson('Sure! {"a":"}"} Hope this helps.')).toEqual({ ok: true, value: { a: '}' } });
    expect(parseModelJson('no json here')).toEqual({ ok: false });
  });
});
