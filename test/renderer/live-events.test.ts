import { describe, expect, it } from 'vitest';
import { parseConnectionFragment, defaultApiBase } from '../../src-renderer/api/connection';
import { parseLiveEvent, parseSseBuffer } from '../../src-renderer/api/event-stream';
import { buildPathTree } from '../../src-renderer/components/path-tree';

describe('live-event stream parsing', () => {
  it('splits complete events, skips pings and keeps the unfinished rest', () => {
    const { events, rest } = parseSseBuffer(': ping\n\ndata: {"a":1}\n\ndata: {"b":\r\ndata: 2}\r\n\r\ndata: {"c"');
    expect(events).toEqual(['{"a":1}', '{"b":\n2}']);
    expect(rest).toBe('data: {"c"');
  });

  it('accepts known events and ignores unknown or malformed ones', () => {
    expect(parseLiveEvent('{"type":"job.page","jobId":"j","page":{"url":"u","state":"done","depth":0}}')?.type).toBe('job.page');
    expect(parseLiveEvent('{"type":"job.updated"}')).toBeUndefined();
    expect(parseLiveEvent('{"type":"other"}')).toBeUndefined();
    expect(parseLiveEvent('not json')).toBeUndefined();
  });
});

describe('connection from the URL fragment', () => {
  it('reads the key and the API base', () => {
    expect(parseConnectionFragment('#key=abc&api=http://127.0.0.1:4000/')).toEqual({ apiKey: 'abc', apiBase: 'http://127.0.0.1:4000' });
    expect(parseConnectionFragment('')).toEqual({});
  });

  it('defaults the API base to the page origin only over http(s)', () => {
    expect(defaultApiBase({ protocol: 'http:', origin: 'http://127.0.0.1:4000' })).toBe('http://127.0.0.1:4000');
    expect(defaultApiBase({ protocol: 'app:', origin: 'null' })).toBeUndefined();
  });
});

describe('site path tree', () => {
  it('groups URLs by host and path segment with counts', () => {
    const tree = buildPathTree([
      { url: 'http://s.test/a/b', state: 'done', depth: 1 },
      { url: 'http://s.test/a/c', state: 'failed', depth: 1 },
      { url: 'http://s.test/', state: 'done', depth: 0 },
    ]);
    const host = tree.children[0];
    expect(host).toMatchObject({ name: 's.test', total: 3, failed: 1 });
    expect(host.children[0]).toMatchObject({ name: '/a', total: 2, failed: 1 });
    expect(host.children[0].children.map((c) => c.name)).toEqual(['/b', '/c']);
  });
});
