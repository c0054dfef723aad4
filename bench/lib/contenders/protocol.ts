/**
 * The child side of a contender process: waits for the runner's `go` (so the runner can read
 * the process's CPU time just before the work starts), runs, reports, and exits when told
 * (so the runner can read the peak memory of the live process first).
 */

/** What every contender reports back. */
export interface ContenderReport {
  pages: number;
  /** Characters of markdown produced. */
  markdownChars: number;
  /** Milliseconds the contender measured for its own run. */
  ms: number;
  /** Pages that failed. */
  failures: number;
  /** Pages whose markdown came out (nearly) empty. */
  emptyPages?: number;
}

type Message = { type: 'go'; config: unknown } | { type: 'exit' };

/** Registers `run` as this process's work; call once at the top level of a contender script. */
export function serveContender<C>(run: (config: C) => Promise<ContenderReport>): void {
  if (!process.send) throw new Error('A contender runs as a child of the benchmark runner (IPC channel missing).');
  process.on('message', (message: Message) => {
    if (message.type === 'exit') process.exit(0);
    if (message.type === 'go') {
      run(message.config as C).then(
        (report) => process.send!({ type: 'done', report }),
        (error: unknown) =>
          process.send!({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
      );
    }
  });
  process.send({ type: 'ready' });
}
