import { describe, expect, it } from 'vitest';
import { JobProgress, type JobSnapshot } from '../../src-main/progress.js';

/** A stand-in for BrowserWindow.setProgressBar/isFocused and Electron's Notification. */
function surface(focused = false) {
  const bars: number[] = [];
  const notes: { title: string; body: string }[] = [];
  return { bars, notes, setProgressBar: (v: number) => void bars.push(v), isFocused: () => focused, notify: (n: { title: string; body: string }) => void notes.push(n) };
}

const job = (over: Partial<JobSnapshot>): JobSnapshot => ({ id: 'a', kind: 'crawl', status: 'scraping', total: 0, completed: 0, failed: 0, url: 'https://example.com', createdAt: '2026-01-01T00:00:00.000Z', ...over });

describe('job progress', () => {
  it('shows one bar for all running jobs and removes it when none run', () => {
    const s = surface();
    const progress = new JobProgress(s, 30_000);
    progress.handle({ type: 'job.created', job: job({ id: 'a' }) });
    progress.handle({ type: 'job.updated', job: job({ id: 'a', total: 10, completed: 4, failed: 1 }) });
    progress.handle({ type: 'job.created', job: job({ id: 'b', kind: 'batch', total: 10, completed: 0 }) });
    progress.handle({ type: 'job.finished', job: job({ id: 'a', status: 'completed', total: 10, completed: 10, finishedAt: '2026-01-01T00:00:01.000Z' }) });
    progress.handle({ type: 'job.finished', job: job({ id: 'b', kind: 'batch', status: 'completed', total: 10, completed: 10, finishedAt: '2026-01-01T00:00:01.000Z' }) });
    expect(s.bars).toEqual([2, 0.5, 0.25, 0, -1]);
  });

  it('notifies when a long job finishes while the window is not focused', () => {
    const s = surface(false);
    new JobProgress(s, 30_000).handle({ type: 'job.finished', job: job({ status: 'completed', completed: 120, failed: 3, finishedAt: '2026-01-01T00:05:00.000Z' }) });
    expect(s.notes).toEqual([{ title: 'Crawl finished', body: 'https://example.com\n120 pages, 3 failed' }]);
  });

  it('stays quiet for short jobs and while the user is looking', () => {
    const quick = surface(false);
    new JobProgress(quick, 30_000).handle({ type: 'job.finished', job: job({ status: 'completed', finishedAt: '2026-01-01T00:00:05.000Z' }) });
    const watching = surface(true);
    new JobProgress(watching, 30_000).handle({ type: 'job.finished', job: job({ status: 'failed', finishedAt: '2026-01-01T01:00:00.000Z' }) });
    expect(quick.notes).toEqual([]);
    expect(watching.notes).toEqual([]);
  });
});
