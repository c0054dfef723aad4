import { describe, expect, it } from 'vitest';
import { produceSummary } from '../../../src-engine/formats/summary.js';
import { extractiveSummary } from '../../../src-engine/llm/extractive-summary.js';

const article = `# Honeybees in winter

[Home](/) [News](/news) [Contact](/contact)

Honeybees survive the winter by forming a tight cluster inside the hive.
The bees in the cluster shiver their flight muscles to produce heat for the colony.
Our shop opens at nine on weekdays.
The queen stays at the warm centre of the cluster while worker bees rotate to the cold outside.
A strong colony keeps the centre of the cluster near thirty degrees even in deep frost.
Beekeepers should leave enough honey in the hive so the cluster can feed through winter.
Photos by our staff photographer.

\`\`\`js
console.log('not prose');
\`\`\`
`;

describe('summary format without a model', () => {
  it('picks the most central sentences of the main content, in page order', () => {
    const summary = extractiveSummary(article);
    expect(summary).toBe(
      'Honeybees survive the winter by forming a tight cluster inside the hive. ' +
        'The bees in the cluster shiver their flight muscles to produce heat for the colony. ' +
        'Beekeepers should leave enough honey in the hive so the cluster can feed through winter.',
    );
    expect(summary).not.toContain('shop');
    expect(summary).not.toContain('console.log');
  });

  it('returns a short page whole and adds a warning that says no model was used', async () => {
    const result = await produceSummary({ markdown: 'Trawl is a local scraping engine for your own machine.' });
    expect(result.summary).toBe('Trawl is a local scraping engine for your own machine.');
    expect(result.warning).toMatch(/^The summary was produced without a language model/);
    expect(result.warning).toContain('TRAWL_LLM_MODEL');
  });

  it('still says something about a page without full sentences', () => {
    expect(extractiveSummary('Opening hours\n\nMonday to Friday 9 to 5')).toBe('Monday to Friday 9 to 5');
  });
});
