import { z } from 'zod';
import { invalidUrlReason, normalizeInputUrl } from './url.js';

export const WEBHOOK_EVENT_FILTERS = ['completed', 'failed', 'page', 'started'] as const;

/** A webhook: a bare URL string or `{url, headers, metadata, events}`. */
export const webhookSchema = z.preprocess(
  (value) => (typeof value === 'string' ? { url: value } : value),
  z.strictObject({
    url: z
      .string()
      .refine((u) => invalidUrlReason(u) === undefined, { message: 'Invalid webhook URL' })
      .transform(normalizeInputUrl),
    headers: z.record(z.string(), z.string()).default({}),
    metadata: z.record(z.string(), z.any()).default({}),
    events: z.array(z.enum(WEBHOOK_EVENT_FILTERS)).default([...WEBHOOK_EVENT_FILTERS]),
  }),
);

export type Webhook = z.output<typeof webhookSchema>;
export type WebhookEventFilter = (typeof WEBHOOK_EVENT_FILTERS)[number];
