/**
 * Writes small, valid PDFs by hand (Helvetica text lines at given sizes and positions) so
 * the PDF tests control exactly what each page says and how it is set.
 */

export interface PdfTextLine {
  text: string;
  /** Font size in points. */
  size: number;
  /** Baseline from the bottom of a 612×792 page, in points. */
  y: number;
  x?: number;
}

export interface PdfSpec {
  pages: PdfTextLine[][];
  title?: string;
}

function escapePdfString(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
}

/** Builds a PDF document with one content stream per page. */
export function buildPdf(spec: PdfSpec): Buffer {
  const objects: string[] = [];
  const pageCount = spec.pages.length;
  const firstPageObject = 4;
  const kids = spec.pages.map((_, i) => `${firstPageObject + i * 2} 0 R`).join(' ');
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  spec.pages.forEach((lines, i) => {
    const contentObject = firstPageObject + i * 2 + 1;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentObject} 0 R >>`,
    );
    const stream = lines
      .map((line) => `BT /F1 ${line.size} Tf ${line.x ?? 72} ${line.y} Td (${escapePdfString(line.text)}) Tj ET`)
      .join('\n');
    objects.push(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
  });
  const infoObject = objects.length + 1;
  objects.push(`<< /Title (${escapePdfString(spec.title ?? '')}) /Producer (Trawl tests) >>`);

  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${infoObject} 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Lines of body text from `top` downwards with the given leading. */
export function paragraph(sentences: string[], top: number, size = 11, leading = 14): PdfTextLine[] {
  return sentences.map((text, i) => ({ text, size, y: top - i * leading }));
}
