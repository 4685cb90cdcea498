import { describe, expect, it } from 'vitest';
import { wallTime } from './wall-time';

describe('wallTime', () => {
  it('is the wall time of the zone, across daylight-saving changes, 24 h', () => {
    expect(wallTime(new Date('2025-03-30T00:59:59Z'), 'Europe/Tirane')).toBe('2025-03-30 01:59:59');
    expect(wallTime(new Date('2025-03-30T01:00:00Z'), 'Europe/Tirane')).toBe('2025-03-30 03:00:00');
    expect(wallTime(new Date('2025-11-02T05:30:00Z'), 'America/New_York')).toBe('2025-11-02 01:30:00');
    expect(wallTime(new Date('2025-11-02T06:30:00Z'), 'America/New_York')).toBe('2025-11-02 01:30:00');
    expect(wallTime(new Date('2024-02-29T23:59:59Z'), 'UTC')).toBe('2024-02-29 23:59:59');
    expect(wallTime(new Date('2025-07-16T00:00:00Z'), 'Asia/Kolkata')).toBe('2025-07-16 05:30:00');
  });

  it('throws for a zone Intl does not know and for an invalid date', () => {
    expect(() => wallTime(new Date(), 'Mars/Olympus')).toThrow(RangeError);
    expect(() => wallTime(new Date('not a time'), 'UTC')).toThrow(RangeError);
  });
});
