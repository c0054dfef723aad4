import { request } from 'node:http';
import type { CrawlResource, CrawlResourceFetcher } from '../../../src-engine/crawl/robots.js';

/**
 * A minimal resource fetcher for crawl-discovery tests: sends every request to the fixture
 * site's port on 127.0.0.1 with the URL's host in the Host header, follows redirects and
 * records each URL asked for. The engine passes its real HTTP fetcher instead.
 */
export function localResourceFetcher(port: number, requested: string[] = []): CrawlResourceFetcher {
  const fetchOnce = (url: URL, signal?: AbortSignal): Promise<CrawlResource & { location?: string }> =>
    new Promise((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: url.pathname + url.search, headers: { host: url.host }, signal },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () =>
            resolve({
              statusCode: res.statusCode ?? 0,
              contentType: res.headers['content-type'] ?? '',
              body: Buffer.concat(chunks),
              ...(res.headers.location ? { location: res.headers.location } : {}),
            }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });

  return async (url, options) => {
    requested.push(url);
    let target = new URL(url);
    for (let hop = 0; hop < 5; hop++) {
      const response = await fetchOnce(target, options?.signal);
      if (response.statusCode < 300 || response.statusCode >= 400 || !response.location) {
        return { statusCode: response.statusCode, contentType: response.contentType, body: response.body };
      }
      target = new URL(response.location, target);
    }
    throw new Error(`Too many redirects for ${url}`);
  };
}
