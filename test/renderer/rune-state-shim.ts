/**
 * Outside the Svelte compiler a `*.svelte.ts` module's `$state(value)` is a plain call. Making it
 * return its argument lets the form and router classes run as ordinary classes in unit tests.
 */
const identity = <T>(value: T): T => value;
(globalThis as Record<string, unknown>).$state = Object.assign(identity, {
  raw: identity,
  snapshot: <T>(value: T): T => structuredClone(value),
});
