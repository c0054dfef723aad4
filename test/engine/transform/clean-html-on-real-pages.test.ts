import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { transformHtml } from '../../../src-engine/transform/transform-html.js';

const DATASET = resolve(import.meta.dirname, '..', '..', '..', '..', 'shared', 'datasets', 'article-extraction', 'html');

describe.skipIf(!existsSync(DATASET))('cleaning real pages', () => {
  it('gives main content for each of the 90 real news and blog pages, never throwing', () => {
    const files = readdirSync(DATASET).filter((f) => f.endsWith('.html.gz'));
    expect(files.length).toBe(90);
    for (const file of files) {
      const html = gunzipSync(readFileSync(join(DATASET, file))).toString('utf8');
      const result = transformHtml(html, { url: 'https://news.example/article', onlyMainContent: true, wantMetadata: true, wantLinks: true });
      expect(result.cleanedHtml.length, file).toBeGreaterThan(200);
    }
  }, 120_000);
});
