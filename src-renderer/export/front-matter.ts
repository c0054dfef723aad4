/** A value front matter can hold. */
export type FrontMatterValue = string | number | boolean | null | string[];

/**
 * YAML front matter for a Markdown file. Strings are written as JSON strings, which YAML reads
 * as double-quoted scalars, so any title or URL (colons, quotes, newlines) stays valid.
 */
export function frontMatter(fields: Record<string, FrontMatterValue | undefined>): string {
  const lines = ['---'];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) lines.push(`${key}: [${value.map((v) => JSON.stringify(v)).join(', ')}]`);
    else lines.push(`${key}: ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`);
  }
  lines.push('---', '');
  return lines.join('\n');
}
