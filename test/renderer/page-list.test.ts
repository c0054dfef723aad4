import { describe, expect, it } from 'vitest';
import type { PageRecord } from '../../src-renderer/api/types';
import { PageList } from '../../src-renderer/state/page-list';

const page = (seq: number, state: PageRecord['state'], extra: Partial<PageRecord> = {}): PageRecord => ({
  seq,
  url: `http://s.test/${seq}`,
  state,
  depth: 1,
  ...extra,
});

describe('a job\'s URL list merged from the listing and live events', () => {
  it('keeps discovery order when a live event arrives before the listing reaches its URL', () => {
    const list = new PageList();
    list.merge(page(0, 'done'));
    list.merge(page(3, 'done'));
    for (const p of [page(1, 'queued'), page(2, 'queued'), page(3, 'queued'), page(4, 'queued')]) list.merge(p);
    expect(list.pages.map((p) => [p.seq, p.state])).toEqual([[0, 'done'], [1, 'queued'], [2, 'queued'], [3, 'done'], [4, 'queued']]);
    list.merge(page(2, 'failed', { error: 'HTTP 500' }));
    expect(list.pages[2]).toMatchObject({ seq: 2, state: 'failed', error: 'HTTP 500' });
    expect(list.size).toBe(5);
  });

  it('never turns a finished URL back into queued or running because an older listing arrived late', () => {
    const list = new PageList();
    list.merge(page(0, 'queued'));
    expect(list.merge(page(0, 'done', { statusCode: 200 }))).toBe(true);
    expect(list.merge(page(0, 'running'))).toBe(false);
    expect(list.merge(page(0, 'queued'))).toBe(false);
    expect(list.pages[0]).toMatchObject({ state: 'done', statusCode: 200 });
    expect(list.isFinished('http://s.test/0')).toBe(true);
    expect(list.isFinished('http://s.test/9')).toBe(false);
  });
});
