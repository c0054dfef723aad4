/**
 * Real HTTP, HTTPS and forward-proxy servers on 127.0.0.1 for the fetcher tests, plus a
 * self-signed certificate made with openssl in a temporary directory.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';

export interface RunningServer {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  url: string;
  port: number;
  close(): Promise<void>;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** Starts an HTTP server on an ephemeral 127.0.0.1 port. */
export function startHttpServer(handler: Handler): Promise<RunningServer> {
  return listen(http.createServer(handler), 'http');
}

/** Starts an HTTPS server with the given certificate. */
export function startHttpsServer(cert: SelfSignedCert, handler: Handler): Promise<RunningServer> {
  return listen(https.createServer({ key: cert.key, cert: cert.cert }, handler), 'https');
}

async function listen(server: http.Server, scheme: 'http' | 'https'): Promise<RunningServer> {
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface SelfSignedCert {
  key: string;
  cert: string;
}

/** A throwaway self-signed certificate for `site.test`, `localhost` and 127.0.0.1. */
export function createSelfSignedCert(): SelfSignedCert {
  const dir = mkdtempSync(join(tmpdir(), 'trawl-cert-'));
  try {
    const keyPath = join(dir, 'key.pem');
    const certPath = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=site.test',
        '-addext',
        'subjectAltName=DNS:site.test,DNS:localhost,IP:127.0.0.1',
        '-keyout',
        keyPath,
        '-out',
        certPath,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(keyPath, 'utf8'), cert: readFileSync(certPath, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface ProxyLog {
  /** Request lines seen: `GET http://...` for plain HTTP, `CONNECT host:port` for tunnels. */
  requests: string[];
  /** Proxy-Authorization header values received. */
  authorizations: string[];
}

/**
 * A minimal forward proxy: absolute-form GETs are relayed, CONNECT opens a TCP tunnel.
 * Every request line is logged so a test can prove traffic went through it.
 */
export async function startForwardProxy(): Promise<RunningServer & { log: ProxyLog }> {
  const log: ProxyLog = { requests: [], authorizations: [] };
  const server = http.createServer((req, res) => {
    log.requests.push(`${req.method} ${req.url}`);
    if (req.headers['proxy-authorization']) log.authorizations.push(req.headers['proxy-authorization']);
    const target = new URL(req.url ?? '');
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers },
      (upstreamRes) => {
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
        upstreamRes.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req, clientSocket: net.Socket, head: Buffer) => {
    log.requests.push(`CONNECT ${req.url}`);
    if (req.headers['proxy-authorization']) log.authorizations.push(req.headers['proxy-authorization']);
    const [host, port] = (req.url ?? '').split(':');
    const upstream = net.connect(Number(port), host, () => {
      clientSocket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(clientSocket);
      clientSocket.pipe(upstream);
    });
    upstream.on('error', () => clientSocket.destroy());
    clientSocket.on('error', () => upstream.destroy());
  });
  const running = await listen(server, 'http');
  return { ...running, log };
}
