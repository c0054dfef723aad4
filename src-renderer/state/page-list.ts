import type { PageRecord, PageState } from '../api/types';

const FINAL: ReadonlySet<PageState> = new Set<PageState>(['done', 'failed', 'robots-blocked']);

/**
 * A job's URLs in discovery order (the engine's `seq`), merged from two sources that race: the
 * `GET /v2/jobs/:id/pages` listing and live page events. A page that already reached a final
 * state never goes back to queued or running because an older listing arrived late.
 */
export class PageList {
  readonly pages: PageRecord[] = [];
  private readonly indexByUrl = new Map<string, number>();

  /** Number of URLs known. */
  get size(): number {
    return this.pages.length;
  }

  /** True when the URL is known and finished (done, failed or robots-blocked). */
  isFinished(url: string): boolean {
    const index = this.indexByUrl.get(url);
    return index !== undefined && FINAL.has(this.pages[index].state);
  }

  /** Adds or updates one page; returns true when something changed. */
  merge(page: PageRecord): boolean {
    const index = this.indexByUrl.get(page.url);
    if (index !== undefined) {
      const current = this.pages[index];
      if (FINAL.has(current.state) && !FINAL.has(page.state)) return false;
      this.pages[index] = page;
      return true;
    }
    const at = this.insertionPoint(page.seq);
    if (at === this.pages.length) {
      this.indexByUrl.set(page.url, at);
      this.pages.push(page);
    } else {
      this.pages.splice(at, 0, page);
      for (let i = at; i < this.pages.length; i++) this.indexByUrl.set(this.pages[i].url, i);
    }
    return true;
  }

  /** Where a page with this `seq` belongs: after every page with a smaller (or unknown) one. */
  private insertionPoint(seq: number | undefined): number {
    const last = this.pages.at(-1);
    if (seq === undefined || last?.seq === undefined || last.seq < seq) return this.pages.length;
    let low = 0;
    let high = this.pages.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      const other = this.pages[mid].seq;
      if (other !== undefined && other < seq) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
