/**
 * Serves host names through a resolver instead of DNS (hermetic multi-host fixtures):
 * requests to a resolved host are fetched from the resolved address with the original
 * `Host`, and handed to the page as if they came from the named host. Only installed when
 * a resolver is configured, since routing every request costs time.
 */
import type { Page, Route } from 'playwright-core';

export type HostResolver = (hostname: string) => string | undefined;

/** Routes the page's requests through `resolve`; returns the function that removes the route. */
export async function routeResolvedHosts(page: Page, resolve: HostResolver): Promise<() => Promise<void>> {
  const handler = async (route: Route): Promise<void> => {
    const request = route.request();
    const url = new URL(request.url());
    const address = url.protocol === 'http:' || url.protocol === 'https:' ? resolve(url.hostname) : undefined;
    if (!address || address === url.hostname) {
      await route.fallback();
      return;
    }
    const target = new URL(url);
    target.hostname = address;
    try {
      const response = await route.fetch({
        url: target.toString(),
        headers: { ...request.headers(), host: url.host },
        maxRedirects: 0,
      });
      await route.fulfill({ response });
    } catch {
      await route.abort('connectionrefused').catch(() => undefined);
    }
  };
  await page.route('**/*', handler);
  return async () => {
    await page.unroute('**/*', handler).catch(() => undefined);
  };
}
