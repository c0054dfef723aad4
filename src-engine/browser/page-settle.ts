/**
 * Lets a page finish what it started after `load`: data requests made with `fetch` or
 * `XMLHttpRequest` and the rendering they trigger. A quiet page costs one round trip;
 * a busy one is waited for up to a cap, never past the scrape's budget.
 */
import type { Page } from 'playwright-core';

const COUNTER = '__trawlPendingRequests';
const TIMERS = '__trawlPendingTimers';
/** Timers at most this long count as work the page is about to do (hydration, deferred loads). */
const SHORT_TIMER_MS = 100;
/** Pending short timers alone are waited for at most this long (polling loops never end). */
const TIMER_WAIT_CAP_MS = 500;

/** Init script that counts the page's in-flight fetch and XHR requests. */
export const PENDING_REQUESTS_SCRIPT = `(() => {
  if (window.${COUNTER} !== undefined) return;
  let pending = 0;
  let timers = 0;
  Object.defineProperty(window, '${COUNTER}', { get: () => pending, configurable: false, enumerable: false });
  Object.defineProperty(window, '${TIMERS}', { get: () => timers, configurable: false, enumerable: false });
  const shortTimers = new Set();
  const nativeSetTimeout = window.setTimeout;
  const nativeClearTimeout = window.clearTimeout;
  window.setTimeout = function (callback, delay, ...args) {
    if (typeof callback !== 'function' || !(Number(delay) <= ${SHORT_TIMER_MS})) return nativeSetTimeout.call(this, callback, delay, ...args);
    let id;
    const run = function (...runArgs) { if (shortTimers.delete(id)) timers--; return callback.apply(this, runArgs); };
    id = nativeSetTimeout.call(this, run, delay, ...args);
    shortTimers.add(id);
    timers++;
    return id;
  };
  window.clearTimeout = function (id) {
    if (shortTimers.delete(id)) timers--;
    return nativeClearTimeout.call(this, id);
  };
  const nativeFetch = window.fetch;
  if (nativeFetch) {
    window.fetch = function (...args) {
      pending++;
      let settled = false;
      const done = () => { if (!settled) { settled = true; pending--; } };
      // A fetch is finished for the page only once its body has been read: the body readers of
      // the response are counted too, so rendering that follows res.json() is waited for.
      const countBodyReads = (response) => {
        try {
          for (const name of ['json', 'text', 'arrayBuffer', 'blob', 'formData']) {
            const reader = response[name];
            if (typeof reader !== 'function') continue;
            response[name] = function (...readerArgs) {
              pending++;
              let read = false;
              const finished = () => { if (!read) { read = true; pending--; } };
              const body = reader.apply(this, readerArgs);
              body.then(finished, finished);
              return body;
            };
          }
        } catch (error) { /* a frozen response is simply not counted */ }
      };
      try {
        const result = nativeFetch.apply(this, args);
        result.then((response) => { countBodyReads(response); done(); }, done);
        return result;
      } catch (error) { done(); throw error; }
    };
  }
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (...args) {
    pending++;
    let settled = false;
    this.addEventListener('loadend', () => { if (!settled) { settled = true; pending--; } });
    try { return send.apply(this, args); } catch (error) { if (!settled) { settled = true; pending--; } throw error; }
  };
})();`;

/**
 * Waits until no fetch/XHR request is in flight across a rendered frame, or `capMs` passed.
 * Resolves early and quietly on pages that block the counter (or have no window).
 */
export async function waitForPageSettled(page: Page, capMs: number): Promise<void> {
  await page
    .evaluate(
      async ({ counter, timersKey, cap, timerCap }) => {
        const started = Date.now();
        const frame = () =>
          new Promise<void>((resolve) => {
            // rAF does not fire in hidden pages; the timeout keeps this bounded.
            const timer = setTimeout(resolve, 50);
            requestAnimationFrame(() => setTimeout(() => {
              clearTimeout(timer);
              resolve();
            }, 0));
          });
        const read = (key: string) => (window as unknown as Record<string, number | undefined>)[key] ?? 0;
        const pending = () =>
          read(counter) > 0 || (read(timersKey) > 0 && Date.now() - started < timerCap) ? 1 : 0;
        await frame();
        while (pending() > 0 && Date.now() - started < cap) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          if (pending() === 0) await frame();
        }
      },
      { counter: COUNTER, timersKey: TIMERS, cap: capMs, timerCap: TIMER_WAIT_CAP_MS },
    )
    .catch(() => undefined);
}
