import { describe, expect, it } from 'vitest';
import { BACKOFF_MAX_MS, backoffCeiling, backoffDelay } from './backoff';

describe('reconnect back-off', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10, 100].map(backoffCeiling)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000]);
  });
  it('jitters between half and all of the ceiling', () => {
    expect(backoffDelay(0, 0)).toBe(500);
    expect(backoffDelay(0, 0.999999)).toBe(1000);
    expect(backoffDelay(3, 0.5)).toBe(6000);
    for (let a = 0; a < 12; a++) {
      const d = backoffDelay(a);
      expect(d).toBeGreaterThanOrEqual(backoffCeiling(a) / 2);
      expect(d).toBeLessThanOrEqual(BACKOFF_MAX_MS);
    }
  });
});
