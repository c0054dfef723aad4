import { createHmac, randomUUID } from 'node:crypto';
import { request } from 'undici';
import type { ScrapedDocument, Webhook, WebhookEventType, WebhookPayload } from '../contracts/index.js';
import type { OutboxRepo } from '../store/outbox-repo.js';

/** Delays before the 2nd, 3rd, … attempt; after the last the delivery is given up. */
const RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000, 600_000];
const DELIVERY_TIMEOUT_MS = 10_000;

/** `sha256=<hex HMAC-SHA256 of the raw body>`, as the X-Firecrawl-Signature header carries it. */
export function signWebhookBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Whether the webhook's `events` filter admits an event type (cancelled counts as completed). */
export function webhookWants(webhook: Webhook, type: WebhookEventType): boolean {
  const suffix = type.slice(type.indexOf('.') + 1);
  const filter = suffix === 'cancelled' ? 'completed' : suffix;
  return webhook.events.some((e) => e === filter);
}

/**
 * Webhook delivery from a persisted outbox: events are written first, then sent in order per
 * job with retries and back-off. Delivery runs beside the crawl and never blocks it.
 */
export class WebhookDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Set<string>();
  private stopped = false;
  private readonly shutdown = new AbortController();

  constructor(
    private readonly outbox: () => OutboxRepo[],
    private readonly secret: () => string,
    private readonly userAgent: string,
    private readonly log: (message: string) => void,
  ) {}

  /** Queues one event for a job's webhook (if its filter wants it) and wakes the sender. */
  enqueue(
    outbox: OutboxRepo,
    jobId: string,
    webhook: Webhook,
    type: WebhookEventType,
    event: { success?: boolean; data?: ScrapedDocument[]; error?: string | null },
  ): void {
    if (!webhookWants(webhook, type)) return;
    const payload: WebhookPayload = {
      success: event.success ?? true,
      type,
      id: jobId,
      data: event.data ?? [],
      metadata: webhook.metadata,
      error: event.error ?? null,
      webhookId: randomUUID(),
    };
    outbox.add({ jobId, url: webhook.url, headers: webhook.headers, body: JSON.stringify(payload) });
    this.schedule(0);
  }

  start(): void {
    this.schedule(0);
  }

  /**
   * Stops sending. Deliveries in flight are aborted; an entry whose outcome cannot be recorded
   * any more (the store closes right after) stays pending and is sent again at next start.
   */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.shutdown.abort();
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.pass();
    }, Math.max(0, delayMs));
    this.timer.unref?.();
  }

  /** Sends what is due: one delivery at a time per job (keeps order), jobs in parallel. */
  private async pass(): Promise<void> {
    if (this.stopped) return;
    const now = Date.now();
    let nextAt = Number.POSITIVE_INFINITY;
    for (const outbox of this.outbox()) {
      const blocked = new Set<string>();
      for (const entry of outbox.due(Number.MAX_SAFE_INTEGER, 500)) {
        const key = `${entry.jobId}`;
        if (blocked.has(key) || this.inFlight.has(key)) continue;
        blocked.add(key);
        if (entry.nextAttemptAt > now) {
          nextAt = Math.min(nextAt, entry.nextAttemptAt);
          continue;
        }
        this.inFlight.add(key);
        void this.deliver(outbox, entry).finally(() => {
          this.inFlight.delete(key);
          this.schedule(0);
        });
      }
    }
    if (nextAt !== Number.POSITIVE_INFINITY) this.schedule(nextAt - Date.now());
  }

  private async deliver(outbox: OutboxRepo, entry: { id: number; url: string; headers: Record<string, string>; body: string; attempts: number }): Promise<void> {
    let failure: string | undefined;
    try {
      const response = await request(entry.url, {
        method: 'POST',
        body: entry.body,
        headers: {
          'content-type': 'application/json',
          'user-agent': this.userAgent,
          ...entry.headers,
          'x-firecrawl-signature': signWebhookBody(entry.body, this.secret()),
        },
        headersTimeout: DELIVERY_TIMEOUT_MS,
        bodyTimeout: DELIVERY_TIMEOUT_MS,
        signal: AbortSignal.any([this.shutdown.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
      });
      await response.body.dump();
      if (response.statusCode < 200 || response.statusCode >= 300) failure = `receiver answered HTTP ${response.statusCode}`;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    try {
      if (failure === undefined) {
        outbox.markDelivered(entry.id);
        return;
      }
      const delay = RETRY_DELAYS_MS[entry.attempts];
      outbox.markFailed(entry.id, failure, delay === undefined ? undefined : Date.now() + delay);
      if (!this.stopped) this.log(`webhook delivery to ${entry.url} failed (attempt ${entry.attempts + 1}): ${failure}`);
    } catch (error) {
      // At shutdown the store may already be closed: the entry stays pending for the next start.
      if (!this.stopped) this.log(`webhook outbox could not record a delivery: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
