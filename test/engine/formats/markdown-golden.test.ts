import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toMarkdown } from '../../../src-engine/formats/markdown.js';
import { cleanHtml } from '../../../src-engine/transform/clean-html.js';
import { FIXTURE_PAGES, SITE_DIR } from '../../fixtures/site-server.js';

const GOLDEN_DIR = new URL('../../fixtures/golden/', import.meta.url);
/** Set to rewrite the golden files after an intended change; review the diff before keeping it. */
const UPDATE = process.env.UPDATE_GOLDEN === '1';

function markdownOf(page: string, onlyMainContent: boolean): string {
  const html = readFileSync(`${SITE_DIR}${page}`, 'utf8');
  return `${toMarkdown(cleanHtml(html, { url: `https://tidewater.example/${page}`, onlyMainContent }))}\n`;
}

function expectGolden(name: string, actual: string): void {
  const file = new URL(name, GOLDEN_DIR);
  if (UPDATE) writeFileSync(file, actual);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

describe('markdown of the fixture pages matches the reviewed golden files', () => {
  for (const page of FIXTURE_PAGES) {
    const name = page.replace(/\.html$/, '');
    it(`${name}: main content only`, () => expectGolden(`${name}.md`, markdownOf(page, true)));
  }
  for (const name of ['article', 'docs', 'faq']) {
    it(`${name}: whole page`, () => expectGolden(`${name}.full.md`, markdownOf(`${name}.html`, false)));
  }
});
