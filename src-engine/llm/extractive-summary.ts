/**
 * A summary without a model: the most central sentences of the page's main content, in page order.
 *
 * Markdown is reduced to prose (code blocks, tables, images, headings, link lists and link targets
 * are dropped), split into sentences of 6 to 60 words, and each sentence is scored by its summed
 * cosine similarity to every other sentence over content words (a one-step TextRank): sentences
 * that share the most vocabulary with the rest of the page are the most central. The top
 * `maxSentences` (3 by default, 4 or 5 for long pages) are returned in their original order.
 */
export function extractiveSummary(markdown: string, maxSentences?: number): string {
  const sentences = splitSentences(toProse(markdown));
  if (sentences.length === 0) return '';
  const count = maxSentences ?? (sentences.length > 80 ? 5 : sentences.length > 30 ? 4 : 3);
  if (sentences.length <= count) return sentences.join(' ');

  const pool = sentences.slice(0, MAX_SENTENCES_SCORED);
  const vectors = pool.map(termVector);
  const scores = vectors.map((v, i) => {
    let sum = 0;
    vectors.forEach((w, j) => {
      if (i !== j) sum += cosine(v, w);
    });
    // A slight lead bonus: openings of articles tend to state the subject.
    return sum * (i < 3 ? 1.1 : 1);
  });
  return scores
    .map((score, index) => ({ score, index }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count)
    .sort((a, b) => a.index - b.index)
    .map(({ index }) => pool[index])
    .join(' ');
}

const MAX_SENTENCES_SCORED = 400;

const STOPWORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both
  but by can could did do does doing down during each few for from further had has have having he her here hers him his
  how i if in into is it its itself just me more most my no nor not now of off on once only or other our ours out over
  own same she should so some such than that the their theirs them then there these they this those through to too
  under until up very was we were what when where which while who whom why will with would you your yours one two new
  may might must shall us get got like use used using via per`.split(/\s+/),
);

function toProse(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, '\n')
    .replace(/^\s*\|.*\|\s*$/gm, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/^\s{0,3}#{1,6}\s.*$/gm, '')
    .replace(/^\s*(?:[-*+]|\d+\.)\s+\[[^\]]*\]\([^)]*\)\s*$/gm, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[*_`>~]+/g, '')
    .replace(/^\s*(?:[-+]|\d+\.)\s+/gm, '');
}

/** Sentences of 6–60 words ending in punctuation; failing any, every line of 3+ words (short pages). */
function splitSentences(prose: string): string[] {
  const sentences: string[] = [];
  const loose: string[] = [];
  for (const paragraph of prose.split(/\n\s*\n/)) {
    const flat = paragraph.replace(/\s+/g, ' ').trim();
    if (!flat) continue;
    for (const raw of flat.split(/(?<=[.!?])\s+(?=["'“(]?[A-Z0-9])/)) {
      const sentence = raw.trim();
      const words = sentence.split(/\s+/).length;
      if (words >= 6 && words <= 60 && /[.!?]["'”)]?$/.test(sentence)) sentences.push(sentence);
      else if (words >= 3) loose.push(sentence.split(/\s+/).slice(0, 60).join(' '));
    }
  }
  return sentences.length ? sentences : loose;
}

function termVector(sentence: string): Map<string, number> {
  const vector = new Map<string, number>();
  for (const word of sentence.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (word.length < 3 || STOPWORDS.has(word)) continue;
    const stem = word.length > 4 ? word.replace(/(?:ing|ed|es|s)$/, '') : word;
    vector.set(stem, (vector.get(stem) ?? 0) + 1);
  }
  return vector;
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  for (const [term, weight] of a) dot += weight * (b.get(term) ?? 0);
  if (dot === 0) return 0;
  const norm = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((s, x) => s + x * x, 0));
  return dot / (norm(a) * norm(b));
}
