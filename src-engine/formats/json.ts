import type { JsonFormat } from '../contracts/formats.js';
import type { LlmClient } from '../llm/chat-client.js';
import { llmNotConfiguredError, offlineWarning } from '../llm/llm-not-configured.js';
import { fillSchemaFromStructuredData } from '../llm/schema-filler.js';
import { compileSchema } from '../llm/schema-validator.js';
import { extractStructuredData } from '../llm/structured-data.js';
import { trimInput } from '../llm/trim-input.js';

/** What the json format reads from a scraped page. */
export interface JsonFormatInput {
  markdown: string;
  html: string;
  url: string;
  metadata: Record<string, unknown>;
  format: JsonFormat;
  llm?: LlmClient;
  signal?: AbortSignal;
}

const SYSTEM_PROMPT =
  'You extract structured data from one web page. Use only what the page says; do not invent values. ' +
  'When the page does not give a value, leave the field out unless the schema requires it.';

const hasSchema = (format: { schema?: unknown }) => format.schema !== undefined && format.schema !== null;

/**
 * Whether this json format can only be served by a model: it has no schema (a prompt alone, or
 * nothing). The API rejects such requests up front with 400 `LLM_NOT_CONFIGURED` when no model
 * is configured. (A page with a json format costs 5 credits either way.)
 */
export function requiresLlm(format: Pick<JsonFormat, 'schema' | 'prompt'>): boolean {
  return !hasSchema(format);
}

function pageMessage(input: { markdown: string; url: string; metadata: Record<string, unknown> }, prompt: string | undefined, maxChars: number): string {
  const { text } = trimInput(input.markdown, maxChars);
  const title = typeof input.metadata.title === 'string' ? `\nTitle: ${input.metadata.title}` : '';
  const instructions = prompt ? `Instructions: ${prompt}\n\n` : 'Extract the main information of the page.\n\n';
  return `${instructions}Page URL: ${input.url}${title}\n\nPage content (markdown):\n${text}`;
}

/** Drops optional top-level fields whose filled value the schema rejects (a pattern, a range). */
function pruneInvalid(value: unknown, schema: unknown): { value: unknown; valid: boolean } {
  const validator = compileSchema(schema);
  const first = validator.validate(value);
  if (first.valid) return { value, valid: true };
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { value, valid: false };
  const required = new Set(((schema as { required?: unknown }).required as string[] | undefined) ?? []);
  const pruned = { ...(value as Record<string, unknown>) };
  for (const path of first.paths) {
    const key = decodeURIComponent(path.split('/')[1] ?? '').replace(/~1/g, '/').replace(/~0/g, '~');
    if (key && !required.has(key)) delete pruned[key];
  }
  return { value: pruned, valid: validator.validate(pruned).valid };
}

/**
 * Produces `data.json`. With a model: the page (trimmed to the model's context, main content
 * first) goes to the model with the format's prompt, and the answer is valid against the schema
 * (or the call fails with `LLM_ERROR`). Without a model and with a schema: the schema is filled
 * from the page's structured data (JSON-LD, microdata, OpenGraph and meta tags, table and
 * definition-list labels) with a warning saying so. Without a model and without a schema:
 * `LLM_NOT_CONFIGURED`. An invalid schema is a `BAD_REQUEST`.
 */
export async function produceJson(input: JsonFormatInput): Promise<{ json: unknown; warning?: string }> {
  const { format, llm } = input;
  if (llm) {
    const json = await llm.completeJson({
      system: SYSTEM_PROMPT,
      user: pageMessage(input, format.prompt, llm.maxInputChars),
      schema: hasSchema(format) ? format.schema : undefined,
      signal: input.signal,
    });
    return { json };
  }
  if (!hasSchema(format)) throw llmNotConfiguredError('The json format without a schema');

  compileSchema(format.schema);
  const data = extractStructuredData(input.html);
  const filled = fillSchemaFromStructuredData(format.schema, data, input.metadata);
  const checked = pruneInvalid(filled.value, format.schema);
  const notes = [
    "values were read from the page's structured data (JSON-LD, microdata, OpenGraph and meta tags, tables and definition lists) by matching the schema's property names",
  ];
  if (filled.missing.length) notes.push(`not found on the page: ${filled.missing.join(', ')}`);
  if (!checked.valid) notes.push('some values could not be made to fit the schema');
  if (format.prompt) notes.push('the prompt was not used');
  return { json: checked.value, warning: offlineWarning('The json format', notes.join('; ')) };
}
