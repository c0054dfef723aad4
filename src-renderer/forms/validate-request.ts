import type { z } from 'zod';
import type { FieldIssue } from '../api/api-error';
import { fromZodIssues } from './field-issues';

/**
 * Checks a request body with the same contracts schema the engine uses, so most mistakes are
 * shown before anything is sent. Returns the issues (empty when valid).
 */
export function validateRequest(schema: z.ZodType, body: unknown, extra: FieldIssue[] = []): FieldIssue[] {
  const result = schema.safeParse(body);
  return [...extra, ...(result.success ? [] : fromZodIssues(result.error.issues))];
}
