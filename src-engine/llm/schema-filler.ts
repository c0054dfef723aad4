import { coerceScalar } from './coerce-scalar.js';
import { matchScore } from './field-name-match.js';
import { allowsNull, resolveSchema, schemaType, type SchemaNode } from './resolve-schema.js';
import type { StructuredData } from './structured-data.js';

/** One piece of page data with the path that names it, e.g. `['offers', 'price']` → 19.99. */
interface Candidate {
  path: string[];
  value: unknown;
  /** Added to the name score: data from the page's main structured item outranks meta tags. */
  bonus: number;
}

/** The result of filling a schema without a model. */
export interface FilledSchema {
  value: unknown;
  /** Dotted paths of required fields the page did not provide (given an empty placeholder). */
  missing: string[];
}

const MIN_SCORE = 40;
const MAIN_ITEM_BONUS = 25;
const MAX_FLATTEN_DEPTH = 4;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

function flatten(value: Record<string, unknown>, bonus: number, prefix: string[] = [], out: Candidate[] = []): Candidate[] {
  for (const [key, inner] of Object.entries(value)) {
    if (key === '@context' || key === '@id') continue;
    const path = [...prefix, key];
    out.push({ path, value: inner, bonus });
    if (path.length >= MAX_FLATTEN_DEPTH) continue;
    const children = Array.isArray(inner) ? inner : [inner];
    for (const child of children) if (isPlainObject(child)) flatten(child, bonus, path, out);
  }
  return out;
}

/** Items plus the typed objects nested in them as `mainEntity`, `itemListElement` or `item`. */
function expandItems(items: Record<string, unknown>[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const visit = (item: Record<string, unknown>, depth: number) => {
    out.push(item);
    if (depth > 2) return;
    for (const key of ['mainEntity', 'itemListElement', 'item']) {
      const nested = item[key];
      for (const child of Array.isArray(nested) ? nested : [nested]) {
        if (isPlainObject(child) && (child['@type'] || Object.keys(child).length > 2)) visit(child, depth + 1);
      }
    }
  };
  items.forEach((item) => visit(item, 0));
  return out;
}

/** How well an item can fill an object schema: the sum of its best name scores per property. */
function itemFit(item: Record<string, unknown>, node: SchemaNode): number {
  const candidates = flatten(item, 0);
  let fit = 0;
  for (const name of Object.keys((node.properties as object) ?? {})) {
    const best = Math.max(0, ...candidates.map((c) => matchScore(name, c.path)));
    if (best >= 60) fit += best;
  }
  const title = typeof node.title === 'string' ? node.title.toLowerCase() : '';
  const type = String(item['@type'] ?? '').toLowerCase();
  if (title && type && (title.includes(type) || type.includes(title))) fit += 50;
  return fit;
}

class SchemaFiller {
  readonly missing: string[] = [];

  constructor(
    private readonly root: unknown,
    private readonly items: Record<string, unknown>[],
  ) {}

  fillObject(
    node: SchemaNode,
    candidates: Candidate[],
    path: string,
    prefix = '',
    keepEmpty = false,
  ): Record<string, unknown> | undefined {
    const properties = (node.properties ?? {}) as Record<string, unknown>;
    const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
    const result: Record<string, unknown> = {};
    const missing: string[] = [];
    let found = 0;
    for (const [name, raw] of Object.entries(properties)) {
      const propNode = resolveSchema(raw, this.root);
      const value = this.fillProperty(prefix ? `${prefix}_${name}` : name, propNode, candidates, `${path}${name}`);
      if (value !== undefined) {
        result[name] = value;
        found++;
      } else if (required.has(name)) {
        result[name] = this.placeholder(propNode, `${path}${name}`, missing);
      }
    }
    if (found === 0 && !keepEmpty) return undefined;
    this.missing.push(...missing);
    return result;
  }

  private fillProperty(name: string, node: SchemaNode, candidates: Candidate[], path: string): unknown {
    const ranked = candidates
      .map((candidate, order) => {
        const score = matchScore(name, candidate.path);
        return { candidate, order, score: score > 0 ? score + candidate.bonus : 0 };
      })
      .filter((r) => r.score >= MIN_SCORE)
      .sort((a, b) => b.score - a.score || a.order - b.order);
    for (const { candidate } of ranked) {
      const value = this.coerce(candidate.value, node, path);
      if (value !== undefined) return value;
    }

    const type = schemaType(node);
    if (type === 'object' && node.properties) {
      // No object on the page carries this name: try its fields as "parent_field" names (price_currency).
      return this.fillObject(node, candidates, `${path}.`, name);
    }
    if (type === 'array') {
      const itemNode = resolveSchema(node.items, this.root);
      if (schemaType(itemNode) === 'object' && itemNode.properties) return this.fillList(itemNode, path);
    }
    return undefined;
  }

  /** Every page item that fits the schema of a list entry, filled. */
  fillList(itemNode: SchemaNode, path: string): unknown[] | undefined {
    const fits = (item: Record<string, unknown>) => itemFit(item, itemNode) >= 100;
    // An item that merely wraps fitting items (an ItemList, a ListItem) is not an entry itself.
    const list = expandItems(this.items)
      .filter((item) => fits(item) && !expandItems([item]).slice(1).some(fits))
      .map((item, i) => this.fillObject(itemNode, flatten(item, 0), `${path}[${i}].`))
      .filter((v) => v !== undefined);
    return list.length ? list : undefined;
  }

  private coerce(value: unknown, node: SchemaNode, path: string): unknown {
    const variants = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
    if (Array.isArray(variants)) {
      for (const variant of variants) {
        const resolved = resolveSchema(variant, this.root);
        if (resolved.type === 'null') continue;
        const coerced = this.coerce(value, resolved, path);
        if (coerced !== undefined) return coerced;
      }
      return undefined;
    }
    const type = schemaType(node);
    if (type === 'object') {
      const object = Array.isArray(value) ? value.find(isPlainObject) : value;
      if (!isPlainObject(object)) return undefined;
      if (!node.properties) return object;
      return this.fillObject(node, flatten(object, 0), `${path}.`);
    }
    if (type === 'array') {
      const itemNode = resolveSchema(node.items, this.root);
      const splitList = typeof value === 'string' && schemaType(itemNode) === 'string' && /,\s/.test(value);
      const values = Array.isArray(value) ? value : splitList ? (value as string).split(/\s*,\s*/) : [value];
      const entries = values.flatMap((entry) =>
        isPlainObject(entry) && Array.isArray(entry.itemListElement) ? entry.itemListElement : [entry],
      );
      const list = entries.map((entry, i) => this.coerce(entry, itemNode, `${path}[${i}]`)).filter((v) => v !== undefined);
      return list.length ? list : undefined;
    }
    return coerceScalar(value, node, type);
  }

  /** The value given to a required field the page does not provide; its path goes to `missing`. */
  private placeholder(node: SchemaNode, path: string, missing: string[]): unknown {
    const type = schemaType(node);
    const required = Array.isArray(node.required) ? (node.required as string[]) : [];
    if (type === 'object' && node.default === undefined && !allowsNull(node) && required.length > 0) {
      const result: Record<string, unknown> = {};
      for (const name of required) {
        const propNode = resolveSchema((node.properties as Record<string, unknown> | undefined)?.[name], this.root);
        result[name] = this.placeholder(propNode, `${path}.${name}`, missing);
      }
      return result;
    }
    missing.push(path);
    if (node.default !== undefined) return node.default;
    if (allowsNull(node)) return null;
    if (type === 'string') return '';
    if (type === 'array') return [];
    if (type === 'object') return {};
    return null;
  }
}

/**
 * Fills a JSON Schema from a page's structured data, without a model. Each schema property is
 * matched by name (see `matchScore`) against, in order of trust: the page's main structured item
 * (the JSON-LD or microdata item that best fits the schema), meta tags (OpenGraph, Twitter,
 * description…), table and definition-list labels, then the page's other items and metadata.
 * Values are converted to the property's type; a list of objects is filled from every fitting
 * item (a product listing). Required fields the page lacks get a placeholder — the schema's
 * `default`, `null` where allowed, `""` for strings, `[]` for arrays, `null` otherwise — and are
 * listed in `missing`.
 */
export function fillSchemaFromStructuredData(
  schema: unknown,
  data: StructuredData,
  metadata: Record<string, unknown> = {},
): FilledSchema {
  const root = resolveSchema(schema, schema);
  const items = expandItems(data.items);
  const filler = new SchemaFiller(schema, data.items);
  const type = schemaType(root);

  if (type === 'array') {
    const itemNode = resolveSchema(root.items, schema);
    const list = schemaType(itemNode) === 'object' ? filler.fillList(itemNode, '') : undefined;
    return { value: list ?? [], missing: filler.missing };
  }
  if (type !== 'object') return { value: null, missing: ['(root)'] };

  const ranked = items
    .map((item, order) => ({ item, order, fit: itemFit(item, root) }))
    .filter((r) => r.fit > 0)
    .sort((a, b) => b.fit - a.fit || a.order - b.order);
  const main = ranked[0]?.item;
  const candidates: Candidate[] = [
    ...(main ? flatten(main, MAIN_ITEM_BONUS) : []),
    ...Object.entries(data.meta).map(([key, value]) => ({ path: [key], value, bonus: 0 })),
    ...Object.entries(data.pairs).map(([key, value]) => ({ path: [key], value, bonus: 0 })),
    ...items.filter((item) => item !== main).flatMap((item) => flatten(item, -5)),
    ...Object.entries(metadata)
      .filter(([, value]) => typeof value === 'string' || typeof value === 'number')
      .map(([key, value]) => ({ path: [key], value, bonus: -5 })),
  ];
  const value = filler.fillObject(root, candidates, '', '', true);
  return { value, missing: filler.missing };
}
