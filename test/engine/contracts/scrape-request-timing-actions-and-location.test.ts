import { describe, expect, it } from 'vitest';
import { actionSchema, scrapeRequestSchema } from '../../../src-engine/contracts/index.js';
import { accepted, rejected, rejectionText } from './schema-results.js';

const URL = 'https://example.com/page';
const scrape = (extra: Record<string, unknown>) => ({ url: URL, ...extra });

describe('waitFor and timeout', () => {
  it('accepts waitFor up to half of timeout (5000 of 15000, 400 of 1000)', () => {
    expect(accepted(scrapeRequestSchema, scrape({ waitFor: 5000, timeout: 15000 }))).toMatchObject({ waitFor: 5000, timeout: 15000 });
    accepted(scrapeRequestSchema, scrape({ waitFor: 400, timeout: 1000 }));
    accepted(scrapeRequestSchema, scrape({ waitFor: 7500, timeout: 15000 }));
  });

  for (const [waitFor, timeout] of [
    [8000, 15000],
    [15000, 15000],
    [20000, 15000],
    [600, 1000],
  ]) {
    it(`rejects waitFor ${waitFor} with timeout ${timeout}: "waitFor must not exceed half of timeout" at waitFor`, () => {
      const issues = rejected(scrapeRequestSchema, scrape({ waitFor, timeout }));
      expect(issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: ['waitFor'], message: 'waitFor must not exceed half of timeout' })]));
    });
  }

  it('bounds waitFor to 0..60000 and requires integers', () => {
    accepted(scrapeRequestSchema, scrape({ waitFor: 60000 }));
    rejected(scrapeRequestSchema, scrape({ waitFor: 60001 }));
    rejected(scrapeRequestSchema, scrape({ waitFor: -1 }));
    rejected(scrapeRequestSchema, scrape({ waitFor: 1.5 }));
  });

  it('requires a positive integer timeout and honours at most 5 minutes', () => {
    rejected(scrapeRequestSchema, scrape({ timeout: 0 }));
    rejected(scrapeRequestSchema, scrape({ timeout: -5 }));
    rejected(scrapeRequestSchema, scrape({ timeout: 1000.5 }));
    rejected(scrapeRequestSchema, scrape({ timeout: '15000' }));
    expect(accepted(scrapeRequestSchema, scrape({ timeout: 300000 })).timeout).toBe(300000);
    expect(accepted(scrapeRequestSchema, scrape({ timeout: 900000 })).timeout).toBe(300000);
  });
});

describe('timeout transforms on exactly 30000 ms', () => {
  it('json format: 30000 becomes 60000', () => {
    const parsed = accepted(scrapeRequestSchema, scrape({ formats: [{ type: 'json', prompt: 'p' }], timeout: 30000, proxy: 'basic' }));
    expect(parsed.timeout).toBe(60000);
  });

  it('changeTracking: 30000 becomes 60000 and waitFor is raised to at least 5000', () => {
    const parsed = accepted(scrapeRequestSchema, scrape({ formats: ['markdown', 'changeTracking'], timeout: 30000 }));
    expect(parsed.timeout).toBe(60000);
    expect(parsed.waitFor).toBeGreaterThanOrEqual(5000);
    const longer = accepted(scrapeRequestSchema, scrape({ formats: ['markdown', 'changeTracking'], timeout: 30000, waitFor: 7000 }));
    expect(longer.waitFor).toBe(7000);
  });

  it('stealth and auto proxy: 30000 becomes 120000; basic stays 30000', () => {
    expect(accepted(scrapeRequestSchema, scrape({ proxy: 'stealth', timeout: 30000 })).timeout).toBe(120000);
    expect(accepted(scrapeRequestSchema, scrape({ proxy: 'auto', timeout: 30000 })).timeout).toBe(120000);
    expect(accepted(scrapeRequestSchema, scrape({ timeout: 30000 })).timeout).toBe(120000);
    expect(accepted(scrapeRequestSchema, scrape({ proxy: 'basic', timeout: 30000 })).timeout).toBe(30000);
  });

  it('leaves every other timeout alone (30001, 29999, none)', () => {
    expect(accepted(scrapeRequestSchema, scrape({ formats: [{ type: 'json', prompt: 'p' }], timeout: 30001 })).timeout).toBe(30001);
    expect(accepted(scrapeRequestSchema, scrape({ proxy: 'stealth', timeout: 29999 })).timeout).toBe(29999);
    const none = accepted(scrapeRequestSchema, scrape({ formats: ['markdown', 'changeTracking'], proxy: 'stealth' }));
    expect(none.timeout).toBeUndefined();
    expect(none.waitFor).toBe(0);
  });

  it('rejects an unknown proxy', () => {
    rejected(scrapeRequestSchema, scrape({ proxy: 'residential' }));
  });
});

describe('actions', () => {
  it('accepts each kind and fills its defaults', () => {
    const parsed = accepted(
      scrapeRequestSchema,
      scrape({
        actions: [
          { type: 'wait', milliseconds: 500 },
          { type: 'wait', selector: '#ready' },
          { type: 'click', selector: 'button.more' },
          { type: 'write', text: 'hello' },
          { type: 'press', key: 'Enter' },
          { type: 'scroll' },
          { type: 'scroll', direction: 'up', selector: '#list' },
          { type: 'screenshot' },
          { type: 'screenshot', fullPage: true, quality: 70, viewport: { width: 800, height: 600 } },
          { type: 'scrape' },
          { type: 'executeJavascript', script: 'return document.title' },
          { type: 'pdf' },
          { type: 'pdf', landscape: true, scale: 0.5, format: 'A4' },
        ],
      }),
    );
    expect(parsed.actions).toEqual([
      { type: 'wait', milliseconds: 500 },
      { type: 'wait', selector: '#ready' },
      { type: 'click', selector: 'button.more', all: false },
      { type: 'write', text: 'hello' },
      { type: 'press', key: 'Enter' },
      { type: 'scroll', direction: 'down' },
      { type: 'scroll', direction: 'up', selector: '#list' },
      { type: 'screenshot', fullPage: false },
      { type: 'screenshot', fullPage: true, quality: 70, viewport: { width: 800, height: 600 } },
      { type: 'scrape' },
      { type: 'executeJavascript', script: 'return document.title' },
      { type: 'pdf', landscape: false, scale: 1, format: 'Letter' },
      { type: 'pdf', landscape: true, scale: 0.5, format: 'A4' },
    ]);
  });

  it('requires exactly one of milliseconds and selector on a wait', () => {
    const message = "Either 'milliseconds' or 'selector' must be provided, but not both.";
    expect(rejectionText(scrapeRequestSchema, scrape({ actions: [{ type: 'wait', milliseconds: 1000, selector: '#a' }] }))).toContain(message);
    expect(rejectionText(scrapeRequestSchema, scrape({ actions: [{ type: 'wait' }] }))).toContain(message);
    rejected(scrapeRequestSchema, scrape({ actions: [{ type: 'wait', milliseconds: 0 }] }));
  });

  it('rejects actions missing their required field, unknown kinds and unknown keys', () => {
    for (const action of [
      { type: 'click' },
      { type: 'write' },
      { type: 'press' },
      { type: 'executeJavascript' },
      { type: 'scroll', direction: 'left' },
      { type: 'pdf', format: 'B5' },
      { type: 'hover', selector: 'a' },
      { type: 'click', selector: 'a', delay: 5 },
    ]) {
      expect(actionSchema.safeParse(action).success, JSON.stringify(action)).toBe(false);
      rejected(scrapeRequestSchema, scrape({ actions: [action] }));
    }
  });

  it('accepts 50 actions and rejects 51 with "Number of actions cannot exceed 50"', () => {
    const many = (n: number) => Array.from({ length: n }, () => ({ type: 'scrape' }));
    expect(accepted(scrapeRequestSchema, scrape({ actions: many(50) })).actions).toHaveLength(50);
    expect(rejectionText(scrapeRequestSchema, scrape({ actions: many(51) }))).toContain('Number of actions cannot exceed 50');
  });

  it('caps the total wait (waitFor + wait actions, 1 s per selector wait) at 60 seconds', () => {
    const message = 'Total wait time (waitFor + wait actions) cannot exceed 60 seconds';
    accepted(scrapeRequestSchema, scrape({ waitFor: 30000, actions: [{ type: 'wait', milliseconds: 30000 }] }));
    expect(rejectionText(scrapeRequestSchema, scrape({ waitFor: 30000, actions: [{ type: 'wait', milliseconds: 30001 }] }))).toContain(message);
    expect(
      rejectionText(scrapeRequestSchema, scrape({ actions: [{ type: 'wait', milliseconds: 40000 }, { type: 'wait', milliseconds: 20001 }] })),
    ).toContain(message);
    accepted(scrapeRequestSchema, scrape({ actions: [{ type: 'wait', milliseconds: 59000 }, { type: 'wait', selector: '#a' }] }));
    expect(
      rejectionText(scrapeRequestSchema, scrape({ actions: [{ type: 'wait', milliseconds: 59500 }, { type: 'wait', selector: '#a' }] })),
    ).toContain(message);
  });

  it('bounds the screenshot action viewport like the screenshot format (width 10000 rejected)', () => {
    rejected(scrapeRequestSchema, scrape({ actions: [{ type: 'screenshot', viewport: { width: 10000, height: 1080 } }] }));
    rejected(scrapeRequestSchema, scrape({ actions: [{ type: 'screenshot', quality: 0 }] }));
  });
});

describe('location', () => {
  it('lower-cases a valid country ("US" → "us") and keeps languages', () => {
    expect(accepted(scrapeRequestSchema, scrape({ location: { country: 'US' } })).location).toEqual({ country: 'us' });
    expect(accepted(scrapeRequestSchema, scrape({ location: { country: 'de', languages: ['de-DE', 'en'] } })).location).toEqual({
      country: 'de',
      languages: ['de-DE', 'en'],
    });
    expect(accepted(scrapeRequestSchema, scrape({ location: { country: 'GB' } })).location?.country).toBe('gb');
  });

  it('defaults the country to us-generic when a location has none', () => {
    expect(accepted(scrapeRequestSchema, scrape({ location: {} })).location).toEqual({ country: 'us-generic' });
    expect(accepted(scrapeRequestSchema, scrape({ location: { country: 'US-generic' } })).location?.country).toBe('us-generic');
  });

  it('rejects codes that are not ISO 3166-1 alpha-2 countries with "Invalid country code"', () => {
    for (const country of ['XX', 'USA', 'U', 'ZZ', 'EU', 'UN', 'UK', '12', '']) {
      expect(rejectionText(scrapeRequestSchema, scrape({ location: { country } })), country).toContain('Invalid country code');
    }
    rejected(scrapeRequestSchema, scrape({ location: { country: 'US', city: 'Boston' } }));
  });
});
