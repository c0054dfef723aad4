import { Zip, ZipDeflate, strToU8 } from 'fflate';
import type { LibraryDocument } from '../db/library-db';
import { csvRow } from './csv-row';
import { frontMatter } from './front-matter';
import { UniquePaths, markdownPathFor } from './markdown-path';

export type ExportFormat = 'json' | 'jsonl' | 'csv' | 'zip';

/** Receives documents one by one and produces the bytes of one export file, piece by piece. */
export interface ExportWriter {
  readonly mimeType: string;
  readonly extension: string;
  /** Adds one document. */
  write(doc: LibraryDocument): void;
  /** Ends the file; returns the pieces written since the last call. */
  finish(): BlobPart[];
  /** Takes the pieces written so far (so they can be handed on without keeping a copy). */
  drain(): BlobPart[];
}

/** The document as exported: the engine's document plus the library's own fields. */
export function exportRecord(doc: LibraryDocument): Record<string, unknown> {
  return { ...doc.doc, library: { id: doc.id, tags: doc.tags, notes: doc.notes, savedAt: new Date(doc.savedAt).toISOString(), jobId: doc.jobId } };
}

/** The CSV columns: one row per page, its metadata, the library fields, then the markdown. */
export const CSV_COLUMNS = [
  'url', 'title', 'description', 'language', 'statusCode', 'contentType', 'sourceURL', 'scrapeId',
  'jobId', 'tags', 'notes', 'savedAt', 'error', 'markdown',
] as const;

function csvValues(doc: LibraryDocument): unknown[] {
  const m = doc.doc.metadata ?? {};
  return [
    doc.url, doc.title, m.description, m.language, doc.statusCode || '', m.contentType, m.sourceURL, m.scrapeId,
    doc.jobId ?? '', doc.tags.join('; '), doc.notes, new Date(doc.savedAt).toISOString(), m.error, doc.doc.markdown ?? '',
  ];
}

abstract class TextWriter implements ExportWriter {
  abstract readonly mimeType: string;
  abstract readonly extension: string;
  protected parts: BlobPart[] = [];
  abstract write(doc: LibraryDocument): void;
  finish(): BlobPart[] {
    return this.drain();
  }
  drain(): BlobPart[] {
    const out = this.parts;
    this.parts = [];
    return out;
  }
}

class JsonWriter extends TextWriter {
  readonly mimeType = 'application/json';
  readonly extension = 'json';
  private count = 0;
  write(doc: LibraryDocument): void {
    this.parts.push(`${this.count++ === 0 ? '[\n' : ',\n'}${JSON.stringify(exportRecord(doc))}`);
  }
  override finish(): BlobPart[] {
    this.parts.push(this.count === 0 ? '[]\n' : '\n]\n');
    return this.drain();
  }
}

class JsonlWriter extends TextWriter {
  readonly mimeType = 'application/x-ndjson';
  readonly extension = 'jsonl';
  write(doc: LibraryDocument): void {
    this.parts.push(`${JSON.stringify(exportRecord(doc))}\n`);
  }
}

class CsvWriter extends TextWriter {
  readonly mimeType = 'text/csv';
  readonly extension = 'csv';
  constructor() {
    super();
    this.parts.push(`\uFEFF${csvRow([...CSV_COLUMNS])}`);
  }
  write(doc: LibraryDocument): void {
    this.parts.push(csvRow(csvValues(doc)));
  }
}

/** The Markdown file of one page: front matter, then the page's markdown. */
export function markdownFile(doc: LibraryDocument): string {
  const m = doc.doc.metadata ?? {};
  const head = frontMatter({
    title: doc.title,
    url: doc.url,
    sourceURL: typeof m.sourceURL === 'string' ? m.sourceURL : undefined,
    statusCode: doc.statusCode,
    description: typeof m.description === 'string' ? m.description : undefined,
    language: typeof m.language === 'string' ? m.language : undefined,
    jobId: doc.jobId,
    savedAt: new Date(doc.savedAt).toISOString(),
    tags: doc.tags,
    notes: doc.notes || undefined,
  });
  return `${head}\n${doc.doc.markdown ?? ''}\n`;
}

class MarkdownZipWriter implements ExportWriter {
  readonly mimeType = 'application/zip';
  readonly extension = 'zip';
  private parts: BlobPart[] = [];
  private readonly paths = new UniquePaths();
  private readonly zip = new Zip((error, chunk) => {
    if (error) throw error;
    this.parts.push(new Uint8Array(chunk));
  });

  write(doc: LibraryDocument): void {
    const entry = new ZipDeflate(this.paths.claim(markdownPathFor(doc.url)), { level: 6 });
    entry.mtime = new Date(doc.savedAt);
    this.zip.add(entry);
    entry.push(strToU8(markdownFile(doc)), true);
  }
  finish(): BlobPart[] {
    this.zip.end();
    return this.drain();
  }
  drain(): BlobPart[] {
    const out = this.parts;
    this.parts = [];
    return out;
  }
}

/** A writer for the chosen format. */
export function createExportWriter(format: ExportFormat): ExportWriter {
  switch (format) {
    case 'json':
      return new JsonWriter();
    case 'jsonl':
      return new JsonlWriter();
    case 'csv':
      return new CsvWriter();
    case 'zip':
      return new MarkdownZipWriter();
  }
}
