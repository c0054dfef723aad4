import { join } from 'node:path';
import Database from 'libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScrapeStack, type ScrapeStack } from './scrape-stack.js';

describe('scrape cache reuses recent results', () => {
  let stack: ScrapeStack;
  let db: InstanceType<typeof Database>;
  let page = 0;
  beforeAll(async () => {
    stack = await startScrapeStack();
    db = new Database(join(stack.dataDir, 'trawl.db'), { readonly: true });
  });
  afterAll(async () => {
    db?.close();
    await stack?.close();
  });

  /** A fresh address of the article, so each test starts with an empty cache for it. */
  function freshArticle(): { url: string; path: string } {
    page += 1;
    const path = `/article.html?copy=${page}`;
    return { url: `${stack.site.url}${path}`, path };
  }

  function fetchesOf(path: string): number {
    return stack.site.hits.filter((hit) => hit === path).length;
  }

  function cachedRowsFor(url: string): number {
    return (db.prepare('SELECT COUNT(*) AS n FROM scrape_cache WHERE url = ?').get(url) as { n: number }).n;
  }

  it('answers a second identical scrape from the cache with cacheState "hit" and cachedAt, without fetching', async () => {
    const { url, path } = freshArticle();
    const first = await stack.app.scrape(url, { formats: ['markdown', 'links'] });
    const second = await stack.app.scrape(url, { formats: ['markdown', 'links'] });
    expect(first.metadata?.cacheState).toBe('miss');
    expect(first.metadata).not.toHaveProperty('cachedAt');
    expect(second.metadata?.cacheState).toBe('hit');
    expect(Date.now() - Date.parse(String(second.metadata?.cachedAt))).toBeLessThan(60_000);
    expect(second.markdown).toBe(first.markdown);
    expect(second.links).toEqual(first.links);
    expect(second.metadata?.scrapeId).not.toBe(first.metadata?.scrapeId);
    expect(fetchesOf(path)).toBe(1);
  });

  it('reports the sourceURL of the new request on a cache hit', async () => {
    const { url } = freshArticle();
    await stack.app.scrape(`${url}#top`);
    const hit = await stack.app.scrape(`${url}#comments`);
    expect(hit.metadata?.cacheState).toBe('hit');
    expect(hit.metadata?.sourceURL).toBe(`${url}#comments`);
  });

  it('bypasses the cache with maxAge 0: no cacheState, and the page is fetched again', async () => {
    const { url, path } = freshArticle();
    await stack.app.scrape(url);
    const fresh = await stack.app.scrape(url, { maxAge: 0 });
    expect(fresh.metadata).not.toHaveProperty('cacheState');
    expect(fetchesOf(path)).toBe(2);
  });

  it('refetches when the cached copy is older than maxAge', async () => {
    const { url, path } = freshArticle();
    await stack.app.scrape(url);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const stale = await stack.app.scrape(url, { maxAge: 1 });
    expect(stale.metadata?.cacheState).toBe('miss');
    expect(fetchesOf(path)).toBe(2);
  });

  it('does not store a scrape made with storeInCache false', async () => {
    const { url, path } = freshArticle();
    const unstored = await stack.app.scrape(url, { storeInCache: false });
    expect(unstored.metadata?.cacheState).toBe('miss');
    expect(cachedRowsFor(url)).toBe(0);
    const next = await stack.app.scrape(url);
    expect(next.metadata?.cacheState).toBe('miss');
    expect(fetchesOf(path)).toBe(2);
  });

  it('neither stores nor serves cached scrapes made with custom headers', async () => {
    const { url, path } = freshArticle();
    const withHeaders = await stack.app.scrape(url, { headers: { 'X-Harbour-Pass': 'berth-12' } });
    expect(withHeaders.metadata).not.toHaveProperty('cacheState');
    expect(cachedRowsFor(url)).toBe(0);
    const next = await stack.app.scrape(url);
    expect(next.metadata?.cacheState).toBe('miss');
    const againWithHeaders = await stack.app.scrape(url, { headers: { 'X-Harbour-Pass': 'berth-12' } });
    expect(againWithHeaders.metadata).not.toHaveProperty('cacheState');
    expect(fetchesOf(path)).toBe(3);
  });

  it('keys the cache by the options that change the document: another format set misses', async () => {
    const { url, path } = freshArticle();
    await stack.app.scrape(url, { formats: ['markdown'] });
    const html = await stack.app.scrape(url, { formats: ['html'] });
    expect(html.metadata?.cacheState).toBe('miss');
    expect(html.html).toContain('Councillors in Port Wenlow voted 31 to 9');
    const fullPage = await stack.app.scrape(url, { formats: ['markdown'], onlyMainContent: false });
    expect(fullPage.metadata?.cacheState).toBe('miss');
    const sameAsFirst = await stack.app.scrape(url, { formats: [{ type: 'markdown' }] });
    expect(sameAsFirst.metadata?.cacheState).toBe('hit');
    expect(fetchesOf(path)).toBe(3);
  });

  it('writes nothing of a zeroDataRetention scrape to disk, and bills it one extra credit', async () => {
    const { url } = freshArticle();
    const marker = url.split('?')[1]!;
    const { status, body } = await stack.postScrape({
      url,
      formats: ['markdown', { type: 'changeTracking', modes: ['git-diff'] }],
      zeroDataRetention: true,
    });
    expect(status).toBe(200);
    const data = body.data as { markdown: string; metadata: Record<string, unknown>; changeTracking: { changeStatus: string } };
    expect(data.markdown).toContain('Councillors in Port Wenlow voted 31 to 9');
    expect(data.metadata).not.toHaveProperty('cacheState');
    expect(data.metadata.creditsUsed).toBe(2);
    expect(data.changeTracking.changeStatus).toBe('new');

    const plain = await stack.postScrape({ url, zeroDataRetention: true });
    expect(plain.status).toBe(200);
    expect((plain.body.data as { metadata: Record<string, unknown> }).metadata).not.toHaveProperty('cacheState');

    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    for (const { name } of tables) {
      const rows = JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).all());
      expect(rows, `table ${name} mentions the page`).not.toContain(marker);
    }
    const later = await stack.app.scrape(url, { formats: ['markdown', { type: 'changeTracking' }] });
    expect(later.changeTracking?.changeStatus).toBe('new');
  });
});
