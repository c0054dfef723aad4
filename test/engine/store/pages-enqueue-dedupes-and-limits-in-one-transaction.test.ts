import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewPage } from '../../../src-engine/store/pages-repo.js';
import { Store } from '../../../src-engine/store/store.js';
import { insertJob, removeTempDirs, tempDir } from './store-fixtures.js';

let dir: string;
let store: Store;
let jobId: string;

beforeEach(() => {
  dir = tempDir();
  store = new Store(dir);
  jobId = insertJob(store.disk);
});

afterEach(() => {
  store.close();
  removeTempDirs();
});

const page = (key: string, extra: Partial<NewPage> = {}): NewPage => ({ url: `http://127.0.0.1:9/${key}`, dedupeKey: key, depth: 0, ...extra });
const keysOf = (pages: { dedupeKey?: string; url: string }[]) => pages.map((p) => p.dedupeKey ?? p.url.split('/').pop());
const storedKeys = () => store.disk.pages.list(jobId, 0, 1000).map((p) => p.url.split('/').pop());

describe('pages enqueue', () => {
  it('adds new pages in order with consecutive sequence numbers and returns what it added', () => {
    const added = store.disk.pages.enqueue(jobId, [page('a'), page('b', { depth: 1 }), page('c', { depth: 2 })]);
    expect(keysOf(added)).toEqual(['a', 'b', 'c']);
    const rows = store.disk.pages.list(jobId, 0, 10);
    expect(rows.map((r) => r.seq)).toEqual([0, 1, 2]);
    expect(rows.map((r) => r.depth)).toEqual([0, 1, 2]);
    expect(rows.every((r) => r.state === 'queued')).toBe(true);
  });

  it('skips a dedupe key already known to the job, within one call and across calls', () => {
    expect(keysOf(store.disk.pages.enqueue(jobId, [page('a'), page('b'), page('a')]))).toEqual(['a', 'b']);
    expect(keysOf(store.disk.pages.enqueue(jobId, [page('b'), page('c'), page('a')]))).toEqual(['c']);
    expect(storedKeys()).toEqual(['a', 'b', 'c']);
  });

  it('skips a key reached earlier through a redirect (an alias of another page)', () => {
    store.disk.pages.enqueue(jobId, [page('start')]);
    expect(store.disk.pages.claimAlias(jobId, 'landing', 0)).toBe(true);
    expect(store.disk.pages.enqueue(jobId, [page('landing'), page('other')]).map((p) => p.dedupeKey)).toEqual(['other']);
  });

  it('keeps dedupe per job: the same key may be queued by two jobs', () => {
    const otherJob = insertJob(store.disk);
    store.disk.pages.enqueue(jobId, [page('a')]);
    expect(store.disk.pages.enqueue(otherJob, [page('a')])).toHaveLength(1);
  });

  it('stops at the limit, counting pages already queued, running and done', () => {
    expect(store.disk.pages.enqueue(jobId, [page('a'), page('b')], 3)).toHaveLength(2);
    expect(store.disk.pages.claim(jobId, 0)).toBe(true);
    store.disk.pages.markDone(jobId, 0, { statusCode: 200 });
    expect(keysOf(store.disk.pages.enqueue(jobId, [page('c'), page('d'), page('e')], 3))).toEqual(['c']);
    expect(store.disk.pages.enqueue(jobId, [page('f')], 3)).toEqual([]);
    expect(store.disk.pages.count(jobId)).toBe(3);
  });

  it('does not count failed pages, robots-blocked pages or pages that take no slot toward the limit', () => {
    store.disk.pages.enqueue(jobId, [page('a')], 2);
    store.disk.pages.claim(jobId, 0);
    store.disk.pages.markFailed(jobId, 0, { code: 'SCRAPE_TIMEOUT', error: 'timed out' });
    const added = store.disk.pages.enqueue(jobId, [page('blocked', { state: 'robots-blocked' }), page('extra', { countsTowardLimit: false }), page('b'), page('c'), page('d')], 2);
    expect(keysOf(added)).toEqual(['blocked', 'extra', 'b', 'c']);
    expect(store.disk.pages.robotsBlocked(jobId)).toEqual(['http://127.0.0.1:9/blocked']);
  });

  it('adds nothing at all when any page of the call cannot be stored (one transaction)', () => {
    store.disk.pages.enqueue(jobId, [page('a')]);
    const broken = { url: null, dedupeKey: 'broken', depth: 0 } as unknown as NewPage;
    expect(() => store.disk.pages.enqueue(jobId, [page('b'), page('c'), broken, page('d')])).toThrow();
    expect(storedKeys()).toEqual(['a']);
    // The sequence counter rolled back with the pages: the next page gets seq 1.
    expect(keysOf(store.disk.pages.enqueue(jobId, [page('b')]))).toEqual(['b']);
    expect(store.disk.pages.list(jobId, 0, 10).map((p) => p.seq)).toEqual([0, 1]);
  });

  it('keeps dedupe and limit across two connections to the same database', () => {
    const second = new Store(dir);
    try {
      expect(store.disk.pages.enqueue(jobId, [page('a'), page('b')], 3)).toHaveLength(2);
      expect(keysOf(second.disk.pages.enqueue(jobId, [page('a'), page('c'), page('d')], 3))).toEqual(['c']);
      expect(store.disk.pages.enqueue(jobId, [page('e')], 3)).toEqual([]);
    } finally {
      second.close();
    }
  });

  it('keeps the queue when the store is reopened (the frontier survives a restart)', () => {
    store.disk.pages.enqueue(jobId, [page('a'), page('b')]);
    store.disk.pages.claim(jobId, 0);
    store.close();
    store = new Store(dir);
    expect(store.disk.pages.requeueRunning(jobId)).toBe(1);
    expect(store.disk.pages.peekQueued(jobId, 10).map((p) => p.seq)).toEqual([0, 1]);
    expect(store.disk.pages.enqueue(jobId, [page('a'), page('c')])).toHaveLength(1);
  });
});
