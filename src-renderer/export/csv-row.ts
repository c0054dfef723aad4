/** Quotes one CSV field when it holds a comma, quote, or line break (RFC 4180). */
export function csvField(value: unknown): string {
  const text = value === undefined || value === null ? '' : typeof value === 'string' ? value : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, CRLF-terminated. */
export function csvRow(values: unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
