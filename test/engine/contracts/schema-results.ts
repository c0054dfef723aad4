/** Small readers of a zod parse for the contract tests: the parsed value, or the issues of a rejection. */
import { expect } from 'vitest';
import type { z } from 'zod';

/** Parses and fails the test (showing the issues) when the schema rejects the input. */
export function accepted<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) expect.fail(`expected the input to be accepted, got: ${JSON.stringify(result.error.issues)}`);
  return result.data;
}

/** Parses and fails the test when the schema accepts the input; returns the issues. */
export function rejected(schema: z.ZodType, input: unknown): z.core.$ZodIssue[] {
  const result = schema.safeParse(input);
  if (result.success) expect.fail(`expected the input to be rejected, got: ${JSON.stringify(result.data)}`);
  return result.error.issues;
}

/** All issue messages of a rejection, joined (what a client sees in `details`). */
export function rejectionText(schema: z.ZodType, input: unknown): string {
  return JSON.stringify(rejected(schema, input));
}
