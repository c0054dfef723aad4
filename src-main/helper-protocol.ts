/**
 * The line protocol between the engine and the browser helper: a second, windowless instance
 * of the app that hosts hidden windows for the engine to drive over CDP. Commands go to the
 * helper's stdin and replies come back on its stdout, one JSON object a line.
 */

/** Command-line flag that starts the app binary as the browser helper. */
export const BROWSER_HELPER_FLAG = '--trawl-browser-helper';
/** Command-line flag carrying the helper's throwaway profile folder. */
export const HELPER_PROFILE_FLAG = '--trawl-helper-profile';

/** Options of one hidden window, derived from the Playwright context that asked for a page. */
export interface HelperPageOptions {
  userAgent?: string;
  javaScriptEnabled?: boolean;
  width?: number;
  height?: number;
}

/** What the engine asks the helper to do. */
export type HelperCommand =
  | { op: 'open'; id: number; partition: string; token: string; page: HelperPageOptions }
  | { op: 'close-partition'; id: number; partition: string }
  | { op: 'quit'; id: number };

/** The helper's answer to the command with the same id. */
export type HelperReply = { id: number; ok: true } | { id: number; ok: false; error: string };

/** Prefix of reply lines, so stray output of the helper's libraries is ignored. */
export const REPLY_PREFIX = '@trawl-helper ';

/** Serialises one reply line. */
export function formatReply(reply: HelperReply): string {
  return `${REPLY_PREFIX}${JSON.stringify(reply)}\n`;
}

/** Parses one reply line; undefined for anything that is not a reply. */
export function parseReply(line: string): HelperReply | undefined {
  if (!line.startsWith(REPLY_PREFIX)) return undefined;
  try {
    const value = JSON.parse(line.slice(REPLY_PREFIX.length)) as HelperReply;
    return typeof value?.id === 'number' && typeof value.ok === 'boolean' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Parses one command line; undefined for anything malformed. */
export function parseCommand(line: string): HelperCommand | undefined {
  try {
    const value = JSON.parse(line) as HelperCommand;
    if (typeof value?.id !== 'number') return undefined;
    if (value.op === 'open' && typeof value.partition === 'string' && typeof value.token === 'string') return value;
    if (value.op === 'close-partition' && typeof value.partition === 'string') return value;
    if (value.op === 'quit') return value;
    return undefined;
  } catch {
    return undefined;
  }
}

/**
 * Finds the browser endpoint in Chromium's "DevTools listening on ws://…" line. Only loopback
 * endpoints are accepted: anything else means the helper was started wrongly.
 */
export function parseDevToolsEndpoint(line: string): string | undefined {
  const match = /DevTools listening on (ws:\/\/\S+)/.exec(line);
  if (!match) return undefined;
  const url = new URL(match[1]!);
  return url.hostname === '127.0.0.1' || url.hostname === '[::1]' ? url.toString() : undefined;
}

/** The URL a new hidden window loads, by which the engine recognises its Playwright page. */
export function helperPageUrl(token: string): string {
  return `about:blank#${token}`;
}

/**
 * Arguments that start the app binary as the browser helper: DevTools on a random loopback
 * port chosen by the system, a fresh profile, and nothing that loads the app's UI.
 */
export function browserHelperArgs(appArgs: readonly string[], profileDir: string): string[] {
  return [
    ...appArgs,
    BROWSER_HELPER_FLAG,
    `${HELPER_PROFILE_FLAG}=${profileDir}`,
    `--user-data-dir=${profileDir}`,
    '--remote-debugging-port=0',
    '--remote-debugging-address=127.0.0.1',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
}
