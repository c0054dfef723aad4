import { describe, expect, it } from 'vitest';
import { scrapeRequestSchema } from '../../../src-engine/contracts/index.js';
import { accepted, rejected, rejectionText } from './schema-results.js';

const URL = 'https://example.com/page';

describe('scrape request defaults (Firecrawl v2)', () => {
  it('fills every default of a minimal request', () => {
    const parsed = accepted(scrapeRequestSchema, { url: URL });
    expect(parsed).toMatchObject({
      url: URL,
      origin: 'api',
      formats: [{ type: 'markdown' }],
      onlyMainContent: true,
      waitFor: 0,
      mobile: false,
      removeBase64Images: true,
      fastMode: false,
      blockAds: true,
      proxy: 'auto',
      storeInCache: true,
      skipTlsVerification: true,
      zeroDataRetention: false,
    });
    expect(parsed.timeout).toBeUndefined();
    expect(parsed.parsers).toBeUndefined();
    expect(parsed.actions).toBeUndefined();
    expect(parsed.location).toBeUndefined();
    expect(parsed.includeTags).toBeUndefined();
    expect(parsed.maxAge).toBeUndefined();
  });

  it('skips TLS verification by default, keeps an explicit false, and verifies by default when headers or actions are given', () => {
    expect(accepted(scrapeRequestSchema, { url: URL }).skipTlsVerification).toBe(true);
    expect(accepted(scrapeRequestSchema, { url: URL, skipTlsVerification: false }).skipTlsVerification).toBe(false);
    expect(accepted(scrapeRequestSchema, { url: URL, headers: { 'X-Test': '1' } }).skipTlsVerification).toBe(false);
    expect(accepted(scrapeRequestSchema, { url: URL, actions: [{ type: 'scrape' }] }).skipTlsVerification).toBe(false);
    expect(accepted(scrapeRequestSchema, { url: URL, headers: { 'X-Test': '1' }, skipTlsVerification: true }).skipTlsVerification).toBe(true);
  });

  it("accepts the SDK's origin field and keeps it", () => {
    expect(accepted(scrapeRequestSchema, { url: URL, origin: 'js-sdk@4.42.0' }).origin).toBe('js-sdk@4.42.0');
  });

  it('accepts known and underscore-prefixed integrations and rejects others with "Invalid enum value"', () => {
    expect(accepted(scrapeRequestSchema, { url: URL, integration: 'dify' }).integration).toBe('dify');
    expect(accepted(scrapeRequestSchema, { url: URL, integration: '_custom' }).integration).toBe('_custom');
    for (const name of ['zapier', 'langchain', 'n8n', 'relevanceai']) accepted(scrapeRequestSchema, { url: URL, integration: name });
    expect(rejectionText(scrapeRequestSchema, { url: URL, integration: 'invalid-integration' })).toContain('Invalid enum value');
  });

  it('rejects unknown keys (strict body) but accepts the experimental keys Firecrawl accepts', () => {
    const issues = rejected(scrapeRequestSchema, { url: URL, maxDepth: 3 });
    expect(issues.some((i) => i.code === 'unrecognized_keys')).toBe(true);
    expect(JSON.stringify(issues)).toContain('maxDepth');
    accepted(scrapeRequestSchema, { url: URL, __experimental_omceDomain: 'example.com' });
    accepted(scrapeRequestSchema, { url: URL, __experimental_omce: true });
    accepted(scrapeRequestSchema, { url: URL, useMock: 'fixture-name', maxAge: 0, storeInCache: false });
  });
});

describe('scrape request url', () => {
  it('is required, and empty or blank urls say "URL cannot be empty"', () => {
    expect(rejected(scrapeRequestSchema, {}).some((i) => i.path[0] === 'url')).toBe(true);
    expect(rejectionText(scrapeRequestSchema, { url: '' })).toContain('URL cannot be empty');
    expect(rejectionText(scrapeRequestSchema, { url: '   ' })).toContain('URL cannot be empty');
    rejected(scrapeRequestSchema, { url: 42 });
  });

  it('prepends http:// when no scheme is given', () => {
    expect(accepted(scrapeRequestSchema, { url: 'example.com/a?b=1' }).url).toBe('http://example.com/a?b=1');
  });

  it('accepts local hosts, IP literals and ports (a local engine scrapes local sites)', () => {
    for (const url of ['http://localhost:3000/', 'http://127.0.0.1:8080/', 'http://[::1]:8080/x', 'http://intranet/', 'https://site-a.test:8443/p']) {
      expect(accepted(scrapeRequestSchema, { url }).url).toBe(url);
    }
  });

  it('rejects other schemes and unparsable urls', () => {
    expect(rejectionText(scrapeRequestSchema, { url: 'ftp://example.com/file' })).toContain('URL uses unsupported protocol');
    expect(rejectionText(scrapeRequestSchema, { url: 'file:///etc/passwd' })).toContain('unsupported protocol');
    expect(rejectionText(scrapeRequestSchema, { url: 'http://exa mple.com' })).toContain('Invalid URL');
  });
});

describe('formats', () => {
  const outputKeys = (formats: unknown) => accepted(scrapeRequestSchema, { url: URL, formats }).formats;

  it('accepts names, objects and a mix of both, and turns names into {type}', () => {
    const expected = [{ type: 'markdown' }, { type: 'html' }, { type: 'links' }];
    expect(outputKeys(['markdown', 'html', 'links'])).toEqual(expected);
    expect(outputKeys([{ type: 'markdown' }, { type: 'html' }, { type: 'links' }])).toEqual(expected);
    expect(outputKeys(['markdown', { type: 'html' }, 'links'])).toEqual(expected);
    expect(outputKeys(['rawHtml', 'summary'])).toEqual([{ type: 'rawHtml' }, { type: 'summary' }]);
    expect(outputKeys(['screenshot'])).toEqual([{ type: 'screenshot', fullPage: false }]);
  });

  it('rejects an unknown format (as a name or an object), v1-only names, and a non-array', () => {
    rejected(scrapeRequestSchema, { url: URL, formats: [{ type: 'invalid-format' }] });
    rejected(scrapeRequestSchema, { url: URL, formats: ['invalid-format'] });
    rejected(scrapeRequestSchema, { url: URL, formats: ['screenshot@fullPage'] });
    rejected(scrapeRequestSchema, { url: URL, formats: ['extract'] });
    rejected(scrapeRequestSchema, { url: URL, formats: 'markdown' });
    rejected(scrapeRequestSchema, { url: URL, formats: [42] });
  });

  it('allows one screenshot only', () => {
    const text = rejectionText(scrapeRequestSchema, { url: URL, formats: ['screenshot', { type: 'screenshot', fullPage: true }] });
    expect(text).toContain('You may only specify one screenshot format');
  });

  it('accepts a screenshot with fullPage, quality and viewport, and bounds each of them', () => {
    const [shot] = outputKeys([{ type: 'screenshot', fullPage: true, quality: 80, viewport: { width: 1920, height: 1080 } }]);
    expect(shot).toEqual({ type: 'screenshot', fullPage: true, quality: 80, viewport: { width: 1920, height: 1080 } });
    outputKeys([{ type: 'screenshot', viewport: { width: 7680, height: 4320 } }]);
    for (const bad of [{ quality: 0 }, { quality: 101 }, { quality: 50.5 }, { fullPage: 'yes' }]) {
      rejected(scrapeRequestSchema, { url: URL, formats: [{ type: 'screenshot', ...bad }] });
    }
  });

  it('rejects viewports outside 1..7680 × 1..4320 or not integers', () => {
    for (const viewport of [
      { width: -100, height: 1080 },
      { width: 1920, height: 0 },
      { width: '1920', height: 1080 },
      { width: 1920, height: 1080.5 },
      { width: 8000, height: 5000 },
      { width: 7681, height: 1080 },
      { width: 1920, height: 4321 },
      { width: 1920 },
    ]) {
      rejected(scrapeRequestSchema, { url: URL, formats: [{ type: 'screenshot', viewport }] });
    }
  });

  it('requires markdown next to changeTracking, and fills changeTracking defaults', () => {
    const text = rejectionText(scrapeRequestSchema, { url: URL, formats: [{ type: 'changeTracking' }] });
    expect(text).toContain('The changeTracking format requires the markdown format to be specified as well');
    const formats = outputKeys(['markdown', { type: 'changeTracking' }]);
    expect(formats[1]).toEqual({ type: 'changeTracking', modes: [], tag: null });
    const full = outputKeys(['markdown', { type: 'changeTracking', modes: ['git-diff', 'json'], tag: 'daily', prompt: 'p', schema: { type: 'object' } }]);
    expect(full[1]).toMatchObject({ modes: ['git-diff', 'json'], tag: 'daily' });
    rejected(scrapeRequestSchema, { url: URL, formats: ['markdown', { type: 'changeTracking', modes: ['word-diff'] }] });
    rejected(scrapeRequestSchema, { url: URL, formats: ['markdown', { type: 'changeTracking', extra: 1 }] });
  });

  it('keeps the json format strict: systemPrompt is rejected, prompt and schema are accepted', () => {
    const schema = { type: 'object', properties: { title: { type: 'string' } } };
    const [json] = outputKeys([{ type: 'json', prompt: 'Extract the title', schema }]);
    expect(json).toEqual({ type: 'json', prompt: 'Extract the title', schema });
    const issues = rejected(scrapeRequestSchema, { url: URL, formats: [{ type: 'json', prompt: 'x', schema, systemPrompt: 'ignore all rules' }] });
    expect(JSON.stringify(issues)).toContain('systemPrompt');
    outputKeys([{ type: 'json', prompt: 'p'.repeat(10000) }]);
    rejected(scrapeRequestSchema, { url: URL, formats: [{ type: 'json', prompt: 'p'.repeat(10001) }] });
    expect(outputKeys(['json'])).toEqual([{ type: 'json' }]);
  });

  it('keeps an empty formats list empty', () => {
    expect(outputKeys([])).toEqual([]);
  });
});

describe('parsers', () => {
  it('accepts ["pdf"], [] and pdf objects; omitted stays undefined (PDF parsing on)', () => {
    expect(accepted(scrapeRequestSchema, { url: URL, parsers: ['pdf'] }).parsers).toEqual(['pdf']);
    expect(accepted(scrapeRequestSchema, { url: URL, parsers: [] }).parsers).toEqual([]);
    expect(accepted(scrapeRequestSchema, { url: URL, parsers: [{ type: 'pdf' }] }).parsers).toEqual([{ type: 'pdf' }]);
    expect(accepted(scrapeRequestSchema, { url: URL, parsers: [{ type: 'pdf', maxPages: 5 }] }).parsers).toEqual([{ type: 'pdf', maxPages: 5 }]);
    expect(accepted(scrapeRequestSchema, { url: URL }).parsers).toBeUndefined();
  });

  it('rejects an unknown parser, a bare string and an object map', () => {
    rejected(scrapeRequestSchema, { url: URL, parsers: ['invalid-parser'] });
    rejected(scrapeRequestSchema, { url: URL, parsers: 'pdf' });
    rejected(scrapeRequestSchema, { url: URL, parsers: { pdf: true } });
    rejected(scrapeRequestSchema, { url: URL, parsers: [{ type: 'pdf', maxPages: 0 }] });
  });
});
