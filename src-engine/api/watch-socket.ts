import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { EngineContext } from '../engine-context.js';
import type { DocumentEvent, JobEvent } from '../jobs/events.js';
import { MAX_CHUNK_CHARS } from '../jobs/job-status.js';
import { presentedToken, tokenMatches } from './middleware/auth.js';
import { isLoopbackHost } from './middleware/host-origin-guard.js';

const PATH = /^\/v2\/(crawl|batch\/scrape)\/([0-9a-f-]{36})\/?$/i;

function refuse(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * The live watch of a crawl or batch over WebSocket (wire contract 3.6/9.4): a `catchup` frame,
 * then one `document` frame per finished page, then a terminal snapshot and a normal close.
 * The API key may come as the subprotocol, as the SDK's watcher sends it.
 */
export function attachWatchSocket(server: Server, ctx: EngineContext, allowedOrigins: () => ReadonlySet<string>): void {
  const wss = new WebSocketServer({ noServer: true, handleProtocols: (protocols) => protocols.values().next().value ?? false });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const match = PATH.exec((req.url ?? '').split('?')[0]!);
    if (!match) return refuse(socket, 404, 'Not Found');
    const host = req.headers.host ?? '';
    if (!isLoopbackHost(host)) return refuse(socket, 403, 'Forbidden');
    const origin = req.headers.origin;
    if (origin && origin !== `http://${host}` && !allowedOrigins().has(origin)) return refuse(socket, 403, 'Forbidden');
    wss.handleUpgrade(req, socket, head, (ws) => {
      const token = presentedToken({ authorization: req.headers.authorization, 'sec-websocket-protocol': req.headers['sec-websocket-protocol'] });
      if (!token || !tokenMatches(token, ctx.settings.apiKey())) {
        ws.close(3000, JSON.stringify({ type: 'error', error: 'Unauthorized' }));
        return;
      }
      serveWatch(ws, ctx, match[1] === 'crawl' ? 'crawl' : 'batch', match[2]!);
    });
  });
}

function serveWatch(ws: WebSocket, ctx: EngineContext, kind: 'crawl' | 'batch', jobId: string): void {
  let lookup: ReturnType<EngineContext['jobs']['lookup']>;
  try {
    lookup = ctx.jobs.lookup(jobId, kind);
  } catch {
    ws.close(1008, JSON.stringify({ type: 'error', error: 'Job not found' }));
    return;
  }
  const { tables } = lookup;
  const sent = new Set<string>();
  const pending: DocumentEvent[] = [];
  let caughtUp = false;

  const snapshot = () => {
    const record = tables.jobs.get(jobId)!;
    const counts = tables.jobs.counts(jobId);
    return {
      success: true,
      status: record.status,
      total: counts.queued + counts.running + counts.done,
      completed: counts.done,
      creditsUsed: record.creditsUsed,
      expiresAt: record.expiresAt ?? new Date(Date.now() + 86_400_000).toISOString(),
    };
  };
  const sendDocument = (event: DocumentEvent) => {
    const id = event.document.metadata.scrapeId ?? '';
    if (sent.has(id)) return;
    sent.add(id);
    ws.send(JSON.stringify({ type: 'document', data: event.document }));
  };
  const onDocument = (event: DocumentEvent) => {
    if (event.jobId !== jobId) return;
    if (caughtUp) sendDocument(event);
    else pending.push(event);
  };
  const finish = () => {
    cleanup();
    // The SDK's watcher ends on the terminal snapshot and hands its `data` to `done`, so the
    // snapshot carries every document (as a REST poll would) when they fit in one ~10 MB chunk.
    // Larger results end with the close alone: the watcher then reads them over REST.
    const all = tables.documents.window(jobId, 0, Number.MAX_SAFE_INTEGER, MAX_CHUNK_CHARS);
    if (all.length === tables.documents.count(jobId)) {
      ws.send(JSON.stringify({ type: 'catchup', data: { ...snapshot(), data: all } }));
      ws.send(JSON.stringify({ type: 'done', data: snapshot() }));
    }
    ws.close(1000, JSON.stringify({ type: 'done' }));
  };
  const onJob = (event: JobEvent) => {
    if (event.type === 'job.finished' && event.job.id === jobId) setImmediate(finish);
  };
  const cleanup = () => {
    ctx.events.off('document', onDocument);
    ctx.events.off('job', onJob);
  };
  ctx.events.on('document', onDocument);
  ctx.events.on('job', onJob);
  ws.on('close', cleanup);
  ws.on('error', cleanup);

  // A finished job answers with its terminal snapshot alone.
  if (tables.jobs.get(jobId)!.status !== 'scraping') return finish();

  // Catch-up: documents done so far, in chunks of at most ~10 MB.
  const first = tables.documents.window(jobId, 0, Number.MAX_SAFE_INTEGER, MAX_CHUNK_CHARS);
  for (const doc of first) sent.add(doc.metadata.scrapeId ?? '');
  ws.send(JSON.stringify({ type: 'catchup', data: { ...snapshot(), data: first } }));
  let skip = first.length;
  for (;;) {
    const more = tables.documents.window(jobId, skip, Number.MAX_SAFE_INTEGER, MAX_CHUNK_CHARS);
    if (more.length === 0) break;
    for (const doc of more) sendDocument({ jobId, document: doc });
    skip += more.length;
  }
  caughtUp = true;
  for (const event of pending.splice(0)) sendDocument(event);
  if (tables.jobs.get(jobId)!.status !== 'scraping') finish();
}
