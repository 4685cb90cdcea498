import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { currentOrNextPeriod, secondsUntil, type LocalSchedule } from './local-day.js';

const weekdays = (opensAt: string, closesAt: string) => [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opensAt, closesAt }));
const tirane: LocalSchedule = { zone: 'Europe/Tirane', week: weekdays('08:00', '16:00'), holidays: [] };
const ms = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toMillis();

describe('simulator local clock (--clock local)', () => {
  it('finds the period in progress in the branch zone', () => {
    // Wednesday 2026-11-25 10:00 in Tirana is 09:00 UTC.
    const p = currentOrNextPeriod(tirane, ms('2026-11-25T10:00', 'Europe/Tirane'));
    expect(p).toEqual({ opensAt: ms('2026-11-25T08:00', 'Europe/Tirane'), closesAt: ms('2026-11-25T16:00', 'Europe/Tirane') });
  });

  it('after closing, and over the weekend, answers the next opening day', () => {
    const friday = currentOrNextPeriod(tirane, ms('2026-11-27T17:30', 'Europe/Tirane'));
    expect(friday?.opensAt).toBe(ms('2026-11-30T08:00', 'Europe/Tirane'));
    // The same instant is still Friday 11:30 in New York: open there.
    const ny = currentOrNextPeriod({ ...tirane, zone: 'America/New_York' }, ms('2026-11-27T17:30', 'Europe/Tirane'));
    expect(ny?.opensAt).toBe(ms('2026-11-27T08:00', 'America/New_York'));
  });

  it('skips holidays and handles a period past midnight', () => {
    const withHoliday = { ...tirane, holidays: ['2026-11-30'] };
    expect(currentOrNextPeriod(withHoliday, ms('2026-11-28T12:00', 'Europe/Tirane'))?.opensAt).toBe(
      ms('2026-12-01T08:00', 'Europe/Tirane'),
    );
    const night: LocalSchedule = { zone: 'UTC', week: [{ weekday: 3, opensAt: '22:00', closesAt: '06:00' }], holidays: [] };
    expect(currentOrNextPeriod(night, ms('2026-11-26T02:00', 'UTC'))).toEqual({
      opensAt: ms('2026-11-25T22:00', 'UTC'),
      closesAt: ms('2026-11-26T06:00', 'UTC'),
    });
  });

  it('answers null for a schedule with no open day, and never negative waits', () => {
    expect(currentOrNextPeriod({ zone: 'UTC', week: [], holidays: [] }, Date.now())).toBeNull();
    expect(secondsUntil(1000, 5000)).toBe(0);
    expect(secondsUntil(5000, 1000)).toBe(4);
  });
});
