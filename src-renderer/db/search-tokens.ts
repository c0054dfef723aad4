const MAX_TOKENS = 4000;

/** Lower-cased words of a text (letters and digits of any script), 2 to 40 characters long. */
export function tokenize(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]{2,40}/gu) ?? []);
}

/**
 * The distinct words a document is found by: its title, URL and markdown. Capped so that one
 * huge page cannot bloat the index.
 */
export function searchWords(fields: { title?: string; url: string; markdown?: string }): string[] {
  const words = new Set<string>();
  for (const text of [fields.title ?? '', fields.url, fields.markdown ?? '']) {
    for (const word of tokenize(text)) {
      words.add(word);
      if (words.size >= MAX_TOKENS) return [...words];
    }
  }
  return [...words];
}
