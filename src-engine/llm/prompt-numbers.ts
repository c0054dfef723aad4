/** Reads the numbers people write in crawl prompts: digits ("1,000", "2.5", "5k") or English words ("twenty", "a hundred"). */

const UNITS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17,
  eighteen: 18, nineteen: 19, twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70,
  eighty: 80, ninety: 90, a: 1, an: 1, single: 1, couple: 2, few: 3, dozen: 12, half: 0.5,
};

const WORD = Object.keys(UNITS)
  .filter((w) => !['a', 'an', 'half', 'couple', 'few', 'dozen', 'single'].includes(w))
  .join('|');

/**
 * A regex source matching one written number (capturing nothing): `1,000`, `2.5`, `5k`,
 * `twenty five`, `a hundred`, `two thousand`, `a dozen`, `a couple of`, `a few`, `half a`.
 */
export const NUMBER_SOURCE = `(?:\\d[\\d,]*(?:\\.\\d+)?k?|\\.\\d+|(?:a|an|one|${WORD})(?:[\\s-](?:${WORD}))?(?:\\s+(?:hundred|thousand))?|a\\s+dozen|a\\s+couple(?:\\s+of)?|a\\s+few|a\\s+single|single|half\\s+an?)`;

/** The value of a written number matched by `NUMBER_SOURCE`, or undefined. */
export function parseWrittenNumber(text: string): number | undefined {
  const clean = text.trim().toLowerCase();
  const digits = /^(\d[\d,]*(?:\.\d+)?|\.\d+)(k?)$/.exec(clean);
  if (digits) {
    const value = Number(digits[1]!.replace(/,/g, ''));
    return digits[2] ? value * 1000 : value;
  }
  if (/^half\s+an?$/.test(clean)) return 0.5;
  let total = 0;
  let current = 0;
  for (const word of clean.replace(/^an?\s+(?=dozen|couple|few|single)/, '').split(/[\s-]+/)) {
    if (word === 'of') continue;
    if (word === 'hundred') current = (current || 1) * 100;
    else if (word === 'thousand') {
      total += (current || 1) * 1000;
      current = 0;
    } else if (word in UNITS) current += UNITS[word]!;
    else return undefined;
  }
  return total + current;
}

/** A duration in seconds from a number and a unit word (seconds by default; ms and minutes converted). */
export function toSeconds(amount: number, unit: string | undefined): number {
  const u = (unit ?? 's').toLowerCase();
  if (/^(?:ms|milli)/.test(u)) return amount / 1000;
  if (/^(?:m|min)/.test(u)) return amount * 60;
  return amount;
}
