/** Shapes of Trawl's own /v2 extensions (jobs, pages, live events, settings). */

export type {
  EngineSettings,
  JobSummary,
  LiveEvent,
  LlmTestResult,
  PageRecord,
  PageState,
} from '../../src-engine/contracts/engine-extensions.js';
export type { JobKind, JobStatus } from '../../src-engine/contracts/document.js';

export interface SettingsUpdate {
  chromiumPath?: string | null;
  llm?: { baseUrl?: string | null; model?: string | null; apiKey?: string };
  globalConcurrency?: number;
  perHostConcurrency?: number;
  perHostDelayMs?: number;
}
