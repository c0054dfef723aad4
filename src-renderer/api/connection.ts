/** Where the engine is and the key that opens it. */
export interface Connection {
  /** Base URL of the engine, without a trailing slash (e.g. `http://127.0.0.1:3002`). */
  apiBase: string;
  apiKey: string;
}

const KEY_STORAGE = 'trawl.apiKey';
const BASE_STORAGE = 'trawl.apiBase';

/** Reads `#key=...&api=...` from a location hash; empty fields are left out. */
export function parseConnectionFragment(hash: string): Partial<Connection> {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const out: Partial<Connection> = {};
  const key = params.get('key');
  const api = params.get('api');
  if (key) out.apiKey = key;
  if (api) out.apiBase = api.replace(/\/+$/, '');
  return out;
}

/** The API base a page served over http(s) defaults to: its own origin. */
export function defaultApiBase(location: Pick<Location, 'protocol' | 'origin'>): string | undefined {
  return location.protocol === 'http:' || location.protocol === 'https:' ? location.origin : undefined;
}

/**
 * Resolves the connection at start-up: a key in the URL fragment wins and is remembered,
 * then the fragment is removed from the address bar so the key never stays visible or
 * reaches the history. Without a fragment, the remembered key is used.
 */
export function resolveStartupConnection(win: Window = window): Partial<Connection> {
  const fromHash = parseConnectionFragment(win.location.hash);
  if (fromHash.apiKey || fromHash.apiBase) {
    const clean = win.location.pathname + win.location.search;
    win.history.replaceState(win.history.state, '', clean);
  }
  const apiBase =
    fromHash.apiBase ?? win.localStorage.getItem(BASE_STORAGE) ?? defaultApiBase(win.location) ?? undefined;
  const apiKey = fromHash.apiKey ?? win.localStorage.getItem(KEY_STORAGE) ?? undefined;
  if (fromHash.apiKey) win.localStorage.setItem(KEY_STORAGE, fromHash.apiKey);
  if (fromHash.apiBase) win.localStorage.setItem(BASE_STORAGE, fromHash.apiBase);
  return { apiBase, apiKey };
}

/** Remembers a connection the user typed in. */
export function rememberConnection(connection: Connection, storage: Storage = window.localStorage): void {
  storage.setItem(KEY_STORAGE, connection.apiKey);
  storage.setItem(BASE_STORAGE, connection.apiBase);
}

/** Forgets the remembered key (sign out). */
export function forgetApiKey(storage: Storage = window.localStorage): void {
  storage.removeItem(KEY_STORAGE);
}
