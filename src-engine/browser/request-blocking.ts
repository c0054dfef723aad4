/**
 * Per-page request blocking done by Chromium itself: ad/tracker URLs through
 * `Network.setBlockedURLs`, and images, media and fonts through `Fetch` interception
 * limited to those resource types (so scripts, documents and data never pause).
 * Playwright's `route()` is not used: it intercepts every request and made pages slower.
 */
import type { CDPSession } from 'playwright-core';
import { shippedFilters } from './ad-block.js';

export interface BlockingState {
  blockAds: boolean;
  allowMedia: boolean;
}

/** Applies and updates one page's blocking rules over its own CDP session. */
export class RequestBlocking {
  private state: BlockingState | undefined;
  private listening = false;
  private networkEnabled = false;

  constructor(private readonly cdp: CDPSession) {}

  /** Sets the rules for the next use of the page; only what changed is sent. */
  async apply(next: BlockingState): Promise<void> {
    const previous = this.state;
    const tasks: Promise<unknown>[] = [];
    if (previous?.blockAds !== next.blockAds) {
      const urls = next.blockAds ? shippedFilters().blockedUrlPatterns : [];
      // Blocked URLs only apply while this session's Network domain is enabled.
      if (!this.networkEnabled && next.blockAds) {
        this.networkEnabled = true;
        tasks.push(this.cdp.send('Network.enable', { maxTotalBufferSize: 0, maxResourceBufferSize: 0 }));
      }
      tasks.push(this.cdp.send('Network.setBlockedURLs', { urls }));
    }
    if (previous?.allowMedia !== next.allowMedia) {
      if (next.allowMedia) {
        if (previous) tasks.push(this.cdp.send('Fetch.disable'));
      } else {
        this.listen();
        tasks.push(
          this.cdp.send('Fetch.enable', {
            patterns: [
              { resourceType: 'Image', requestStage: 'Request' },
              { resourceType: 'Media', requestStage: 'Request' },
              { resourceType: 'Font', requestStage: 'Request' },
            ],
          }),
        );
      }
    }
    await Promise.all(tasks);
    this.state = { ...next };
  }

  private listen(): void {
    if (this.listening) return;
    this.listening = true;
    this.cdp.on('Fetch.requestPaused', (event) => {
      this.cdp
        .send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'BlockedByClient' })
        .catch(() => undefined);
    });
  }
}
