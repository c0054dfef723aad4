import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { Router } from 'express';

/**
 * The UI's content security policy: scripts and styles only from the app itself, API calls to
 * the engine, images from anywhere (screenshots are data: URIs), frames only as sandboxed srcdoc.
 */
export const UI_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  "connect-src 'self'",
  "frame-src 'self' blob: data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Serves the built UI at `/` (headless mode); the key reaches it in the URL fragment, never the server. */
export function uiStaticRoutes(uiDir: string | undefined): Router {
  const router = Router();
  if (!uiDir || !existsSync(join(uiDir, 'index.html'))) {
    router.get('/', (_req, res) => {
      res
        .status(200)
        .type('text/plain')
        .send('Trawl engine is running. The UI is not built here: run `npm run build` to serve it at this address.');
    });
    return router;
  }
  const setSecurityHeaders = (res: express.Response) => {
    res.setHeader('Content-Security-Policy', UI_CONTENT_SECURITY_POLICY);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
  };
  router.use(
    express.static(uiDir, {
      index: 'index.html',
      fallthrough: true,
      setHeaders: (res) => setSecurityHeaders(res as express.Response),
    }),
  );
  router.get(['/', '/index.html'], (_req, res) => {
    setSecurityHeaders(res);
    res.sendFile(join(uiDir, 'index.html'));
  });
  return router;
}
