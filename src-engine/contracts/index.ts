/**
 * The /v2 wire: zod schemas and TypeScript types. The one source of truth shared by the API
 * (validation), the engine (typed options) and the UI (forms).
 */
export * from './url.js';
export * from './formats.js';
export * from './actions.js';
export * from './location.js';
export * from './webhook.js';
export * from './scrape-options.js';
export * from './crawl.js';
export * from './batch.js';
export * from './map.js';
export * from './document.js';
export * from './engine-extensions.js';
