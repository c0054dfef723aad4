import type { LlmSettings } from '../config/engine-options.js';
import { EngineError } from '../errors/engine-error.js';
import { postChatCompletion, type ChatEndpoint } from './chat-completions.js';
import { completeStructured, type OutputMode, type OutputModeMemory } from './structured-output.js';

/** A request for a JSON answer; with `schema`, the answer is valid against it or the call fails. */
export interface JsonCompletionRequest {
  system: string;
  user: string;
  /** JSON Schema the answer must satisfy (validated with Ajv, one repair round). */
  schema?: unknown;
  signal?: AbortSignal;
}

export interface TextCompletionRequest {
  system: string;
  user: string;
  signal?: AbortSignal;
}

/** Outcome of a connection test for the settings screen. */
export interface ConnectionTestResult {
  ok: boolean;
  /** The model that answered, as the server names it. */
  model?: string;
  error?: string;
}

/**
 * A configured OpenAI-compatible model (OpenAI, Ollama, LM Studio, llama.cpp, vLLM). Every method
 * ends within the configured timeout: with an answer, or with `EngineError('LLM_ERROR')`.
 */
export interface LlmClient {
  /** The settings this client was made from (base URL and model; never logged with the key). */
  readonly baseUrl: string;
  readonly model: string;
  /** Characters of page content that fit the model's context (see `trimInput`). */
  readonly maxInputChars: number;
  /** The best JSON mode the server has accepted so far. */
  readonly outputMode: OutputMode;
  completeJson(request: JsonCompletionRequest): Promise<unknown>;
  completeText(request: TextCompletionRequest): Promise<string>;
  testConnection(): Promise<ConnectionTestResult>;
}

/**
 * Makes the model client from the engine's LLM settings, or returns `undefined` when no model is
 * configured (base URL or model missing): callers then use their offline fallback.
 */
export function createLlmClient(settings: LlmSettings): LlmClient | undefined {
  const baseUrl = settings.baseUrl?.trim();
  const model = settings.model?.trim();
  if (!baseUrl || !model) return undefined;
  const endpoint: ChatEndpoint = {
    baseUrl,
    model,
    apiKey: settings.apiKey?.trim() || undefined,
    timeoutMs: settings.timeoutMs,
  };
  const memory: OutputModeMemory = { mode: 'json_schema' };

  return {
    baseUrl,
    model,
    maxInputChars: settings.maxInputChars,
    get outputMode() {
      return memory.mode;
    },
    completeJson(request) {
      return completeStructured(endpoint, memory, request);
    },
    async completeText(request) {
      const reply = await postChatCompletion(endpoint, {
        messages: [
          { role: 'system', content: request.system },
          { role: 'user', content: request.user },
        ],
        signal: request.signal,
      });
      if (reply.refusal) throw new EngineError('LLM_ERROR', `The model refused to answer: ${reply.refusal}`);
      if (!reply.content) throw new EngineError('LLM_ERROR', `The model "${model}" sent an empty answer.`);
      return reply.content;
    },
    async testConnection() {
      try {
        const reply = await postChatCompletion(endpoint, {
          messages: [{ role: 'user', content: 'Reply with the word OK.' }],
          maxTokens: 16,
        });
        return { ok: true, model: reply.model ?? model };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
