/**
 * Turns a request's `location` into what a browser shows of it: the country gives the
 * locale and timezone, the languages give `Accept-Language` and `navigator.languages`.
 */
import type { Location } from '../contracts/index.js';

export interface LocationProfile {
  /** BCP 47 locale, e.g. `de-CH`: `navigator.language`, `Intl` defaults. */
  locale?: string;
  /** IANA timezone, e.g. `Europe/Zurich`. */
  timezoneId?: string;
  /** Preferred languages in order: `navigator.languages` and `Accept-Language`. */
  languages?: string[];
}

/** Countries spanning several zones: the zone of the capital or largest city. */
const MAIN_TIMEZONE: Record<string, string> = {
  US: 'America/New_York',
  CA: 'America/Toronto',
  MX: 'America/Mexico_City',
  BR: 'America/Sao_Paulo',
  AR: 'America/Argentina/Buenos_Aires',
  CL: 'America/Santiago',
  EC: 'America/Guayaquil',
  RU: 'Europe/Moscow',
  UA: 'Europe/Kyiv',
  KZ: 'Asia/Almaty',
  CN: 'Asia/Shanghai',
  MN: 'Asia/Ulaanbaatar',
  ID: 'Asia/Jakarta',
  MY: 'Asia/Kuala_Lumpur',
  AU: 'Australia/Sydney',
  NZ: 'Pacific/Auckland',
  ES: 'Europe/Madrid',
  PT: 'Europe/Lisbon',
  DE: 'Europe/Berlin',
  FR: 'Europe/Paris',
  GB: 'Europe/London',
  CD: 'Africa/Kinshasa',
  PG: 'Pacific/Port_Moresby',
  KI: 'Pacific/Tarawa',
  FM: 'Pacific/Pohnpei',
  PF: 'Pacific/Tahiti',
  GL: 'America/Nuuk',
  AQ: 'Antarctica/McMurdo',
  UM: 'Pacific/Wake',
};

interface LocaleWithZones extends Intl.Locale {
  timeZones?: string[];
  getTimeZones?: () => string[];
}

/** The IANA zone a visitor from `country` most likely has. */
export function timezoneForCountry(country: string): string | undefined {
  const region = country.toUpperCase();
  if (MAIN_TIMEZONE[region]) return MAIN_TIMEZONE[region];
  try {
    const locale = new Intl.Locale(`und-${region}`) as LocaleWithZones;
    return locale.getTimeZones?.()[0] ?? locale.timeZones?.[0];
  } catch {
    return undefined;
  }
}

/** The most likely locale of `country`, e.g. `CH` → `de-CH`, `JP` → `ja-JP`. */
export function localeForCountry(country: string): string | undefined {
  const region = country.toUpperCase();
  try {
    const likely = new Intl.Locale('und', { region }).maximize();
    return `${likely.language}-${region}`;
  } catch {
    return undefined;
  }
}

/** `Accept-Language` value for an ordered list of languages, with falling q-values. */
export function acceptLanguageHeader(languages: readonly string[]): string {
  return languages
    .map((language, index) => {
      const q = Math.max(0.1, 1 - index * 0.1);
      return index === 0 ? language : `${language};q=${q.toFixed(1)}`;
    })
    .join(',');
}

/** Resolves a request's location into locale, timezone and languages (all optional). */
export function locationProfile(location: Location | undefined): LocationProfile {
  if (!location) return {};
  const country = /^us-(generic|whitelist)$/i.test(location.country) ? 'US' : location.country.toUpperCase();
  const countryLocale = localeForCountry(country);
  const languages = location.languages?.length
    ? [...location.languages]
    : countryLocale
      ? Array.from(new Set([countryLocale, countryLocale.split('-')[0] ?? countryLocale]))
      : undefined;
  return {
    locale: languages?.[0] ?? countryLocale,
    timezoneId: timezoneForCountry(country),
    languages,
  };
}
