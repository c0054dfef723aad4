import { unzipSync, strFromU8 } from 'fflate';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, createExportWriter, markdownFile, type ExportFormat } from '../../src-renderer/export/export-writers';
import { runExport } from '../../src-renderer/export/run-export';
import { keptDocument } from './document-fixtures';

const docs = [
  keptDocument('http://site.test/a', 'Alpha, "quoted"', '# Alpha\n\nLine one\nLine two'),
  keptDocument('http://site.test/b/', 'Beta', 'Beta body', { tags: ['kept', 'x'], notes: 'note: with colon' }),
  keptDocument('http://other.test:8080/c?q=1', 'Gamma\nnewline', 'Gamma body'),
];

async function exportBytes(format: ExportFormat, list = docs): Promise<Uint8Array> {
  const { blob } = await runExport({ format, ids: list.map((d) => d.id), load: async (ids) => list.filter((d) => ids.includes(d.id)), chunkSize: 2 });
  return new Uint8Array(await blob.arrayBuffer());
}

describe('export writers', () => {
  it('writes JSON as one array with every document and its library fields', async () => {
    const parsed = JSON.parse(new TextDecoder().decode(await exportBytes('json')));
    expect(parsed).toHaveLength(3);
    expect(parsed[1].metadata.title).toBe('Beta');
    expect(parsed[1].library.tags).toEqual(['kept', 'x']);
  });

  it('writes an empty JSON array when there is nothing to export', async () => {
    expect(JSON.parse(new TextDecoder().decode(await exportBytes('json', [])))).toEqual([]);
  });

  it('writes JSONL with one parsable line per document', async () => {
    const lines = new TextDecoder().decode(await exportBytes('jsonl')).trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines.map((l) => JSON.parse(l).metadata.sourceURL)).toEqual(docs.map((d) => d.url));
  });

  it('writes CSV with a header and one row per page, quoting commas, quotes and newlines', async () => {
    const text = new TextDecoder().decode(await exportBytes('csv')).replace(/^\uFEFF/, '');
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual([...CSV_COLUMNS]);
    expect(parsed.data).toHaveLength(3);
    expect(parsed.data[0].title).toBe('Alpha, "quoted"');
    expect(parsed.data[0].markdown).toBe('# Alpha\n\nLine one\nLine two');
    expect(parsed.data[2].title).toBe('Gamma\nnewline');
    expect(parsed.data[1].tags).toBe('kept; x');
  });

  it('writes a ZIP with one Markdown file per page, in a folder per host, with front matter', async () => {
    const entries = unzipSync(await exportBytes('zip'));
    expect(Object.keys(entries).sort()).toEqual(['other.test_8080/c-q-1.md', 'site.test/a.md', 'site.test/b.md']);
    const alpha = strFromU8(entries['site.test/a.md']);
    expect(alpha.startsWith('---\n')).toBe(true);
    expect(alpha).toContain('title: "Alpha, \\"quoted\\""');
    expect(alpha).toContain('url: "http://site.test/a"');
    expect(alpha).toContain('# Alpha');
  });

  it('numbers files whose paths collide instead of overwriting them', async () => {
    const twins = [keptDocument('http://site.test/x', 'One', 'one'), keptDocument('http://site.test/x/', 'Two', 'two')];
    twins[1].id = 'other-id';
    const entries = unzipSync(await exportBytes('zip', twins));
    expect(Object.keys(entries).sort()).toEqual(['site.test/x-2.md', 'site.test/x.md']);
  });

  it('reports progress chunk by chunk', async () => {
    const seen: number[] = [];
    await runExport({ format: 'jsonl', ids: docs.map((d) => d.id), load: async (ids) => docs.filter((d) => ids.includes(d.id)), chunkSize: 1, onProgress: (p) => seen.push(p.done) });
    expect(seen).toEqual([0, 1, 2, 3]);
  });

  it('exports ten thousand documents in chunks', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => keptDocument(`http://site.test/p/${i}`, `Page ${i}`, `Body ${i}`));
    const byId = new Map(many.map((d, i) => [d.id, many[i]]));
    const { blob } = await runExport({ format: 'jsonl', ids: many.map((d) => d.id), load: async (ids) => ids.map((id) => byId.get(id)!) });
    const text = await blob.text();
    expect(text.trimEnd().split('\n')).toHaveLength(10_000);
  });

  it('names the writer output by format', () => {
    expect(createExportWriter('zip').extension).toBe('zip');
    expect(createExportWriter('csv').mimeType).toBe('text/csv');
  });

  it('puts notes and tags into a page’s front matter', () => {
    const text = markdownFile(docs[1]);
    expect(text).toContain('tags: ["kept", "x"]');
    expect(text).toContain('notes: "note: with colon"');
  });
});
