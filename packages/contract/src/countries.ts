/**
 * The country list of spec §3 "Country list entry: name, dial code, ISO code, locale", built from
 * libphonenumber-js's metadata (every region it can parse numbers for, with its calling code) and
 * the runtime's Intl.DisplayNames (names in the console's language). For phone fields: the dial
 * code prefixes a national number, the ISO code is libphonenumber's default region.
 */
import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js';

/** One entry: `name` in the requested language, `dialCode` '+355', `isoCode` 'AL', `locale` a BCP 47 tag for the country ('sq-AL'). */
export interface CountryListEntry {
  name: string;
  dialCode: string;
  isoCode: CountryCode;
  locale: string;
}

/** Main language of some countries the console serves, for `locale`; others get 'und-XX' (language undetermined). */
const MAIN_LANGUAGE: Partial<Record<CountryCode, string>> = {
  AL: 'sq',
  XK: 'sq',
  MK: 'mk',
  ME: 'sr',
  RS: 'sr',
  GR: 'el',
  IT: 'it',
  DE: 'de',
  AT: 'de',
  CH: 'de',
  FR: 'fr',
  ES: 'es',
  GB: 'en',
  US: 'en',
  CA: 'en',
  AU: 'en',
  IE: 'en',
  TR: 'tr',
};

/**
 * Every country libphonenumber-js knows, sorted by name in `language` ('en', 'sq', …; names
 * fall back to the ISO code where the runtime has no name). Pure; no errors.
 */
export function countryList(language: string): CountryListEntry[] {
  let list = LISTS.get(language);
  if (!list) {
    list = buildCountryList(language);
    LISTS.set(language, list);
  }
  return list.map((e) => ({ ...e }));
}

/** Lists built so far, by language (the list is the same for a language during a run). */
const LISTS = new Map<string, CountryListEntry[]>();

function buildCountryList(language: string): CountryListEntry[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
  } catch {
    names = null;
  }
  const collator = new Intl.Collator([language, 'en']);
  return getCountries()
    .map((iso) => ({
      name: names?.of(iso) ?? iso,
      dialCode: `+${getCountryCallingCode(iso)}`,
      isoCode: iso,
      locale: `${MAIN_LANGUAGE[iso] ?? 'und'}-${iso}`,
    }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** Default phone region when nothing better is known (spec §5 "default phone region US"). */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';

/**
 * The ISO code of a free-text country (an organisation's or office's Country field): an ISO code
 * ('AL', 'al') or a name in English or Albanian ('Albania', 'Shqipëri', 'United States'), case
 * and accents ignored; null when none matches. Pure.
 */
export function countryIsoOf(country: string | null | undefined): CountryCode | null {
  const wanted = fold(country ?? '');
  if (!wanted) return null;
  if (!ISO_BY_TEXT.has(wanted)) {
    if (ISO_BY_TEXT.size > 1000) ISO_BY_TEXT.clear();
    ISO_BY_TEXT.set(wanted, findIso(wanted));
  }
  return ISO_BY_TEXT.get(wanted) ?? null;
}

/** Answers of countryIsoOf so far, by folded text. */
const ISO_BY_TEXT = new Map<string, CountryCode | null>();

function findIso(wanted: string): CountryCode | null {
  const codes = getCountries();
  const byCode = codes.find((c) => c.toLowerCase() === wanted);
  if (byCode) return byCode;
  for (const language of ['en', 'sq']) {
    const hit = countryList(language).find((e) => fold(e.name) === wanted);
    if (hit) return hit.isoCode;
  }
  const aliases: Record<string, CountryCode> = { usa: 'US', 'united states of america': 'US', uk: 'GB', 'great britain': 'GB' };
  return aliases[wanted] ?? null;
}

/** Lower case without accents or surrounding spaces. */
function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
}
