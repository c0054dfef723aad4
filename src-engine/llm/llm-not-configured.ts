import { EngineError } from '../errors/engine-error.js';

/**
 * The 400 given when a request needs a model and none is configured; it names the settings that
 * configure one. `what` says what needed the model, e.g. "The json format with only a prompt".
 */
export function llmNotConfiguredError(what: string): EngineError {
  return new EngineError(
    'LLM_NOT_CONFIGURED',
    `${what} needs a language model, and none is configured. Set TRAWL_LLM_BASE_URL and TRAWL_LLM_MODEL ` +
      '(and TRAWL_LLM_API_KEY if the server needs one), or choose a model in Settings → LLM provider. ' +
      'Any OpenAI-compatible server works (OpenAI, Ollama, LM Studio, llama.cpp, vLLM).',
  );
}

/** The warning put on a document whose `what` was produced without a model. */
export function offlineWarning(what: string, how: string): string {
  return (
    `${what} was produced without a language model (none is configured): ${how}. ` +
    'Set TRAWL_LLM_BASE_URL and TRAWL_LLM_MODEL, or choose a model in Settings → LLM provider, for model output.'
  );
}
