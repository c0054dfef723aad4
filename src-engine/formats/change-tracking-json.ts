import type { ChangeTrackingFormat } from '../contracts/formats.js';
import type { LlmClient } from '../llm/chat-client.js';
import { llmNotConfiguredError } from '../llm/llm-not-configured.js';
import { trimInput } from '../llm/trim-input.js';
import { produceJson } from './json.js';

/** One scraped version of a page, as change tracking compares them. */
export interface TrackedPage {
  markdown: string;
  html: string;
  url: string;
  metadata: Record<string, unknown>;
}

/** A field whose value differs between the previous and the current version. */
export interface ChangedField {
  previous: unknown;
  current: unknown;
}

/** JSON text with object keys sorted, so that key order alone never counts as a change. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * `changeTracking.json` for a schema: an object with one entry per top-level field whose value
 * changed, `{ previous, current }`; unchanged fields are left out, so `{}` means nothing changed.
 * A field present in only one version counts as changed, with `null` for the side that lacks it.
 * Values are compared by content (object key order does not matter). `previous: null` (no earlier
 * version) reports every field of `current` as `{ previous: null, current }`. When either side
 * is not an object, the result is `{ previous, current }` for the whole value if it changed.
 */
export function computeChangeTrackingJson(input: {
  previous: unknown | null;
  current: unknown;
}): Record<string, ChangedField> | ChangedField {
  const previous = input.previous ?? {};
  const { current } = input;
  if (!isRecord(previous) || !isRecord(current)) {
    return canonical(previous) === canonical(current) ? {} : { previous: input.previous ?? null, current };
  }
  const result: Record<string, ChangedField> = {};
  for (const key of new Set([...Object.keys(previous), ...Object.keys(current)])) {
    const before = previous[key];
    const after = current[key];
    if (canonical(before) !== canonical(after)) result[key] = { previous: before ?? null, current: after ?? null };
  }
  return result;
}

/** Whether changeTracking json mode can only be served by a model (it has no schema). */
export function changeTrackingJsonRequiresLlm(format: Pick<ChangeTrackingFormat, 'schema' | 'modes'>): boolean {
  return format.modes.includes('json') && (format.schema === undefined || format.schema === null);
}

/** The schema's fields as extracted from one version of the page (via the json format). */
export function extractTrackedFields(input: {
  page: TrackedPage;
  format: ChangeTrackingFormat;
  llm?: LlmClient;
  signal?: AbortSignal;
}): Promise<{ json: unknown; warning?: string }> {
  const { page, format, llm, signal } = input;
  return produceJson({ ...page, format: { type: 'json', schema: format.schema, prompt: format.prompt }, llm, signal });
}

const DIFF_SYSTEM_PROMPT =
  'Analyze the differences between the previous and the current content of a web page and describe the changes as one JSON object.';

/**
 * `changeTracking.json` for a changed page. With a schema: the schema's fields are extracted from
 * both versions (by the model, or offline from structured data) and compared field by field
 * (`computeChangeTrackingJson`); pass `previousFields` (the `current` returned last time) to skip
 * extracting the previous version again. Without a schema: the model describes the changes
 * following the format's prompt; with no model that is `LLM_NOT_CONFIGURED`.
 */
export async function produceChangeTrackingJson(input: {
  current: TrackedPage;
  previous: TrackedPage | null;
  previousFields?: unknown;
  format: ChangeTrackingFormat;
  llm?: LlmClient;
  signal?: AbortSignal;
}): Promise<{ json: unknown; current?: unknown; warning?: string }> {
  const { format, llm, signal } = input;
  if (format.schema === undefined || format.schema === null) {
    if (!llm) throw llmNotConfiguredError('changeTracking json mode without a schema');
    const half = Math.floor(llm.maxInputChars / 2);
    const before = input.previous ? trimInput(input.previous.markdown, half).text : '(no previous version)';
    const after = trimInput(input.current.markdown, half).text;
    const instructions = format.prompt ? `Instructions: ${format.prompt}\n\n` : '';
    const json = await llm.completeJson({
      system: DIFF_SYSTEM_PROMPT,
      user: `${instructions}Previous content:\n${before}\n\nCurrent content:\n${after}`,
      signal,
    });
    return { json };
  }

  const current = await extractTrackedFields({ page: input.current, format, llm, signal });
  let previousFields: unknown = input.previousFields;
  if (previousFields === undefined) {
    previousFields = input.previous ? (await extractTrackedFields({ page: input.previous, format, llm, signal })).json : null;
  }
  return {
    json: computeChangeTrackingJson({ previous: previousFields, current: current.json }),
    current: current.json,
    warning: current.warning,
  };
}
