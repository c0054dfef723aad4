/** One zod issue as the engine reports it in a 400's `details`. */
export interface FieldIssue {
  path: (string | number)[];
  message: string;
}

/** A failed API call: HTTP status, the engine's error code and message, and any field issues. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly issues: FieldIssue[] = [],
  ) {
    super(message);
  }
}

/** Keeps only well-formed issues from an untrusted `details` value. */
export function issuesFromDetails(details: unknown): FieldIssue[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((d) => {
    if (!d || typeof d !== 'object') return [];
    const { path, message } = d as { path?: unknown; message?: unknown };
    if (typeof message !== 'string') return [];
    const cleanPath = Array.isArray(path) ? path.filter((p) => typeof p === 'string' || typeof p === 'number') : [];
    return [{ path: cleanPath as (string | number)[], message }];
  });
}
