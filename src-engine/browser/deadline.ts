/**
 * One time budget shared by every step of a browser scrape (navigation, waits, actions,
 * capture), and the request's cancellation signal.
 */
import { EngineError } from '../errors/engine-error.js';

export class Deadline {
  private readonly endsAt: number;

  constructor(
    private readonly budgetMs: number,
    private readonly signal?: AbortSignal,
  ) {
    this.endsAt = Date.now() + budgetMs;
  }

  /** Milliseconds left, at least 1 (Playwright reads 0 as "no timeout"). */
  remaining(): number {
    return Math.max(1, this.endsAt - Date.now());
  }

  /** True once the budget is spent. */
  expired(): boolean {
    return Date.now() >= this.endsAt;
  }

  /** The error thrown when the budget runs out during `stage`. */
  timeoutError(stage: string): EngineError {
    return new EngineError('SCRAPE_TIMEOUT', `Scrape timed out after ${this.budgetMs}ms while ${stage}.`);
  }

  /** Throws when the request was cancelled or the budget is spent. */
  check(stage: string): void {
    if (this.signal?.aborted) throw cancelledError(this.signal);
    if (this.expired()) throw this.timeoutError(stage);
  }

  /** Settles with `work`, or rejects when the budget runs out or the request is cancelled first. */
  async race<T>(work: Promise<T>, stage: string): Promise<T> {
    this.check(stage);
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const stop = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(this.timeoutError(stage)), this.endsAt - Date.now());
      if (this.signal) {
        onAbort = () => reject(cancelledError(this.signal!));
        this.signal.addEventListener('abort', onAbort, { once: true });
      }
    });
    try {
      return await Promise.race([work, stop]);
    } finally {
      clearTimeout(timer);
      if (onAbort) this.signal?.removeEventListener('abort', onAbort);
      // The losing side may still reject later; that is expected and handled by the caller's cleanup.
      work.catch(() => undefined);
    }
  }
}

function cancelledError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof EngineError) return reason;
  return new EngineError('JOB_CANCELLED', 'The scrape was cancelled.', { cause: reason });
}
