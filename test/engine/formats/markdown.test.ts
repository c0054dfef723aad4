import { describe, expect, it } from 'vitest';
import { toMarkdown } from '../../../src-engine/formats/markdown.js';

describe('toMarkdown', () => {
  it('writes fenced code with the language from class="language-x" on code or pre', () => {
    expect(toMarkdown('<pre><code class="language-python">x = 1</code></pre>')).toBe('```python\nx = 1\n```');
    expect(toMarkdown('<pre class="language-rust"><code>let x = 1;</code></pre>')).toBe('```rust\nlet x = 1;\n```');
    expect(toMarkdown('<div class="highlight highlight-source-ts"><pre>let x = 1;</pre></div>')).toBe('```ts\nlet x = 1;\n```');
  });

  it('lengthens the fence when the code itself contains backticks', () => {
    const markdown = toMarkdown('<pre><code>const s = ```x```;\nconst t = `y`;</code></pre>');
    expect(markdown).toBe('````\nconst s = ```x```;\nconst t = `y`;\n````');
  });

  it('keeps blank lines inside code but never more than one blank line elsewhere', () => {
    const markdown = toMarkdown('<p>a</p><div><br><br><br></div><p>b</p><pre><code>one\n\n\ntwo</code></pre>');
    expect(markdown).toBe('a\n\nb\n\n```\none\n\n\ntwo\n```');
  });

  it('escapes pipes inside table cells', () => {
    const markdown = toMarkdown('<table><tr><th>Op</th><th>Meaning</th></tr><tr><td><code>a | b</code></td><td>x | y</td></tr></table>');
    expect(markdown).toBe('| Op | Meaning |\n| --- | --- |\n| `a \\| b` | x \\| y |');
  });

  it('indents nested lists under their parent item', () => {
    const markdown = toMarkdown('<ul><li>One<ul><li>Two<ol><li>Three</li></ol></li></ul></li><li>Four</li></ul>');
    expect(markdown).toBe('- One\n  - Two\n    1. Three\n- Four');
  });

  it('resolves relative links and images against baseUrl and keeps alt text', () => {
    const markdown = toMarkdown('<p><a href="../b.html">B</a> <img src="img/c.png" alt="A chart"></p>', { baseUrl: 'https://site.example/a/page.html' });
    expect(markdown).toBe('[B](https://site.example/b.html) ![A chart](https://site.example/a/img/c.png)');
  });

  it('turns details and definition lists into readable paragraphs', () => {
    expect(toMarkdown('<details><summary>Why?</summary><p>Because.</p></details>')).toBe('**Why?**\n\nBecause.');
    expect(toMarkdown('<dl><dt>Ebb</dt><dd>The falling tide.</dd></dl>')).toBe('**Ebb**\n\nThe falling tide.');
  });

  it('drops javascript: and empty links but keeps their text', () => {
    expect(toMarkdown('<p><a href="javascript:void(0)">Claim</a> now<a href="https://x.example/"></a></p>')).toBe('Claim now');
  });

  it('leaves no trailing whitespace except two-space hard breaks followed by text', () => {
    const markdown = toMarkdown('<p>line one<br>line two   </p><p>end<br></p>');
    expect(markdown).toBe('line one  \nline two\n\nend');
    for (const line of markdown.split('\n')) expect(line === line.trimEnd() || line.endsWith('  ')).toBe(true);
  });

  it('renders a heading that links to itself as plain heading text', () => {
    expect(toMarkdown('<h2 id="s"><a href="#s">Section</a></h2>')).toBe('## Section');
  });

  it('returns an empty string for empty input', () => {
    expect(toMarkdown('')).toBe('');
  });
});
