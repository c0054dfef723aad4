import { Router } from 'express';
import type { EngineContext } from '../../engine-context.js';
import type { JobEvent, PageEvent } from '../../jobs/events.js';

const PING_MS = 15_000;

/** `GET /v2/events`: the live stream (Server-Sent Events) of job and page events for the UI. */
export function eventsRoutes(ctx: EngineContext): Router {
  const router = Router();
  router.get('/v2/events', (req, res) => {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write(': connected\n\n');
    const send = (event: JobEvent | PageEvent) => {
      res.write(`data: ${JSON.stringify(event)}\n\n`);
    };
    const ping = setInterval(() => res.write(': ping\n\n'), PING_MS);
    ctx.events.on('job', send);
    ctx.events.on('page', send);
    req.on('close', () => {
      clearInterval(ping);
      ctx.events.off('job', send);
      ctx.events.off('page', send);
    });
  });
  return router;
}
