/**
 * Reads a response body into one Buffer under a byte ceiling, then undoes its
 * Content-Encoding (gzip, deflate, br). Both the bytes on the wire and the decompressed
 * bytes are held to the ceiling, so a small compressed bomb cannot blow up memory.
 */
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { EngineError } from '../errors/engine-error.js';

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const inflateRaw = promisify(zlib.inflateRaw);
const brotliDecompress = promisify(zlib.brotliDecompress);

export interface BodyReadOptions {
  url: string;
  maxBytes: number;
  /** The Content-Encoding header value ('' or undefined when absent). */
  contentEncoding?: string;
  /** The Content-Length header value, checked before reading a byte. */
  contentLength?: string;
}

/** Reads and decodes the body; throws SCRAPE_CONTENT_TOO_LARGE past `maxBytes`. */
export async function readBody(stream: Readable, options: BodyReadOptions): Promise<Buffer> {
  const declared = options.contentLength === undefined ? NaN : Number(options.contentLength);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    discard(stream);
    throw tooLarge(options, declared);
  }
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > options.maxBytes) {
      discard(stream);
      throw tooLarge(options, received);
    }
    chunks.push(chunk);
  }
  const raw = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received);
  return decompress(raw, options);
}

/** Drops the rest of a body, closing its connection, without an unhandled stream error. */
function discard(stream: Readable): void {
  stream.on('error', () => undefined);
  stream.destroy();
}

async function decompress(raw: Buffer, options: BodyReadOptions): Promise<Buffer> {
  const codings = (options.contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  if (codings.length === 0 || raw.length === 0) return raw;
  // Codings are listed in the order they were applied; undo them last to first.
  let body = raw;
  for (const coding of codings.reverse()) {
    const next = await decodeOne(body, coding, options);
    if (next === undefined) return body; // an encoding we cannot undo: hand back the bytes as sent
    body = next;
  }
  return body;
}

async function decodeOne(body: Buffer, coding: string, options: BodyReadOptions): Promise<Buffer | undefined> {
  // Tolerate bodies cut short by the server, as browsers do.
  const zlibOptions = { maxOutputLength: options.maxBytes, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  try {
    switch (coding) {
      case 'gzip':
      case 'x-gzip':
        return await gunzip(body, zlibOptions);
      case 'deflate':
        // Some servers send raw deflate data without the zlib wrapper the spec asks for.
        return hasZlibHeader(body) ? await inflate(body, zlibOptions) : await inflateRaw(body, zlibOptions);
      case 'br':
        return await brotliDecompress(body, {
          maxOutputLength: options.maxBytes,
          finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
        });
      default:
        return undefined;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw tooLarge(options, undefined, error);
    }
    throw new EngineError(
      'SCRAPE_SITE_ERROR',
      `The response from ${options.url} could not be decompressed (${coding}): ${(error as Error).message}`,
      { cause: error },
    );
  }
}

function hasZlibHeader(body: Buffer): boolean {
  if (body.length < 2) return false;
  const cmf = body[0]!;
  const flg = body[1]!;
  return (cmf & 0x0f) === 8 && ((cmf << 8) | flg) % 31 === 0;
}

function tooLarge(options: BodyReadOptions, size: number | undefined, cause?: unknown): EngineError {
  const seen = size === undefined ? 'more than' : `${size} bytes, more than`;
  return new EngineError(
    'SCRAPE_CONTENT_TOO_LARGE',
    `The response from ${options.url} is too large: ${seen} the limit of ${options.maxBytes} bytes.`,
    { details: { maxBytes: options.maxBytes, ...(size === undefined ? {} : { size }) }, cause },
  );
}
