import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { EngineError } from '../errors/engine-error.js';
import { badRequestFromZod } from './middleware/error-envelope.js';

/** Wraps an async handler so a rejection reaches the error envelope (never an unhandled rejection). */
export function asyncRoute(handler: (req: Request, res: Response) => Promise<void> | void): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    Promise.resolve()
      .then(() => handler(req, res))
      .catch(next);
  };
}

/** Parses a JSON body with a contract schema; a failure is a 400 with zod's issues in `details`. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new EngineError('BAD_REQUEST', 'Bad Request', { details: [{ code: 'invalid_type', message: 'Request body must be a JSON object', path: [] }] });
  }
  const result = schema.safeParse(body);
  if (!result.success) throw badRequestFromZod(result.error);
  return result.data;
}

/** The absolute base of this server as the client addressed it (decision 4). */
export function baseUrlOf(req: Request): string {
  return `${req.protocol}://${req.headers.host}`;
}

/** Reads `?skip` and `?limit` (decision 5); invalid values are a 400. */
export function paginationOf(req: Request): { skip: number; limit?: number } {
  const { skip, limit } = req.query;
  const parsedSkip = skip === undefined ? 0 : Number(skip);
  if (!Number.isSafeInteger(parsedSkip) || parsedSkip < 0 || (typeof skip === 'string' && !/^\d+$/.test(skip))) {
    throw new EngineError('BAD_REQUEST', 'Invalid pagination: skip must be a non-negative integer');
  }
  if (limit === undefined) return { skip: parsedSkip };
  const parsedLimit = Number(limit);
  if (!Number.isInteger(parsedLimit) || parsedLimit < 1 || parsedLimit > 1000) {
    throw new EngineError('BAD_REQUEST', 'Invalid pagination: limit must be an integer between 1 and 1000');
  }
  return { skip: parsedSkip, limit: parsedLimit };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Job ids are UUIDs; anything else is a 400 (as Firecrawl answers). */
export function jobIdOf(req: Request): string {
  const id = String(req.params.id ?? '');
  if (!UUID.test(id)) throw new EngineError('BAD_REQUEST', 'Invalid job ID format. Job ID must be a valid UUID.');
  return id;
}
