import type { NextFunction, Request, Response } from 'express';
import { EngineError } from '../../errors/engine-error.js';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The host part of a Host header value ("127.0.0.1:3002" → "127.0.0.1", "[::1]:80" → "[::1]"). */
export function hostWithoutPort(hostHeader: string): string {
  const value = hostHeader.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  const colon = value.lastIndexOf(':');
  return colon === -1 ? value : value.slice(0, colon);
}

/** True when a Host header value is a loopback name with at most a numeric port (`[::1]x`, `localhost:a` are not). */
export function isLoopbackHost(hostHeader: string): boolean {
  const host = hostWithoutPort(hostHeader);
  const rest = hostHeader.trim().slice(host.length);
  return LOOPBACK_HOSTS.has(host) && /^(:\d{1,5})?$/.test(rest);
}

/**
 * Rejects requests whose Host is not a loopback name (DNS-rebinding defence) and requests from
 * browser origins other than the app's own; answers CORS preflights for allowed origins only.
 */
export function hostAndOriginGuard(allowedOrigins: () => ReadonlySet<string>) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const host = req.headers.host;
    if (!host || !isLoopbackHost(host)) {
      next(new EngineError('FORBIDDEN', 'Forbidden: the Host header must name this machine (localhost, 127.0.0.1 or [::1]).'));
      return;
    }
    const origin = req.headers.origin;
    if (origin !== undefined) {
      const ownOrigin = `http://${host}`;
      if (origin !== ownOrigin && !allowedOrigins().has(origin)) {
        next(new EngineError('FORBIDDEN', `Forbidden: requests from origin ${origin} are not allowed.`));
        return;
      }
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
      if (req.method === 'OPTIONS') {
        res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
        res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, x-idempotency-key');
        res.setHeader('Access-Control-Max-Age', '600');
        res.status(204).end();
        return;
      }
    }
    next();
  };
}
