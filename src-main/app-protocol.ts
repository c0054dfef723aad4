import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

/** Scheme and host the renderer is served from: `app://trawl/index.html`. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'trawl';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** The only file types the UI bundle contains; anything else is refused. */
const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

/** Returns the MIME type served for a file name, or undefined when the type is not served. */
export function mimeTypeFor(fileName: string): string | undefined {
  return MIME_TYPES[extname(fileName).toLowerCase()];
}

export interface AppProtocolOptions {
  /** Folder of the built renderer (out/renderer). */
  root: string;
  /** Content-Security-Policy sent with every response. */
  contentSecurityPolicy: () => string;
}

/**
 * Builds the handler given to Electron's `protocol.handle('app', …)`. It serves files of the
 * renderer bundle only: other hosts, methods, unknown extensions, directories, missing files
 * and any path that would leave `root` (`..`, encoded dots, backslashes, NUL, symlinks out)
 * get an error response without touching the file system outside `root`.
 */
export function createAppProtocolHandler(options: AppProtocolOptions): (request: Request) => Promise<Response> {
  const rootPromise = realpath(resolve(options.root));
  return async (request) => {
    const headers = securityHeaders(options.contentSecurityPolicy());
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405, headers);
    const file = await resolveAppFile(await rootPromise, request.url);
    if (!file) return refuse(404, headers);
    const type = mimeTypeFor(file);
    if (!type) return refuse(404, headers);
    try {
      const real = await realpath(file);
      if (!isInside(await rootPromise, real) || !(await stat(real)).isFile()) return refuse(404, headers);
      const body = request.method === 'HEAD' ? null : await readFile(real);
      headers.set('content-type', type);
      return new Response(body, { status: 200, headers });
    } catch {
      return refuse(404, headers);
    }
  };
}

/** Maps an `app://trawl/…` URL to a path inside `root`, or undefined when it is not allowed. */
export async function resolveAppFile(root: string, url: string): Promise<string | undefined> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return undefined;
  }
  if (path === '' || path === '/') path = '/index.html';
  if (/[\\\0]/.test(path) || path.split('/').some((segment) => segment === '..' || segment === '.')) return undefined;
  const file = resolve(root, `.${path}`);
  return isInside(root, file) ? file : undefined;
}

function isInside(root: string, file: string): boolean {
  return file.startsWith(root.endsWith(sep) ? root : root + sep);
}

function securityHeaders(csp: string): Headers {
  return new Headers({
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cache-control': 'no-cache',
  });
}

function refuse(status: number, headers: Headers): Response {
  headers.set('content-type', 'text/plain; charset=utf-8');
  return new Response(status === 405 ? 'Method not allowed' : 'Not found', { status, headers });
}
