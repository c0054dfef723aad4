import { fetch } from 'undici';
import { EngineError } from '../errors/engine-error.js';

/** One message of the OpenAI Chat Completions wire format. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Where and how to reach an OpenAI-compatible server. */
export interface ChatEndpoint {
  /** Base URL including the API prefix, e.g. `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

/** The `response_format` sent with a request; `undefined` means plain text. */
export type ResponseFormat =
  | { type: 'json_schema'; json_schema: { name: string; schema: unknown; strict: boolean } }
  | { type: 'json_object' };

export interface ChatRequest {
  messages: ChatMessage[];
  responseFormat?: ResponseFormat;
  maxTokens?: number;
  signal?: AbortSignal;
}

/** What the server answered: the first choice only. */
export interface ChatReply {
  content: string;
  refusal?: string;
  finishReason?: string;
  model?: string;
}

/** Details attached to an `LLM_ERROR` raised for an HTTP error answer. */
export interface ChatHttpErrorDetails {
  httpStatus: number;
  serverMessage: string;
}

const MAX_SERVER_MESSAGE = 300;

/** Joins the base URL and an API path without doubling or dropping slashes. */
export function endpointUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** Reads the error text an OpenAI-compatible server put in its body (`{error:{message}}`, `{error}`, `{detail}` or text). */
function serverMessageOf(body: string): string {
  let message = body;
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    const error = parsed.error;
    if (typeof error === 'string') message = error;
    else if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
      message = (error as { message: string }).message;
    } else if (typeof parsed.detail === 'string') message = parsed.detail;
    else if (typeof parsed.message === 'string') message = parsed.message;
  } catch {
    // Not JSON: keep the text.
  }
  const flat = message.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_SERVER_MESSAGE ? `${flat.slice(0, MAX_SERVER_MESSAGE)}…` : flat;
}

function httpError(endpoint: ChatEndpoint, status: number, serverMessage: string): EngineError {
  const said = serverMessage ? `: ${serverMessage}` : '';
  let hint = '';
  if (status === 401 || status === 403) hint = ' Check the API key (TRAWL_LLM_API_KEY or Settings → LLM provider).';
  else if (status === 404) {
    hint = ` Check the base URL (it usually ends in /v1) and that the model "${endpoint.model}" exists on the server.`;
  } else if (status === 429) hint = ' The server is rate limiting requests; try again later.';
  const details: ChatHttpErrorDetails = { httpStatus: status, serverMessage };
  return new EngineError('LLM_ERROR', `The model server at ${endpoint.baseUrl} answered HTTP ${status}${said}.${hint}`, {
    details,
    retryable: status === 429 || status >= 500,
  });
}

function networkError(endpoint: ChatEndpoint, error: unknown): EngineError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? (error as { code?: string }).code;
  const reason =
    code === 'ECONNREFUSED'
      ? 'connection refused; is the server running?'
      : code === 'ENOTFOUND'
        ? 'host not found'
        : (cause?.message ?? (error as Error).message ?? String(error));
  return new EngineError('LLM_ERROR', `Could not reach the model server at ${endpoint.baseUrl} (${reason}).`, {
    cause: error,
    retryable: true,
  });
}

function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}

/** Removes the `<think>…</think>` block that reasoning models put before their answer. */
function withoutReasoning(content: string): string {
  return content.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
}

function parseReply(endpoint: ChatEndpoint, text: string): ChatReply {
  let body: {
    model?: unknown;
    choices?: { message?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown }[];
  };
  try {
    body = JSON.parse(text);
  } catch {
    throw new EngineError('LLM_ERROR', `The model server at ${endpoint.baseUrl} sent an answer that is not JSON.`);
  }
  const choice = Array.isArray(body.choices) ? body.choices[0] : undefined;
  if (!choice || typeof choice !== 'object') {
    throw new EngineError('LLM_ERROR', `The model server at ${endpoint.baseUrl} sent an answer without choices.`);
  }
  const content = typeof choice.message?.content === 'string' ? withoutReasoning(choice.message.content) : '';
  const refusal = typeof choice.message?.refusal === 'string' && choice.message.refusal ? choice.message.refusal : undefined;
  return {
    content,
    refusal,
    finishReason: typeof choice.finish_reason === 'string' ? choice.finish_reason : undefined,
    model: typeof body.model === 'string' ? body.model : undefined,
  };
}

/**
 * Sends one Chat Completions request (`POST {baseUrl}/chat/completions`) and returns the first choice.
 * Every failure becomes an `LLM_ERROR` with a message a user can act on: no answer within
 * `timeoutMs`, unreachable server, HTTP error (with the server's own message), malformed answer.
 * An abort of the caller's `signal` rethrows the signal's reason.
 */
export async function postChatCompletion(endpoint: ChatEndpoint, request: ChatRequest): Promise<ChatReply> {
  const timeout = AbortSignal.timeout(endpoint.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const body: Record<string, unknown> = {
    model: endpoint.model,
    messages: request.messages,
    temperature: 0,
    stream: false,
  };
  if (request.responseFormat) body.response_format = request.responseFormat;
  if (request.maxTokens !== undefined) body.max_tokens = request.maxTokens;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;

  try {
    const response = await fetch(endpointUrl(endpoint.baseUrl, 'chat/completions'), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal,
    });
    const text = await response.text();
    if (!response.ok) throw httpError(endpoint, response.status, serverMessageOf(text));
    return parseReply(endpoint, text);
  } catch (error) {
    if (error instanceof EngineError) throw error;
    if (request.signal?.aborted) throw request.signal.reason;
    if (timeout.aborted) {
      throw new EngineError(
        'LLM_ERROR',
        `The model server at ${endpoint.baseUrl} did not answer within ${formatDuration(endpoint.timeoutMs)} (model "${endpoint.model}").`,
        { retryable: true },
      );
    }
    throw networkError(endpoint, error);
  }
}
