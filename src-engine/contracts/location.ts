import { z } from 'zod';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * Two-letter region codes the platform's (CLDR) table names although ISO 3166-1 does not assign
 * them as countries: reserved and withdrawn codes, groupings (EU, UN, QO), unknown (ZZ), pseudo-locales.
 */
const NOT_ISO_COUNTRIES = new Set(
  'AC AN BU CP CQ CS DD DG DY EA EU EZ FX HV IC NH QO RH SU TA TP UK UN VD XA XB XK YD YU ZR ZZ'.split(' '),
);

/** True for an ISO 3166-1 alpha-2 country code (any case). */
export function isCountryCode(code: string): boolean {
  if (!/^[a-zA-Z]{2}$/.test(code)) return false;
  const upper = code.toUpperCase();
  if (NOT_ISO_COUNTRIES.has(upper)) return false;
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
