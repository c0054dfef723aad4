/**
 * Trawl's engine: a local, Firecrawl-compatible scraping and crawling service.
 * `createEngine` starts one; everything else here is the wire contract and the browser seam.
 */
export { createEngine, type CreateEngineOptions, type Engine } from './engine.js';
export type { BrowserProvider } from './browser/provider.js';
export type { EngineOptionsInput } from './config/engine-options.js';
export type { JobEvent } from './jobs/events.js';
export type { JobSummary } from './jobs/job-summary.js';
export { ENGINE_VERSION } from './version.js';
export * as contracts from './contracts/index.js';
