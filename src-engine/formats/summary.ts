import type { LlmClient } from '../llm/chat-client.js';
import { extractiveSummary } from '../llm/extractive-summary.js';
import { offlineWarning } from '../llm/llm-not-configured.js';
import { trimInput } from '../llm/trim-input.js';

const SYSTEM_PROMPT =
  "You summarize web pages. Write a concise summary of the page's main content in three to five sentences, " +
  'in the language of the page. Answer with the summary only: no title, no preamble, no markdown.';

/**
 * Produces `data.summary`. With a model: the model's summary of the page's markdown (trimmed to
 * its context, main content first). Without one: an extractive summary, the most central
 * sentences of the main content, with a warning saying it was made without a model.
 */
export async function produceSummary(input: {
  markdown: string;
  llm?: LlmClient;
  signal?: AbortSignal;
}): Promise<{ summary: string; warning?: string }> {
  const { markdown, llm } = input;
  if (llm) {
    const { text } = trimInput(markdown, llm.maxInputChars);
    if (!text) return { summary: '' };
    const summary = await llm.completeText({ system: SYSTEM_PROMPT, user: text, signal: input.signal });
    return { summary: summary.trim() };
  }
  return {
    summary: extractiveSummary(markdown),
    warning: offlineWarning('The summary', "it is made of the page's most central sentences, chosen by word overlap"),
  };
}
