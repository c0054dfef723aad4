/** A JSON Schema node, read loosely: user schemas come from zod, pydantic or by hand. */
export type SchemaNode = Record<string, unknown>;

/**
 * Follows local `$ref`s (`#/$defs/...`, `#/definitions/...`, any JSON pointer into the root) and
 * merges `allOf` parts, so the caller sees the effective node. Unknown references resolve to `{}`.
 */
export function resolveSchema(node: unknown, root: unknown, seen: ReadonlySet<string> = new Set()): SchemaNode {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return {};
  let current = node as SchemaNode;
  if (typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (seen.has(ref) || !ref.startsWith('#')) return {};
    const target = pointer(root, ref.slice(1));
    const { $ref: _ref, ...siblings } = current;
    current = { ...resolveSchema(target, root, new Set([...seen, ref])), ...siblings };
  }
  if (Array.isArray(current.allOf)) {
    const merged: SchemaNode = { ...current };
    delete merged.allOf;
    for (const part of current.allOf) {
      const resolved = resolveSchema(part, root, seen);
      merged.properties = { ...(merged.properties as object), ...(resolved.properties as object) };
      merged.required = [...((merged.required as string[]) ?? []), ...((resolved.required as string[]) ?? [])];
      if (resolved.type && !merged.type) merged.type = resolved.type;
    }
    current = merged;
  }
  return current;
}

function pointer(root: unknown, path: string): unknown {
  let value = root;
  for (const raw of path.split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The schema's main type: the first non-null entry of `type`, or inferred from `properties`/`items`. */
export function schemaType(node: SchemaNode): string | undefined {
  const type = node.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((t) => t !== 'null') as string | undefined;
  if (node.properties) return 'object';
  if (node.items) return 'array';
  return undefined;
}

/** Whether `null` is an allowed value of this node. */
export function allowsNull(node: SchemaNode): boolean {
  const type = node.type;
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return true;
  const variants = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  return Array.isArray(variants) && variants.some((v) => (v as SchemaNode)?.type === 'null');
}
