/** toInternational: national numbers are read in the chosen country, international ones kept, non-numbers left as typed. */
import { describe, expect, it } from 'vitest';
import { toInternational } from './PhoneField';

describe('toInternational', () => {
  it('formats a national number of the chosen country and keeps the country of a + number', () => {
    expect(toInternational('069 123 4567', 'AL')).toBe('+355 69 123 4567');
    expect(toInternational('(212) 555-0100', 'US')).toBe('+1 212 555 0100');
    expect(toInternational('+355691234567', 'US')).toBe('+355 69 123 4567');
    expect(toInternational('12', 'AL')).toBe('12');
    expect(toInternational('  ', 'AL')).toBe('');
  });
});
