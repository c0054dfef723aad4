/**
 * Per-host politeness: at most N requests in flight to one host, a minimum gap between two
 * starts, and a back-off window after 429/503 (honouring Retry-After).
 */
export class HostPoliteness {
  private readonly inFlight = new Map<string, number>();
  private readonly nextStartAt = new Map<string, number>();

  constructor(private readonly settings: () => { perHostConcurrency: number; perHostDelayMs: number }) {}

  /** When the host can take another request (0 = now), or undefined when it is at its concurrency cap. */
  availableAt(host: string, now: number): number | undefined {
    if ((this.inFlight.get(host) ?? 0) >= this.settings().perHostConcurrency) return undefined;
    const at = this.nextStartAt.get(host) ?? 0;
    return at <= now ? 0 : at;
  }

  start(host: string, now: number): void {
    this.inFlight.set(host, (this.inFlight.get(host) ?? 0) + 1);
    const gap = this.settings().perHostDelayMs;
    if (gap > 0) this.nextStartAt.set(host, Math.max(this.nextStartAt.get(host) ?? 0, now + gap));
  }

  finish(host: string): void {
    const n = (this.inFlight.get(host) ?? 1) - 1;
    if (n <= 0) this.inFlight.delete(host);
    else this.inFlight.set(host, n);
  }

  /** Holds every new request to the host for `ms` (after a 429/503). */
  backOff(host: string, ms: number, now: number): void {
    this.nextStartAt.set(host, Math.max(this.nextStartAt.get(host) ?? 0, now + ms));
  }
}

/** Parses Retry-After (seconds or an HTTP date) into milliseconds, bounded to [1 s, 10 min]. */
export function retryAfterMs(value: string | undefined, fallbackMs: number, now = Date.now()): number {
  let ms = fallbackMs;
  if (value) {
    const seconds = Number(value);
    if (Number.isFinite(seconds)) ms = seconds * 1000;
    else {
      const date = Date.parse(value);
      if (!Number.isNaN(date)) ms = date - now;
    }
  }
  return Math.min(600_000, Math.max(1000, ms));
}
