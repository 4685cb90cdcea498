/** countryList (spec §3 Country list entry): name in the language, dial code, ISO code, locale; every region of libphonenumber-js. */
import { describe, expect, it } from 'vitest';
import { getCountries } from 'libphonenumber-js';
import { countryIsoOf, countryList } from './countries.js';

describe('countryList', () => {
  it('lists every region with its dial code, named in English and in Albanian, sorted by name', () => {
    const en = countryList('en');
    expect(en).toHaveLength(getCountries().length);
    expect(en.find((c) => c.isoCode === 'AL')).toEqual({ name: 'Albania', dialCode: '+355', isoCode: 'AL', locale: 'sq-AL' });
    expect(en.find((c) => c.isoCode === 'US')).toMatchObject({ name: 'United States', dialCode: '+1', locale: 'en-US' });
    const sq = countryList('sq');
    expect(sq.find((c) => c.isoCode === 'AL')!.name).toBe('Shqipëri');
    expect(sq.find((c) => c.isoCode === 'DE')!.name).toBe('Gjermani');
    const names = en.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
    expect(en.every((c) => /^\+\d{1,4}$/.test(c.dialCode))).toBe(true);
  });
});

describe('countryIsoOf', () => {
  it('reads an organisation’s Country text as an ISO code: code, English or Albanian name, accents and case ignored', () => {
    expect(countryIsoOf('Albania')).toBe('AL');
    expect(countryIsoOf(' shqiperi ')).toBe('AL');
    expect(countryIsoOf('al')).toBe('AL');
    expect(countryIsoOf('United States')).toBe('US');
    expect(countryIsoOf('USA')).toBe('US');
    expect(countryIsoOf('Kosovo')).toBe('XK');
    expect(countryIsoOf('Atlantis')).toBeNull();
    expect(countryIsoOf('')).toBeNull();
    expect(countryIsoOf(null)).toBeNull();
  });
});
