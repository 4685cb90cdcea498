import { describe, expect, it } from 'vitest';
import { addressFields, optionalId } from './fields.js';
import { toDecimalInput, toNumberInput, zId, zNumber } from './numbers.js';

describe('number inputs (issue 12 finding 7)', () => {
  it('reads whole decimal text for ids and refuses hex, exponents, fractions and int4 overflow', () => {
    expect(toNumberInput(' 42 ')).toBe(42);
    expect(toNumberInput('0x10')).toBe('0x10');
    expect(zId().safeParse('42').data).toBe(42);
    for (const bad of ['0x10', '1e3', '1.5', 2 ** 31, [[1]], true]) expect(zId().safeParse(bad).success).toBe(false);
    expect(optionalId().parse('')).toBeNull();
    expect(optionalId().safeParse('1.5').success).toBe(false);
  });

  it('reads decimal text with a fraction for coordinates, in one shared reader', () => {
    expect(toDecimalInput('41.327546')).toBe(41.327546);
    expect(toDecimalInput('-19.8')).toBe(-19.8);
    expect(toDecimalInput('1e3')).toBe('1e3');
    expect(toDecimalInput('1'.repeat(41))).toBe('1'.repeat(41));
    expect(zNumber(-90, 90).safeParse('41.5').data).toBe(41.5);
    expect(zNumber(-90, 90).safeParse('91').success).toBe(false);
    expect(addressFields.latitude.parse('41.327546')).toBe(41.327546);
    expect(addressFields.latitude.parse('')).toBeNull();
    expect(addressFields.longitude.safeParse('181').success).toBe(false);
  });
});
