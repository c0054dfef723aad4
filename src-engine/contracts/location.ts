import { z } from 'zod';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** True for an ISO 3166-1 alpha-2 code the platform's region table knows. */
export function isCountryCode(code: string): boolean {
  if (!/^[a-zA-Z]{2}$/.test(code)) return false;
  const upper = code.toUpperCase();
  const name = regionNames.of(upper);
  return name !== undefined && name !== upper;
}

export const locationSchema = z.strictObject({
  country: z
    .string()
    .refine((c) => isCountryCode(c) || /^us-(generic|whitelist)$/i.test(c), {
      message: 'Invalid country code. Please use a valid ISO 3166-1 alpha-2 country code.',
    })
    .transform((c) => c.toLowerCase())
    .default('us-generic'),
  languages: z.array(z.string().min(1)).optional(),
});

export type Location = z.output<typeof locationSchema>;
