import { EventEmitter } from 'node:events';
import type { ScrapedDocument } from '../contracts/index.js';
import type { PageRecord } from '../store/pages-repo.js';
import type { JobSummary } from './job-summary.js';

/** Live events of the engine; they feed the UI's event stream, the WebSocket watcher and the desktop shell. */
export type JobEvent =
  | { type: 'job.created'; job: JobSummary }
  | { type: 'job.updated'; job: JobSummary }
  | { type: 'job.finished'; job: JobSummary };

export interface PageEvent {
  type: 'job.page';
  jobId: string;
  page: PageRecord;
}

export interface DocumentEvent {
  jobId: string;
  document: ScrapedDocument;
}

interface EventMap {
  job: [JobEvent];
  page: [PageEvent];
  document: [DocumentEvent];
}

/** A typed event bus. Listeners must be quick; slow consumers buffer on their side. */
export class EngineEvents extends EventEmitter<EventMap> {
  constructor() {
    super();
    this.setMaxListeners(0);
  }
}
