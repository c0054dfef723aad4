/**
 * The keep-alive connection pools the HTTP fetcher sends through: one per TLS mode
 * (verifying or not), each either direct or through the configured proxy. Created lazily
 * and reused for every request, so a crawl of thousands of pages reuses sockets instead of
 * building a new agent per page.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, ProxyAgent, type Dispatcher } from 'undici';

/** Maps a host name to the address to connect to instead of asking DNS (undefined: use DNS). */
export type HostResolver = (hostname: string) => string | undefined;

export interface HttpDispatcherOptions {
  proxyUrl?: string;
  hostResolver?: HostResolver;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** Largest response head accepted; real sites send large cookie and CSP headers. */
const MAX_HEADER_BYTES = 64 * 1024;

export class HttpDispatchers {
  readonly #options: HttpDispatcherOptions;
  readonly #pools = new Map<'verify' | 'insecure', Dispatcher>();

  constructor(options: HttpDispatcherOptions) {
    this.#options = options;
  }

  /** The shared pool for requests that do (`true`) or do not verify TLS certificates. */
  forTls(verifyCertificates: boolean): Dispatcher {
    const key = verifyCertificates ? 'verify' : 'insecure';
    let pool = this.#pools.get(key);
    if (!pool) {
      pool = this.#create(verifyCertificates);
      this.#pools.set(key, pool);
    }
    return pool;
  }

  /** Closes every pool's sockets (engine shutdown). */
  async close(): Promise<void> {
    const pools = [...this.#pools.values()];
    this.#pools.clear();
    await Promise.all(pools.map((pool) => pool.close().catch(() => undefined)));
  }

  #create(verifyCertificates: boolean): Dispatcher {
    const tls = { rejectUnauthorized: verifyCertificates };
    const { proxyUrl, hostResolver } = this.#options;
    if (proxyUrl) {
      return new ProxyAgent({
        uri: proxyUrl,
        // Plain-HTTP targets go as absolute-form requests, HTTPS ones through CONNECT.
        proxyTunnel: false,
        requestTls: tls,
        maxHeaderSize: MAX_HEADER_BYTES,
      });
    }
    return new Agent({
      maxHeaderSize: MAX_HEADER_BYTES,
      connect: { ...tls, lookup: lookupVia(hostResolver) },
    });
  }
}

/**
 * A `dns.lookup`-compatible function that answers from `resolver` when it knows the host,
 * so the socket connects there while the URL (Host header, TLS server name) stays unchanged.
 * Names under `.invalid` fail at once (RFC 6761) instead of waiting on a resolver.
 */
function lookupVia(resolver: HostResolver | undefined) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const address = resolver?.(hostname);
    if (address === undefined && /(^|\.)invalid\.?$/i.test(hostname)) {
      const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
      error.code = 'ENOTFOUND';
      callback(error, []);
      return;
    }
    if (address === undefined) {
      dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
        if (error) callback(error, []);
        else if (options.all) callback(null, addresses);
        else callback(null, addresses[0]?.address ?? '', addresses[0]?.family);
      });
      return;
    }
    const family = isIP(address) === 6 ? 6 : 4;
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}
