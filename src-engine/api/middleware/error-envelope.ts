import type { NextFunction, Request, Response } from 'express';
import { z } from 'zod';
import { EngineError, toEngineError } from '../../errors/engine-error.js';

/** A zod failure as the /v2 wire reports it: 400 "Bad Request" with the issues in `details`. */
export function badRequestFromZod(error: z.ZodError): EngineError {
  const details = error.issues.map((issue) => ({ code: issue.code, message: issue.message, path: issue.path }));
  return new EngineError('BAD_REQUEST', 'Bad Request', { details });
}

/** An `http-errors` error (router, body parser) with a 4xx status, whose message is safe to show. */
function isClientHttpError(err: unknown): err is { status: number; message: string } {
  const candidate = err as { status?: unknown; expose?: unknown; message?: unknown } | null;
  return (
    typeof candidate?.status === 'number' &&
    candidate.status >= 400 &&
    candidate.status < 500 &&
    candidate.expose !== false &&
    typeof candidate.message === 'string'
  );
}

/** Maps body-parser failures and thrown errors to the JSON error envelope; never leaks a stack. */
export function errorEnvelope(log: (message: string) => void) {
  return (err: unknown, _req: Request, res: Response, _next: NextFunction): void => {
    let error: EngineError;
    const type = (err as { type?: string } | null)?.type;
    if (type === 'entity.too.large') {
      error = new EngineError('PAYLOAD_TOO_LARGE', 'Request body too large (the limit is 10 MB).');
    } else if (type === 'entity.parse.failed') {
      error = new EngineError('BAD_REQUEST_INVALID_JSON', 'Bad request, malformed JSON');
    } else if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
      error = new EngineError('BAD_REQUEST', 'Unsupported request body encoding.');
    } else if (err instanceof z.ZodError) {
      error = badRequestFromZod(err);
    } else if (!(err instanceof EngineError) && isClientHttpError(err)) {
      // A request the router or body parser could not read (undecodable path, broken compression): the client's fault.
      error = new EngineError('BAD_REQUEST', err.message);
    } else {
      error = toEngineError(err);
    }
    if (error.status >= 500) log(`request failed: ${error.code}: ${error.message}`);
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(error.status).json(error.toBody());
  };
}
