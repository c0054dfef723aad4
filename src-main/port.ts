import { createServer } from 'node:net';

/** The port the engine API prefers, the same as Firecrawl's self-hosted default. */
export const PREFERRED_ENGINE_PORT = 3002;

/**
 * Returns `preferred` when it can be bound on `host`, otherwise a free port the operating
 * system hands out. Called before the engine starts so Settings can show the real port.
 * A small race remains between probing and the engine binding; the engine reports the
 * port it actually bound, which is what the app shows.
 */
export async function pickEnginePort(preferred: number = PREFERRED_ENGINE_PORT, host = '127.0.0.1'): Promise<number> {
  if (preferred > 0 && (await canListen(preferred, host))) return preferred;
  return listenOnce(0, host);
}

function canListen(port: number, host: string): Promise<boolean> {
  return listenOnce(port, host).then(
    () => true,
    () => false,
  );
}

function listenOnce(port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port, host, exclusive: true }, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      server.close(() => resolve(bound));
    });
  });
}
