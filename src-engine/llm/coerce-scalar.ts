import type { SchemaNode } from './resolve-schema.js';

/** Keys whose value best stands for a structured-data object when a plain value is wanted. */
const REPRESENTATIVE_KEYS = ['name', 'text', '@value', 'value', 'ratingValue', 'price', 'headline', 'title', 'url', 'contentUrl', '@id'];

const ADDRESS_PARTS = ['streetAddress', 'addressLocality', 'addressRegion', 'postalCode', 'addressCountry'];

/** A plain value standing for an object: its name, text or value, or a postal address joined. */
function representative(value: Record<string, unknown>): unknown {
  if (ADDRESS_PARTS.some((k) => k in value)) {
    const parts = ADDRESS_PARTS.map((k) => value[k])
      .map((p) => (p && typeof p === 'object' ? (p as Record<string, unknown>).name : p))
      .filter((p) => typeof p === 'string' && p.trim());
    if (parts.length) return parts.join(', ');
  }
  for (const key of REPRESENTATIVE_KEYS) {
    const inner = value[key];
    if (inner !== undefined && inner !== null && inner !== '') return inner;
  }
  return undefined;
}

const NAMED_ENTITIES: Record<string, string> = {
  nbsp: ' ', quot: '"', apos: "'", lt: '<', gt: '>', amp: '&', copy: '©', reg: '®', trade: '™', hellip: '…',
  mdash: '—', ndash: '–', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', euro: '€', pound: '£',
  eacute: 'é', egrave: 'è', ecirc: 'ê', aacute: 'á', agrave: 'à', acirc: 'â', iacute: 'í', oacute: 'ó',
  uacute: 'ú', auml: 'ä', ouml: 'ö', uuml: 'ü', szlig: 'ß', ntilde: 'ñ', ccedil: 'ç',
};

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&([a-z]+);/gi, (whole, name: string) => NAMED_ENTITIES[name.toLowerCase()] ?? whole)
    .trim();
}

/** Reads a number from text such as "$1,299.00", "4.5 out of 5" or "12 servings". */
function numberFrom(text: string): number | undefined {
  const match = /-?\d[\d,]*(?:\.\d+)?|-?\.\d+/.exec(text.replace(/\s(?=\d{3}\b)/g, ''));
  if (!match) return undefined;
  const parsed = Number(match[0].replace(/,/g, ''));
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** The last segment of a schema.org enumeration URL ("https://schema.org/InStock" → "InStock"). */
const enumName = (text: string) => text.replace(/\/+$/, '').split('/').pop() ?? text;

/**
 * Converts a value read from a page into the scalar type a schema node asks for (string, number,
 * integer, boolean, or one of an `enum`). Returns `undefined` when the value cannot honestly be
 * read as that type.
 */
export function coerceScalar(value: unknown, node: SchemaNode, type: string | undefined): unknown {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) {
    if (type === 'string' && value.every((v) => typeof v === 'string' || typeof v === 'number')) {
      return value.length ? coerceScalar(value.map(String).join(', '), node, type) : undefined;
    }
    for (const entry of value) {
      const coerced = coerceScalar(entry, node, type);
      if (coerced !== undefined) return coerced;
    }
    return undefined;
  }
  if (typeof value === 'object') return coerceScalar(representative(value as Record<string, unknown>), node, type);

  if (Array.isArray(node.enum)) {
    const wanted = enumName(decodeEntities(String(value))).toLowerCase();
    return (node.enum as unknown[]).find((option) => String(option).toLowerCase() === wanted);
  }
  switch (type) {
    case 'string': {
      const text = decodeEntities(String(value)).replace(/^(?:mailto|tel):/i, '');
      return text === '' ? undefined : text;
    }
    case 'number':
    case 'integer': {
      const n = typeof value === 'number' ? value : typeof value === 'string' ? numberFrom(value) : undefined;
      if (n === undefined) return undefined;
      return type === 'integer' ? Math.round(n) : n;
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      const text = enumName(String(value)).toLowerCase();
      if (['true', 'yes', '1', 'instock', 'available'].includes(text)) return true;
      if (['false', 'no', '0', 'outofstock', 'soldout', 'discontinued'].includes(text)) return false;
      return undefined;
    }
    default:
      return typeof value === 'string' ? decodeEntities(value) : value;
  }
}
