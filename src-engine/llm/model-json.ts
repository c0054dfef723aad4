/**
 * Reads the JSON value out of a model's answer. Models without structured output often wrap
 * the JSON in a ```json fence or add a sentence before or after it; this finds the value anyway.
 * Returns `{ ok: false }` when no JSON value can be read.
 */
export function parseModelJson(text: string): { ok: true; value: unknown } | { ok: false } {
  const trimmed = text.trim();
  const direct = tryParse(trimmed);
  if (direct.ok) return direct;

  const fenced = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(trimmed);
  if (fenced) {
    const inFence = tryParse(fenced[1]!.trim());
    if (inFence.ok) return inFence;
  }

  const start = trimmed.search(/[[{]/);
  if (start === -1) return { ok: false };
  const end = matchingClose(trimmed, start);
  if (end === -1) return { ok: false };
  return tryParse(trimmed.slice(start, end + 1));
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Index of the bracket closing the one at `start`, honouring strings; -1 when unbalanced. */
function matchingClose(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}
