import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { EngineError } from '../errors/engine-error.js';

/** Checks a value against one user schema; `errors` is a short, model-readable list. */
export interface SchemaValidator {
  /** `paths` are the JSON pointers of the invalid values ('' for the root). */
  validate(value: unknown): { valid: true } | { valid: false; errors: string; paths: string[] };
}

const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
const cache = new Map<string, ValidateFunction>();
const MAX_CACHED = 200;

/**
 * The schema as Ajv should read it: the `$schema` dialect marker is dropped (schemas from zod or
 * pydantic often name draft 2020-12, whose keywords we validate with the default dialect), and
 * `$id` is dropped so that one schema sent twice does not collide in Ajv's registry.
 */
function withoutDialect(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const { $schema: _dialect, $id: _id, ...rest } = schema as Record<string, unknown>;
  return rest;
}

function describe(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 10)
    .map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`)
    .join('; ');
}

/**
 * Compiles the JSON Schema a request gave (cached by its text). A schema Ajv cannot compile is
 * the caller's mistake: `BAD_REQUEST` "Invalid JSON schema".
 */
export function compileSchema(schema: unknown): SchemaValidator {
  const key = JSON.stringify(schema);
  let validateFn = cache.get(key);
  if (!validateFn) {
    try {
      validateFn = ajv.compile(withoutDialect(schema) as object);
    } catch (error) {
      throw new EngineError('BAD_REQUEST', `Invalid JSON schema: ${(error as Error).message}`);
    }
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(key, validateFn);
  }
  const fn = validateFn;
  return {
    validate(value) {
      if (fn(value)) return { valid: true };
      const paths = [...new Set((fn.errors ?? []).map((e) => e.instancePath))];
      return { valid: false, errors: describe(fn.errors), paths };
    },
  };
}
