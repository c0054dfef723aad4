import { z } from 'zod';
import { parseCli, USAGE } from './cli-args.js';
import { createEngine } from './engine.js';
import { ENGINE_VERSION } from './version.js';

/** Longest a shutdown may take before the process exits anyway. */
const SHUTDOWN_LIMIT_MS = 5000;

/** A start-up failure in one readable line (invalid options name the option, not a JSON dump). */
function describeStartError(error: unknown): string {
  if (error instanceof z.ZodError) {
    return `invalid option ${error.issues.map((issue) => `${issue.path.join('.') || '(options)'}: ${issue.message}`).join('; ')}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** `trawl serve`: runs the engine headless, prints the UI address (key in the fragment) and the key. */
export async function main(argv: string[], env: NodeJS.ProcessEnv, paths: { uiDir: string }): Promise<number> {
  let command;
  try {
    command = parseCli(argv, env, paths.uiDir);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (command.kind === 'version') {
    console.log(ENGINE_VERSION);
    return 0;
  }
  if (command.kind === 'help') {
    console.log(USAGE);
    return argv.length === 0 || argv.includes('--help') || argv.includes('-h') ? 0 : 2;
  }
  let engine;
  try {
    engine = await createEngine(command.options);
  } catch (error) {
    console.error(`trawl: ${describeStartError(error)}`);
    return 1;
  }
  console.log(`Trawl ${ENGINE_VERSION} is running.`);
  console.log(`  UI:       ${engine.url}/#key=${engine.apiKey}`);
  console.log(`  API:      ${engine.url}/v2  (Authorization: Bearer <key>)`);
  console.log(`  API key:  ${engine.apiKey}`);
  console.log(`  Data:     ${engine.dataDir}`);
  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      console.log(`Received ${signal}: stopping (running jobs resume at next start)…`);
      const force = setTimeout(() => resolve(1), SHUTDOWN_LIMIT_MS);
      force.unref();
      engine.close().then(
        () => {
          clearTimeout(force);
          resolve(0);
        },
        () => resolve(1),
      );
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}
