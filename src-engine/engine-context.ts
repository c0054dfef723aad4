import type { EngineOptions } from './config/engine-options.js';
import type { SettingsService } from './config/settings-service.js';
import type { JobManager } from './jobs/job-manager.js';
import type { EngineEvents } from './jobs/events.js';
import type { LlmClient } from './llm/chat-client.js';
import type { MapService } from './map/map-service.js';
import type { ScrapeService } from './scrape/scrape-service.js';
import type { Store } from './store/store.js';

/** What the API routes use of the engine. */
export interface EngineContext {
  readonly options: EngineOptions;
  readonly version: string;
  readonly startedAt: number;
  readonly store: Store;
  readonly scraper: ScrapeService;
  readonly jobs: JobManager;
  readonly events: EngineEvents;
  readonly settings: SettingsService;
  readonly mapper: MapService;
  llm(): LlmClient | undefined;
  browserStatus(): { available: boolean; description: string };
  activeTasks(): number;
  /** Adds to the engine-wide credits counter (reported by /v2/team/credit-usage). */
  addCredits(credits: number): void;
  creditsUsed(): number;
}
