import { describe, expect, it } from 'vitest';
import { formatViewRoute, parseViewRoute } from '../../src-renderer/state/view-route';

describe('view routes in the location hash', () => {
  it('reads a job view with the job it shows', () => {
    expect(parseViewRoute('#/crawl/0b9c-41')).toEqual({ view: 'crawl', jobId: '0b9c-41' });
    expect(parseViewRoute('#/batch/abc/')).toEqual({ view: 'batch', jobId: 'abc' });
    expect(parseViewRoute('#/jobs')).toEqual({ view: 'jobs' });
  });

  it('ignores a job id on views that show no job', () => {
    expect(parseViewRoute('#/library/abc')).toEqual({ view: 'library' });
    expect(formatViewRoute({ view: 'settings', jobId: 'abc' })).toBe('#/settings');
  });

  it('does not take the sign-in fragment, an empty hash or an unknown view for a route', () => {
    expect(parseViewRoute('#key=abc&api=http://127.0.0.1:3002')).toBeUndefined();
    expect(parseViewRoute('')).toBeUndefined();
    expect(parseViewRoute('#/nowhere')).toBeUndefined();
  });

  it('writes routes that read back the same, with the job id escaped', () => {
    const route = { view: 'crawl' as const, jobId: 'a/b c' };
    expect(formatViewRoute(route)).toBe('#/crawl/a%2Fb%20c');
    expect(parseViewRoute(formatViewRoute(route))).toEqual(route);
  });
});
