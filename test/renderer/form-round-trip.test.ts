import './rune-state-shim';
import { describe, expect, it } from 'vitest';
import { newAction } from '../../src-renderer/state/action-drafts';
import { CrawlOptionsForm } from '../../src-renderer/state/crawl-options-form.svelte';
import { ScrapeOptionsForm } from '../../src-renderer/state/scrape-options-form.svelte';

function everyScrapeOptionSet(): ScrapeOptionsForm {
  const form = new ScrapeOptionsForm();
  Object.assign(form, {
    markdown: true, summary: true, html: true, rawHtml: true, links: true,
    screenshot: true, screenshotFullPage: true, screenshotQuality: 70, viewportWidth: 1024, viewportHeight: 700,
    json: true, jsonPrompt: 'Price', jsonSchema: '{"type":"object","properties":{"price":{"type":"number"}}}',
    changeTracking: true, changeModeJson: true, changeModeGitDiff: false, changeTag: 'weekly', changePrompt: 'Changes', changeSchema: '{"type":"object"}',
    onlyMainContent: false, includeTags: 'article\n.content', excludeTags: '.ads', removeBase64Images: false,
    waitFor: 500, mobile: true, country: 'DE', languages: 'de-DE, en', blockAds: false, proxy: 'stealth',
    headers: [{ name: 'Cookie', value: 'a=1' }], timeout: 20000, skipTlsVerification: 'no',
    maxAge: 0, storeInCache: false, parsePdf: true, pdfMaxPages: 3, zeroDataRetention: true,
  });
  const wait = { ...newAction('wait'), milliseconds: null, selector: '#main' };
  const click = { ...newAction('click'), selector: 'button.more', all: true };
  const pdf = { ...newAction('pdf'), landscape: true, scale: 0.8, format: 'A4' };
  form.actions = [wait, click, { ...newAction('press'), key: 'Enter' }, { ...newAction('scroll'), direction: 'up' }, pdf];
  return form;
}

describe('filling a form from a job\'s options (Run again)', () => {
  it('rebuilds exactly the scrape options that were sent, every option set', () => {
    const original = everyScrapeOptionSet();
    const sent = { ...original.build().options, ...original.requestFlags() };
    const again = new ScrapeOptionsForm();
    again.load(structuredClone(sent));
    expect({ ...again.build().options, ...again.requestFlags() }).toEqual(sent);
  });

  it('returns options the job did not set to their defaults', () => {
    const form = everyScrapeOptionSet();
    form.load({ formats: ['html'], parsers: [] });
    expect(form.build().options).toEqual({ formats: ['html'], parsers: [] });
    expect(form.requestFlags()).toEqual({});
    form.load({});
    expect(form.build().options).toEqual({ formats: ['markdown'] });
  });

  it('rebuilds exactly the crawler options that were sent, webhook included', () => {
    const original = new CrawlOptionsForm();
    Object.assign(original, {
      url: 'https://docs.example.com/guide/', prompt: 'Only the guide', includePaths: '^/guide/.*', excludePaths: '^/guide/old/\n^/tag/',
      maxDiscoveryDepth: 3, limit: 40, crawlEntireDomain: true, allowExternalLinks: true, allowSubdomains: true,
      ignoreRobotsTxt: true, robotsUserAgent: 'TrawlBot', sitemap: 'skip', deduplicateSimilarURLs: false,
      ignoreQueryParameters: true, regexOnFullURL: true, delay: 1.5, maxConcurrency: 2,
      webhookUrl: 'https://hooks.example.com/t', webhookEvents: { started: false, page: true, completed: true, failed: false },
      webhookHeaders: [{ name: 'X-Token', value: 't' }], webhookMetadata: '{"project":"atlas"}',
    });
    const sent = original.build();
    expect(sent.localIssues).toEqual([]);
    const again = new CrawlOptionsForm();
    again.load(structuredClone(sent.body));
    expect(again.build().body).toEqual(sent.body);
    again.load({ url: 'https://example.com/' });
    expect(again.build().body).toEqual({ url: 'https://example.com/' });
  });
});
