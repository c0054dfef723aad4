import type { LibraryDocument } from '../db/library-db';
import { createExportWriter, type ExportFormat } from './export-writers';

export interface ExportProgress {
  done: number;
  total: number;
}

export interface ExportRequest {
  format: ExportFormat;
  /** Ids of the documents, in export order. */
  ids: string[];
  /** Loads a slice of documents by id. */
  load: (ids: string[]) => Promise<LibraryDocument[]>;
  onProgress?: (progress: ExportProgress) => void;
  signal?: AbortSignal;
  /** Documents read per step; between steps the UI gets the main thread back. */
  chunkSize?: number;
}

const yieldToUi = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Writes the documents into one export file, a chunk at a time, so that tens of thousands of
 * documents never sit in memory together and the UI keeps responding. Returns the file.
 */
export async function runExport(request: ExportRequest): Promise<{ blob: Blob; extension: string }> {
  const writer = createExportWriter(request.format);
  const chunkSize = request.chunkSize ?? 200;
  const parts: BlobPart[] = [];
  let done = 0;
  request.onProgress?.({ done, total: request.ids.length });
  for (let i = 0; i < request.ids.length; i += chunkSize) {
    if (request.signal?.aborted) throw new DOMException('Export cancelled', 'AbortError');
    const docs = await request.load(request.ids.slice(i, i + chunkSize));
    for (const doc of docs) writer.write(doc);
    done += docs.length;
    // Fold the chunk's pieces into one Blob so the page holds a handle, not many strings.
    parts.push(new Blob(writer.drain()));
    request.onProgress?.({ done, total: request.ids.length });
    await yieldToUi();
  }
  parts.push(new Blob(writer.finish()));
  return { blob: new Blob(parts, { type: writer.mimeType }), extension: writer.extension };
}
