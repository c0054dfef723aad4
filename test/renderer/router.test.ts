// @vitest-environment jsdom
import './rune-state-shim';
import { beforeEach, describe, expect, it } from 'vitest';
import { Router } from '../../src-renderer/state/router.svelte';

beforeEach(() => {
  sessionStorage.clear();
  history.replaceState(null, '', '/');
});

describe('the router', () => {
  it('opens the view and job named in the address and keeps the job for this tab', () => {
    history.replaceState(null, '', '/#/crawl/job-1');
    const router = new Router();
    const stop = router.start();
    expect(router.view).toBe('crawl');
    expect(router.jobs.crawl).toBe('job-1');
    expect(JSON.parse(sessionStorage.getItem('trawl.attachedJobs')!)).toEqual({ crawl: 'job-1' });
    stop();
  });

  it('reattaches a job view to the job kept for this tab when the address names another view', () => {
    sessionStorage.setItem('trawl.attachedJobs', JSON.stringify({ batch: 'b-7' }));
    history.replaceState(null, '', '/#/library');
    const router = new Router();
    const stop = router.start();
    expect(router.view).toBe('library');
    expect(router.jobs.batch).toBe('b-7');
    router.show('batch');
    expect(location.hash).toBe('#/batch/b-7');
    stop();
  });

  it('writes a started job into the address without a new history entry, and follows Back', () => {
    const router = new Router();
    const stop = router.start();
    expect(location.hash).toBe('#/scrape');
    router.show('crawl');
    const entries = history.length;
    router.attach('crawl', 'c-1');
    expect(location.hash).toBe('#/crawl/c-1');
    expect(history.length).toBe(entries);
    history.replaceState(null, '', '/#/jobs/c-0');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(router.view).toBe('jobs');
    expect(router.jobs.jobs).toBe('c-0');
    stop();
  });

  it('opens a finished job\'s view with a copy of its options to fill the form', () => {
    const router = new Router();
    const stop = router.start();
    const options = { url: 'https://example.com/', limit: 5 };
    router.runAgain({ kind: 'crawl', options });
    expect(router.view).toBe('crawl');
    expect(router.rerun).toEqual({ view: 'crawl', options });
    expect(router.rerun!.options).not.toBe(options);
    stop();
  });
});
