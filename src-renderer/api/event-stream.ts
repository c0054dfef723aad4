import type { JobSummary, LiveEvent } from './types';

/**
 * Splits a growing text/event-stream buffer into complete events. Returns the `data` payload of
 * each complete event and the unconsumed rest. Comment lines (`: ping`) are skipped.
 */
export function parseSseBuffer(buffer: string): { events: string[]; rest: string } {
  const normalized = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalized.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: string[] = [];
  for (const block of blocks) {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''));
    if (data.length > 0) events.push(data.join('\n'));
  }
  return { events, rest };
}

/** Parses one event payload; unknown or malformed events yield undefined. */
export function parseLiveEvent(data: string): LiveEvent | undefined {
  try {
    const value = JSON.parse(data) as { type?: unknown };
    if (!value || typeof value !== 'object') return undefined;
    switch (value.type) {
      case 'job.created':
      case 'job.updated':
      case 'job.finished':
        return (value as { job?: JobSummary }).job ? (value as LiveEvent) : undefined;
      case 'job.page':
        return value as LiveEvent;
      default:
        return undefined;
    }
  } catch {
    return undefined;
  }
}

export interface EventStreamOptions {
  url: string;
  apiKey: string;
  onEvent: (event: LiveEvent) => void;
  onStateChange?: (connected: boolean) => void;
}

/**
 * Follows the engine's live-event stream with fetch (EventSource cannot send the Authorization
 * header) and reconnects with backoff until closed. Returns a function that closes it.
 */
export function openEventStream(options: EventStreamOptions): () => void {
  let closed = false;
  let controller: AbortController | undefined;
  let retryMs = 500;

  const run = async () => {
    while (!closed) {
      controller = new AbortController();
      try {
        const response = await fetch(options.url, {
          headers: { Authorization: `Bearer ${options.apiKey}`, Accept: 'text/event-stream' },
          signal: controller.signal,
          cache: 'no-store',
        });
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
        options.onStateChange?.(true);
        retryMs = 500;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          const { events, rest } = parseSseBuffer(buffer);
          buffer = rest;
          for (const data of events) {
            const event = parseLiveEvent(data);
            if (event) options.onEvent(event);
          }
        }
      } catch {
        // Network drop, engine restart or abort: reconnect below unless closed.
      }
      options.onStateChange?.(false);
      if (closed) return;
      await new Promise((r) => setTimeout(r, retryMs));
      retryMs = Math.min(retryMs * 2, 10_000);
    }
  };
  void run();
  return () => {
    closed = true;
    controller?.abort();
  };
}
