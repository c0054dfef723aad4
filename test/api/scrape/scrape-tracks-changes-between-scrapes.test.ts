import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScrapeStack, type ScrapeStack } from './scrape-stack.js';

function noticePage(berth: string, hours: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Berth notice | Tidewater</title></head>
<body><main>
<h1>Berth notice</h1>
<p>Visiting yachts moor at ${berth}.</p>
<p>The fuel berth is open ${hours}.</p>
<p>Report arrivals to the harbour office on channel 12.</p>
</main></body></html>`;
}

describe('scrape tracks changes between scrapes (changeTracking, git-diff mode)', () => {
  let stack: ScrapeStack;
  let url: string;
  const gitDiff = { type: 'changeTracking' as const, modes: ['git-diff' as const] };
  beforeAll(async () => {
    stack = await startScrapeStack();
    stack.site.setPage('berth-notice.html', noticePage('pontoon B', 'from 08:00 to 18:00'));
    url = `${stack.site.url}/pages/berth-notice.html`;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('reports a first scrape as "new" with previousScrapeAt null, then an unchanged page as "same"', async () => {
    const first = await stack.app.scrape(url, { formats: ['markdown', gitDiff] });
    expect(first.changeTracking).toMatchObject({ previousScrapeAt: null, changeStatus: 'new', visibility: 'visible' });
    expect(first.changeTracking).not.toHaveProperty('diff');
    expect(first.markdown).toContain('Visiting yachts moor at pontoon B.');

    const second = await stack.app.scrape(url, { formats: ['markdown', gitDiff] });
    expect(second.changeTracking).toMatchObject({ changeStatus: 'same', visibility: 'visible' });
    const previous = String(second.changeTracking?.previousScrapeAt);
    expect(previous).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(Date.now() - Date.parse(previous)).toBeLessThan(60_000);
    expect(second.changeTracking).not.toHaveProperty('diff');
  });

  it('reports "changed" with a git diff as text and as parsed files once the page changes', async () => {
    stack.site.setPage('berth-notice.html', noticePage('pontoon D', 'from 07:00 to 19:00'));
    const document = await stack.app.scrape(url, { formats: ['markdown', gitDiff] });
    const tracking = document.changeTracking!;
    expect(tracking.changeStatus).toBe('changed');
    expect(tracking.previousScrapeAt).not.toBeNull();

    const diff = tracking.diff as { text: string; json: { files: { chunks: { changes: { type: string; content: string }[] }[] }[] } };
    expect(diff.text).toContain('-Visiting yachts moor at pontoon B.');
    expect(diff.text).toContain('+Visiting yachts moor at pontoon D.');
    expect(diff.text).toContain('+The fuel berth is open from 07:00 to 19:00.');
    expect(diff.json.files).toHaveLength(1);
    const changes = diff.json.files[0]!.chunks.flatMap((chunk) => chunk.changes);
    expect(changes).toContainEqual(expect.objectContaining({ type: 'del', content: '-Visiting yachts moor at pontoon B.' }));
    expect(changes).toContainEqual(expect.objectContaining({ type: 'add', content: '+Visiting yachts moor at pontoon D.' }));
    expect(changes.some((change) => change.type === 'normal')).toBe(true);
  });

  it('leaves out the diff when git-diff mode is not asked for', async () => {
    stack.site.setPage('berth-notice.html', noticePage('pontoon A', 'from 07:00 to 19:00'));
    const document = await stack.app.scrape(url, { formats: ['markdown', { type: 'changeTracking' }] });
    expect(document.changeTracking?.changeStatus).toBe('changed');
    expect(document.changeTracking).not.toHaveProperty('diff');
    expect(document.changeTracking).not.toHaveProperty('json');
  });

  it('keeps a separate history per tag', async () => {
    const tagged = { type: 'changeTracking' as const, modes: ['git-diff' as const], tag: 'weekly-check' };
    const first = await stack.app.scrape(url, { formats: ['markdown', tagged] });
    expect(first.changeTracking).toMatchObject({ previousScrapeAt: null, changeStatus: 'new' });
    const again = await stack.app.scrape(url, { formats: ['markdown', tagged] });
    expect(again.changeTracking?.changeStatus).toBe('same');
    expect(again.changeTracking?.previousScrapeAt).not.toBeNull();

    const other = await stack.app.scrape(url, { formats: ['markdown', { ...tagged, tag: 'monthly-check' }] });
    expect(other.changeTracking).toMatchObject({ previousScrapeAt: null, changeStatus: 'new' });
  });

  it('reports a page that now answers 404 as "removed", and one that comes back as "changed"', async () => {
    stack.site.setPage('tide-alert.html', noticePage('the north quay', 'until noon'));
    const alert = `${stack.site.url}/pages/tide-alert.html`;
    const live = await stack.app.scrape(alert, { formats: ['markdown', gitDiff] });
    expect(live.changeTracking?.changeStatus).toBe('new');

    stack.site.removePage('tide-alert.html');
    const gone = await stack.app.scrape(alert, { formats: ['markdown', gitDiff] });
    expect(gone.metadata?.statusCode).toBe(404);
    expect(gone.changeTracking).toMatchObject({ changeStatus: 'removed', visibility: 'visible' });
    expect(gone.changeTracking?.previousScrapeAt).not.toBeNull();
    expect(gone.changeTracking).not.toHaveProperty('diff');

    stack.site.setPage('tide-alert.html', noticePage('the north quay', 'until noon'));
    const back = await stack.app.scrape(alert, { formats: ['markdown', gitDiff] });
    expect(back.changeTracking?.changeStatus).toBe('changed');
  });

  it('reports a page never seen that answers 404 as "removed" with previousScrapeAt null', async () => {
    const document = await stack.app.scrape(`${stack.site.url}/pages/never-published.html`, { formats: ['markdown', gitDiff] });
    expect(document.changeTracking).toMatchObject({ previousScrapeAt: null, changeStatus: 'removed' });
  });

  it('never answers change-tracking scrapes from the cache, and bills them one credit', async () => {
    const document = await stack.app.scrape(url, { formats: ['markdown', gitDiff] });
    expect(document.metadata).not.toHaveProperty('cacheState');
    expect(document.metadata?.creditsUsed).toBe(1);
  });

  it('answers 400 for changeTracking without the markdown format', async () => {
    const { status, body } = await stack.postScrape({ url, formats: [{ type: 'changeTracking' }] });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, error: 'Bad Request' });
    expect(JSON.stringify(body.details)).toContain('The changeTracking format requires the markdown format to be specified as well');
  });
});
