/** A markdown table from a header row and body rows (cells are escaped for pipes). */
export function markdownTable(header: string[], rows: (string | number)[][], align?: ('l' | 'r')[]): string {
  const cell = (v: string | number) => String(v).replace(/\|/g, '\\|');
  const rule = header.map((_, i) => ((align?.[i] ?? (i === 0 ? 'l' : 'r')) === 'r' ? '---:' : '---'));
  return [`| ${header.map(cell).join(' | ')} |`, `| ${rule.join(' | ')} |`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join(
    '\n',
  );
}
