import { describe, expect, it } from 'vitest';
import { wholeMetres } from './units';

describe('wholeMetres', () => {
  it('rounds to whole metres and shows a dash for none', () => {
    expect(wholeMetres(12.4)).toBe('12');
    expect(wholeMetres(12.5)).toBe('13');
    expect(wholeMetres(0)).toBe('0');
    expect(wholeMetres(null)).toBe('—');
    expect(wholeMetres(undefined)).toBe('—');
    expect(wholeMetres(Number.NaN)).toBe('—');
  });
});
