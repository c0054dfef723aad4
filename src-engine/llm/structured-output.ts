import { EngineError } from '../errors/engine-error.js';
import {
  postChatCompletion,
  type ChatEndpoint,
  type ChatHttpErrorDetails,
  type ChatMessage,
  type ChatReply,
  type ResponseFormat,
} from './chat-completions.js';
import { parseModelJson } from './model-json.js';
import { compileSchema, type SchemaValidator } from './schema-validator.js';

/**
 * How a server is asked for JSON, best first: `json_schema` (structured output, the schema is
 * enforced by the server), `json_object` (JSON mode, the schema goes into the prompt), `prompt`
 * (no `response_format` at all; the schema goes into the prompt and the JSON is read from text).
 */
export type OutputMode = 'json_schema' | 'json_object' | 'prompt';

const MODES: readonly OutputMode[] = ['json_schema', 'json_object', 'prompt'];

/** Per-client memory of the best mode the server accepted, so later calls skip refused modes. */
export interface OutputModeMemory {
  mode: OutputMode;
}

export interface StructuredRequest {
  system: string;
  user: string;
  schema?: unknown;
  signal?: AbortSignal;
}

/** A 4xx/501 whose text shows the server does not support the requested `response_format`. */
function isFormatRefusal(error: unknown): boolean {
  if (!(error instanceof EngineError) || error.code !== 'LLM_ERROR') return false;
  const details = error.details as ChatHttpErrorDetails | undefined;
  if (!details || ![400, 415, 422, 501].includes(details.httpStatus)) return false;
  return /response.?format|json.?schema|json.?object|structured|schema|grammar|format|not supported|unsupported/i.test(
    details.serverMessage,
  );
}

function isObjectSchema(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  const s = schema as Record<string, unknown>;
  return s.type === 'object' || (s.type === undefined && typeof s.properties === 'object');
}

/** Chat servers answer JSON objects only; any other root schema travels wrapped in `{ data }`. */
function wrapForServer(schema: unknown): { schema: unknown; unwrap: (v: unknown) => unknown } {
  if (schema === undefined || isObjectSchema(schema)) return { schema, unwrap: (v) => v };
  return {
    schema: { type: 'object', properties: { data: schema }, required: ['data'], additionalProperties: false },
    unwrap: (v) => (v && typeof v === 'object' && 'data' in v ? (v as { data: unknown }).data : v),
  };
}

function responseFormatFor(mode: OutputMode, schema: unknown): ResponseFormat | undefined {
  if (mode === 'json_schema') return { type: 'json_schema', json_schema: { name: 'extraction', schema, strict: false } };
  if (mode === 'json_object') return { type: 'json_object' };
  return undefined;
}

function systemFor(mode: OutputMode, system: string, schema: unknown): string {
  if (mode === 'json_schema') return system;
  if (schema === undefined) return `${system}\n\nAnswer with one JSON object and nothing else.`;
  return `${system}\n\nAnswer with one JSON object that is valid against this JSON Schema, and nothing else:\n${JSON.stringify(schema)}`;
}

function checkRefusal(reply: ChatReply): void {
  if (reply.refusal) throw new EngineError('LLM_ERROR', `The model refused to answer: ${reply.refusal}`);
  if (reply.finishReason === 'content_filter') {
    throw new EngineError('LLM_ERROR', 'The model refused to answer (its content filter stopped the answer).');
  }
}

/** Parses and validates one answer; returns the problem in words when it is not acceptable. */
function readAnswer(
  reply: ChatReply,
  validator: SchemaValidator | undefined,
): { ok: true; value: unknown } | { ok: false; problem: string } {
  const parsed = parseModelJson(reply.content);
  if (!parsed.ok) {
    const truncated = reply.finishReason === 'length' ? ' (the answer was cut off at the token limit)' : '';
    return { ok: false, problem: `the answer is not valid JSON${truncated}` };
  }
  if (!validator) {
    const isObject = parsed.value !== null && typeof parsed.value === 'object' && !Array.isArray(parsed.value);
    return isObject ? { ok: true, value: parsed.value } : { ok: false, problem: 'the answer is not a JSON object' };
  }
  const check = validator.validate(parsed.value);
  return check.valid ? { ok: true, value: parsed.value } : { ok: false, problem: `it does not match the schema: ${check.errors}` };
}

/**
 * Asks for JSON in the best mode the server accepts, falling back from `json_schema` to
 * `json_object` to a plain prompt when the server refuses a mode (and remembering that in
 * `memory`), validates the answer against the schema, and asks the model once to repair an
 * invalid answer. Failures end in `LLM_ERROR`.
 */
export async function completeStructured(
  endpoint: ChatEndpoint,
  memory: OutputModeMemory,
  request: StructuredRequest,
): Promise<unknown> {
  const validator = request.schema === undefined ? undefined : compileSchema(request.schema);
  const wrapped = wrapForServer(request.schema);
  const serverValidator = wrapped.schema === request.schema ? validator : compileSchema(wrapped.schema);

  let modeIndex = MODES.indexOf(memory.mode);
  if (request.schema === undefined) modeIndex = Math.max(modeIndex, MODES.indexOf('json_object'));
  // A request that skipped json_schema learns nothing about it (LM Studio takes json_schema but refuses json_object).
  const startedFromMemory = modeIndex === MODES.indexOf(memory.mode);
  let downgraded = false;

  for (;;) {
    const mode = MODES[modeIndex]!;
    const messages: ChatMessage[] = [
      { role: 'system', content: systemFor(mode, request.system, wrapped.schema) },
      { role: 'user', content: request.user },
    ];
    const responseFormat = responseFormatFor(mode, wrapped.schema);
    let reply: ChatReply;
    try {
      reply = await postChatCompletion(endpoint, { messages, responseFormat, signal: request.signal });
    } catch (error) {
      if (modeIndex < MODES.length - 1 && isFormatRefusal(error)) {
        modeIndex++;
        downgraded = true;
        continue;
      }
      throw error;
    }
    if (downgraded && startedFromMemory) memory.mode = mode;
    checkRefusal(reply);

    const first = readAnswer(reply, serverValidator);
    if (first.ok) return wrapped.unwrap(first.value);

    const repairMessages: ChatMessage[] = [
      ...messages,
      { role: 'assistant', content: reply.content },
      {
        role: 'user',
        content: `Your answer cannot be used because ${first.problem}. Reply again with only the corrected JSON.`,
      },
    ];
    const repaired = await postChatCompletion(endpoint, { messages: repairMessages, responseFormat, signal: request.signal });
    checkRefusal(repaired);
    const second = readAnswer(repaired, serverValidator);
    if (second.ok) return wrapped.unwrap(second.value);
    throw new EngineError(
      'LLM_ERROR',
      `The model's answer could not be used after one repair attempt: ${second.problem}.`,
    );
  }
}
