import Papa from 'papaparse';
import { invalidUrlReason, normalizeInputUrl } from '../../src-engine/contracts/index';

/** One line of a pasted or imported URL list, checked before the batch starts. */
export interface UrlListEntry {
  /** 1-based line (or CSV row) number. */
  line: number;
  raw: string;
  /** The URL as it will be sent, when valid. */
  url?: string;
  /** Why the entry will not be sent. */
  problem?: string;
}

const URL_COLUMN = /^(url|urls|link|href|address|sourceurl)$/i;

function checkEntries(rows: { line: number; raw: string }[]): UrlListEntry[] {
  const seen = new Set<string>();
  return rows.map(({ line, raw }) => {
    // Browsers' URL parsers escape inner spaces that the engine rejects, so refuse them here.
    const reason = /\s/.test(raw) ? 'Invalid URL' : invalidUrlReason(raw);
    if (reason) return { line, raw, problem: reason };
    const url = normalizeInputUrl(raw);
    if (seen.has(url)) return { line, raw, url, problem: 'Duplicate' };
    seen.add(url);
    return { line, raw, url };
  });
}

/** Parses plain text: one URL per line (blank lines and `#` comments skipped). */
export function parseUrlText(text: string): UrlListEntry[] {
  const rows = text
    .split(/\r\n|\r|\n/)
    .map((raw, i) => ({ line: i + 1, raw: raw.trim() }))
    .filter((r) => r.raw !== '' && !r.raw.startsWith('#'));
  return checkEntries(rows);
}

/**
 * Parses CSV: takes the column named url (or link, href, address), else the first column whose
 * first value looks like a URL, else the first column.
 */
export function parseUrlCsv(text: string): UrlListEntry[] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const rows = parsed.data.filter((r) => Array.isArray(r) && r.length > 0);
  if (rows.length === 0) return [];
  const header = rows[0].map((h) => h.trim());
  let column = header.findIndex((h) => URL_COLUMN.test(h));
  let start = 1;
  if (column === -1) {
    start = 0;
    column = Math.max(0, header.findIndex((h) => /^https?:\/\//i.test(h)));
  }
  const entries = rows
    .slice(start)
    .map((r, i) => ({ line: i + start + 1, raw: (r[column] ?? '').trim() }))
    .filter((r) => r.raw !== '');
  return checkEntries(entries);
}

/** Parses an imported file's text by its name: `.csv` as CSV, anything else as plain text. */
export function parseUrlFile(name: string, text: string): UrlListEntry[] {
  return /\.csv$/i.test(name) ? parseUrlCsv(text) : parseUrlText(text);
}
