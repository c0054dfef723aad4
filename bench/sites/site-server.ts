/**
 * Serves a benchmark site on 127.0.0.1 from memory: every answer is a prebuilt buffer, so the
 * server's own cost stays small next to the crawler it feeds. Counts requests so a run can
 * prove how many pages each crawler actually fetched.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One prebuilt answer. */
export interface SiteResponse {
  status?: number;
  contentType?: string;
  body: Buffer | string;
}

export type SiteRoutes = (path: string) => SiteResponse | undefined;

export interface RunningSite {
  /** Origin, e.g. `http://127.0.0.1:41234`. */
  readonly origin: string;
  /** Requests answered since start (or the last reset). */
  requests(): number;
  /** Requests for one path since start (or the last reset). */
  requestsFor(path: string): number;
  resetCount(): void;
  close(): Promise<void>;
}

const NOT_FOUND = Buffer.from('<!doctype html><html><head><title>Not found</title></head><body><h1>Not found</h1></body></html>');

/** Starts a server for `routes` on a free port of 127.0.0.1. */
export async function serveSite(routes: SiteRoutes): Promise<RunningSite> {
  let count = 0;
  const perPath = new Map<string, number>();
  const server = http.createServer((req, res) => {
    count++;
    const path = new URL(req.url ?? '/', 'http://site').pathname;
    perPath.set(path, (perPath.get(path) ?? 0) + 1);
    const answer = routes(path);
    const body = answer?.body ?? NOT_FOUND;
    res.writeHead(answer ? (answer.status ?? 200) : 404, {
      'content-type': answer?.contentType ?? 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'max-age=60',
    });
    res.end(body);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests: () => count,
    requestsFor: (path) => perPath.get(path) ?? 0,
    resetCount: () => {
      count = 0;
      perPath.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** robots.txt that allows everything, as most sites serve. */
export const ALLOW_ALL_ROBOTS: SiteResponse = { contentType: 'text/plain', body: 'User-agent: *\nAllow: /\n' };
