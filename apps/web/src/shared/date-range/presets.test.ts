import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { isValidRange, presetOf, presetRange } from './presets';

const at = (iso: string) => DateTime.fromISO(iso, { zone: 'Europe/Tirane' });

describe('presetRange', () => {
  it('today, yesterday, last 7 and 30 days include today', () => {
    const now = at('2025-07-16T10:30:00');
    expect(presetRange('today', now)).toEqual({ start: '2025-07-16', end: '2025-07-16' });
    expect(presetRange('yesterday', now)).toEqual({ start: '2025-07-15', end: '2025-07-15' });
    expect(presetRange('last7Days', now)).toEqual({ start: '2025-07-10', end: '2025-07-16' });
    expect(presetRange('last30Days', now)).toEqual({ start: '2025-06-17', end: '2025-07-16' });
  });

  it('weeks start on Monday, also when today is Sunday or Monday', () => {
    // 2025-03-02 is a Sunday
    expect(presetRange('thisWeek', at('2025-03-02T23:59:00'))).toEqual({ start: '2025-02-24', end: '2025-03-02' });
    expect(presetRange('lastWeek', at('2025-03-02T00:00:00'))).toEqual({ start: '2025-02-17', end: '2025-02-23' });
    // 2025-03-03 is a Monday
    expect(presetRange('thisWeek', at('2025-03-03T00:00:00'))).toEqual({ start: '2025-03-03', end: '2025-03-09' });
    expect(presetRange('lastWeek', at('2025-03-03T08:00:00'))).toEqual({ start: '2025-02-24', end: '2025-03-02' });
  });

  it('weeks and months across a year boundary', () => {
    // 2025-01-01 is a Wednesday
    const now = at('2025-01-01T12:00:00');
    expect(presetRange('thisWeek', now)).toEqual({ start: '2024-12-30', end: '2025-01-05' });
    expect(presetRange('lastWeek', now)).toEqual({ start: '2024-12-23', end: '2024-12-29' });
    expect(presetRange('thisMonth', now)).toEqual({ start: '2025-01-01', end: '2025-01-31' });
    expect(presetRange('lastMonth', now)).toEqual({ start: '2024-12-01', end: '2024-12-31' });
    expect(presetRange('yesterday', now)).toEqual({ start: '2024-12-31', end: '2024-12-31' });
  });

  it('month lengths, leap February and month-end days', () => {
    expect(presetRange('lastMonth', at('2024-03-31T12:00:00'))).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(presetRange('lastMonth', at('2025-03-31T12:00:00'))).toEqual({ start: '2025-02-01', end: '2025-02-28' });
    expect(presetRange('thisMonth', at('2025-04-30T23:00:00'))).toEqual({ start: '2025-04-01', end: '2025-04-30' });
  });

  it('is not shifted by a DST change (Europe/Tirane springs forward on 2025-03-30)', () => {
    expect(presetRange('last7Days', at('2025-03-31T00:30:00'))).toEqual({ start: '2025-03-25', end: '2025-03-31' });
    expect(presetRange('thisWeek', at('2025-03-30T12:00:00'))).toEqual({ start: '2025-03-24', end: '2025-03-30' });
  });
});

describe('presetOf and isValidRange', () => {
  it('recognises a preset range, otherwise custom', () => {
    const now = at('2025-07-16T10:00:00');
    expect(presetOf({ start: '2025-07-16', end: '2025-07-16' }, now, ['today', 'yesterday'])).toBe('today');
    expect(presetOf({ start: '2025-07-01', end: '2025-07-03' }, now, ['today', 'thisMonth'])).toBe('custom');
  });
  it('rejects malformed and reversed ranges', () => {
    expect(isValidRange({ start: '2025-07-01', end: '2025-07-03' })).toBe(true);
    expect(isValidRange({ start: '2025-07-03', end: '2025-07-01' })).toBe(false);
    expect(isValidRange({ start: '2025-02-30', end: '2025-03-01' })).toBe(false);
    expect(isValidRange({ start: 1, end: '2025-03-01' })).toBe(false);
  });
});
