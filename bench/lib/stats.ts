/** Summaries of repeated measurements: median with its min–max, and formatting for the report. */

export interface Summary {
  median: number;
  min: number;
  max: number;
  runs: number;
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function summarize(values: number[]): Summary {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), runs: values.length };
}

/** Rounds to a number of significant digits that suits a report (3, or fewer decimals for big values). */
export function fmt(value: number, digits = 3): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (abs >= 1000) return Math.round(value).toLocaleString('en-US');
  if (abs === 0) return '0';
  const decimals = Math.max(0, digits - 1 - Math.floor(Math.log10(abs)));
  return value.toFixed(Math.min(decimals, 6));
}

/** `median (min–max)` with a unit. */
export function fmtSummary(s: Summary, unit = '', digits = 3): string {
  const u = unit ? ` ${unit}` : '';
  if (s.runs === 1) return `${fmt(s.median, digits)}${u}`;
  return `${fmt(s.median, digits)}${u} (${fmt(s.min, digits)}–${fmt(s.max, digits)})`;
}

/** A ratio summary written as `2.31× (2.10–2.52)`. */
export function fmtRatio(s: Summary): string {
  if (s.runs === 1) return `${s.median.toFixed(2)}×`;
  return `${s.median.toFixed(2)}× (${s.min.toFixed(2)}–${s.max.toFixed(2)})`;
}

export function mb(bytes: number): number {
  return bytes / (1024 * 1024);
}
