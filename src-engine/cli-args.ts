import { homedir, platform } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { EngineOptionsInput } from './config/engine-options.js';

/** The OS user-data folder for Trawl (the same one the desktop app uses). */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, os: NodeJS.Platform = platform(), home = homedir()): string {
  if (os === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Trawl');
  if (os === 'darwin') return join(home, 'Library', 'Application Support', 'Trawl');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Trawl');
}

export const USAGE = `Usage: trawl serve [--port 3002] [--data-dir DIR] [--chromium PATH] [--api-key KEY]

Starts the Trawl engine and its Firecrawl-compatible /v2 API on 127.0.0.1.

Options (environment fallbacks in brackets):
  --port N          port to listen on (0 = any free port)   [TRAWL_PORT, default 3002]
  --data-dir DIR    where jobs, cache and the API key live  [TRAWL_DATA_DIR, default: OS user-data folder]
  --chromium PATH   Chromium/Chrome for JavaScript pages    [TRAWL_CHROMIUM, default: auto-detect]
  --api-key KEY     API key (at least 16 characters)        [TRAWL_API_KEY, default: generated and kept]
  --ui-dir DIR      built UI to serve at /                  [TRAWL_UI_DIR, default: out/renderer]
  LLM provider:     TRAWL_LLM_BASE_URL, TRAWL_LLM_MODEL, TRAWL_LLM_API_KEY
  --help, --version
`;

export type CliCommand = { kind: 'serve'; options: EngineOptionsInput } | { kind: 'help' } | { kind: 'version' };

/** Turns argv and the environment into a command; the only place the CLI reads `process.env`. */
export function parseCli(argv: string[], env: NodeJS.ProcessEnv, defaultUiDir: string): CliCommand {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      chromium: { type: 'string' },
      'api-key': { type: 'string' },
      'ui-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
  if (values.version) return { kind: 'version' };
  if (values.help || positionals[0] !== 'serve') return { kind: 'help' };
  // An empty environment variable (`TRAWL_PORT=`) counts as unset.
  const fromEnv = (name: string): string | undefined => env[name] || undefined;
  const portText = values.port ?? fromEnv('TRAWL_PORT') ?? '3002';
  const port = /^\d{1,5}$/.test(portText.trim()) ? Number(portText.trim()) : Number.NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`Invalid port: "${portText}". Use a number from 0 to 65535 (0 picks any free port).`);
  }
  const apiKey = values['api-key'] ?? fromEnv('TRAWL_API_KEY');
  if (apiKey !== undefined && (apiKey.length < 16 || /\s/.test(apiKey))) {
    // A Bearer token is one word: a key with spaces could never be presented.
    throw new Error('Invalid API key: it must be at least 16 characters long, without spaces.');
  }
  const llm: Record<string, string> = {};
  if (env.TRAWL_LLM_BASE_URL) llm.baseUrl = env.TRAWL_LLM_BASE_URL;
  if (env.TRAWL_LLM_MODEL) llm.model = env.TRAWL_LLM_MODEL;
  if (env.TRAWL_LLM_API_KEY) llm.apiKey = env.TRAWL_LLM_API_KEY;
  const options: EngineOptionsInput = {
    port,
    dataDir: values['data-dir'] || fromEnv('TRAWL_DATA_DIR') || defaultDataDir(env),
    chromiumPath: values.chromium ?? fromEnv('TRAWL_CHROMIUM'),
    apiKey,
    uiDir: values['ui-dir'] ?? fromEnv('TRAWL_UI_DIR') ?? defaultUiDir,
    llm: llm as EngineOptionsInput['llm'],
    proxyUrl: fromEnv('TRAWL_PROXY'),
  };
  return { kind: 'serve', options };
}
