import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { EngineError } from '../../errors/engine-error.js';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Constant-time comparison of a presented token with the key (hashing first equalises lengths). */
export function tokenMatches(presented: string, key: string): boolean {
  return timingSafeEqual(digest(presented), digest(key));
}

/** Reads the Bearer token of a request, or (for WebSockets) the subprotocol the SDK sends. */
export function presentedToken(headers: { authorization?: string; 'sec-websocket-protocol'?: string }): string | undefined {
  const header = headers.authorization;
  if (header !== undefined) {
    const [scheme, token] = header.trim().split(/\s+/, 2);
    return scheme?.toLowerCase() === 'bearer' && token ? token : '';
  }
  const protocol = headers['sec-websocket-protocol'];
  return protocol ? protocol.split(',')[0]!.trim() : undefined;
}

/** Requires `Authorization: Bearer <key>`; the key is read per request so rotation is immediate. */
export function requireApiKey(currentKey: () => string) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const token = presentedToken({ authorization: req.headers.authorization });
    if (token === undefined) return next(new EngineError('UNAUTHORIZED', 'Unauthorized'));
    if (token === '') return next(new EngineError('UNAUTHORIZED', 'Unauthorized: Token missing'));
    if (!tokenMatches(token, currentKey())) return next(new EngineError('UNAUTHORIZED', 'Unauthorized: Invalid token'));
    next();
  };
}
