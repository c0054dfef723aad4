/** Finds the Chromium browser process this test process started (not its renderers or helpers). */
import { execFileSync } from 'node:child_process';

export function launchedBrowserPid(): number | undefined {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3]! }));
  const descendants = new Set<number>([process.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows) {
      if (descendants.has(row.ppid) && !descendants.has(row.pid)) {
        descendants.add(row.pid);
        grew = true;
      }
    }
  }
  return rows.find(
    (row) => descendants.has(row.pid) && row.args.includes('--remote-debugging-pipe') && !row.args.includes('--type=') && !row.args.startsWith('/bin/sh'),
  )?.pid;
}
