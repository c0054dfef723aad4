import { z } from 'zod';

/**
 * A page address as the API accepts it: trimmed, `http://` prepended when no scheme is given,
 * parsable, and http(s) only. Local hosts, IP literals and ports are valid (Trawl runs locally).
 */
export function normalizeInputUrl(raw: string): string {
  const trimmed = raw.trim();
  return /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(trimmed) ? trimmed : `http://${trimmed}`;
}

/** Returns a reason when `raw` is not an acceptable page URL, else undefined. */
export function invalidUrlReason(raw: string): string | undefined {
  if (raw.trim() === '') return 'URL cannot be empty';
  let parsed: URL;
  try {
    parsed = new URL(normalizeInputUrl(raw));
  } catch {
    return 'Invalid URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'URL uses unsupported protocol';
  if (!parsed.hostname) return 'Invalid URL';
  return undefined;
}

export const urlSchema = z
  .string({ error: 'URL must be a string' })
  .superRefine((value, ctx) => {
    const reason = invalidUrlReason(value);
    if (reason) ctx.addIssue({ code: 'custom', message: reason });
  })
  .transform(normalizeInputUrl);
