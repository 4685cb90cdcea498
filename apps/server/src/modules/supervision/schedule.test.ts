import { describe, it, expect } from 'vitest';
import {
  classifyClosing,
  classifyOpening,
  localDay,
  localWallTimeToInstant,
  scheduledDay,
  type BranchSchedule,
  type ScheduledDay,
  type WorkingDay,
} from './schedule.js';

const everyDay = (opensAt: string, closesAt: string) => [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opensAt, closesAt }));

const branch = (over: Partial<BranchSchedule> = {}): BranchSchedule => ({
  timeZone: 'America/New_York',
  days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opensAt: '09:00:00', closesAt: '17:00:00' })),
  holidays: [],
  openingTimer: 15,
  closingTimer: 15,
  autoCloseTime: '20:00:00',
  ...over,
});

function working(day: ScheduledDay): WorkingDay {
  if (day.kind !== 'working') throw new Error(`expected a working day, got ${day.kind}`);
  return day;
}
const iso = (d: Date | null) => d?.toISOString() ?? null;
const instants = (d: WorkingDay) => ({
  opensAt: iso(d.opensAt),
  closesAt: iso(d.closesAt),
  openingDeadline: iso(d.openingDeadline),
  closingDeadline: iso(d.closingDeadline),
  autoCloseAt: iso(d.autoCloseAt),
});

describe('scheduledDay', () => {
  it('converts an ordinary working day (EDT, UTC−4) to UTC instants with the timers added', () => {
    expect(instants(working(scheduledDay(branch(), '2026-03-09')))).toEqual({
      opensAt: '2026-03-09T13:00:00.000Z',
      closesAt: '2026-03-09T21:00:00.000Z',
      openingDeadline: '2026-03-09T13:15:00.000Z',
      closingDeadline: '2026-03-09T21:15:00.000Z',
      autoCloseAt: '2026-03-10T00:00:00.000Z',
    });
    // In winter (EST, UTC−5).
    expect(iso(working(scheduledDay(branch(), '2026-03-06')).opensAt)).toBe('2026-03-06T14:00:00.000Z');
  });

  it('gives holidays (with their name) and unscheduled weekdays', () => {
    const b = branch({ holidays: [{ day: '2026-05-25', name: 'Memorial Day' }] });
    expect(scheduledDay(b, '2026-05-25')).toEqual({ kind: 'holiday', localDate: '2026-05-25', name: 'Memorial Day' });
    expect(scheduledDay(b, '2026-05-23')).toEqual({ kind: 'closed', localDate: '2026-05-23' }); // Saturday
    expect(scheduledDay(b, '2026-05-24')).toEqual({ kind: 'closed', localDate: '2026-05-24' }); // Sunday
    expect(scheduledDay(b, '2026-05-26').kind).toBe('working');
  });

  it('has no auto-close instant when the branch has no AutoCloseTime', () => {
    expect(working(scheduledDay(branch({ autoCloseTime: null }), '2026-03-09')).autoCloseAt).toBeNull();
  });

  it('puts an overnight closing and an after-midnight auto-close on the next local day', () => {
    const night = working(scheduledDay(branch({ days: everyDay('22:00:00', '06:00:00'), autoCloseTime: '07:00:00' }), '2026-06-10'));
    expect(iso(night.opensAt)).toBe('2026-06-11T02:00:00.000Z');
    expect(iso(night.closesAt)).toBe('2026-06-11T10:00:00.000Z');
    expect(iso(night.autoCloseAt)).toBe('2026-06-11T11:00:00.000Z');
    const late = working(scheduledDay(branch({ autoCloseTime: '02:00:00' }), '2026-06-10'));
    expect(iso(late.autoCloseAt)).toBe('2026-06-11T06:00:00.000Z');
  });

  it('rejects an unknown zone, a malformed date or time and a negative timer', () => {
    expect(() => scheduledDay(branch({ timeZone: 'Mars/Olympus' }), '2026-03-09')).toThrow(RangeError);
    expect(() => scheduledDay(branch(), '2026-02-30')).toThrow(RangeError);
    expect(() => scheduledDay(branch({ days: everyDay('9am', '17:00') }), '2026-03-09')).toThrow(RangeError);
    expect(() => scheduledDay(branch({ openingTimer: -1 }), '2026-03-09')).toThrow(RangeError);
  });
});

describe('DST days', () => {
  it('America/New_York 2026-03-08 (spring forward 02:00 EST → 03:00 EDT at 07:00Z)', () => {
    const b = branch({ days: everyDay('09:00:00', '17:00:00') });
    expect(instants(working(scheduledDay(b, '2026-03-08')))).toEqual({
      opensAt: '2026-03-08T13:00:00.000Z', // 09:00 EDT
      closesAt: '2026-03-08T21:00:00.000Z',
      openingDeadline: '2026-03-08T13:15:00.000Z',
      closingDeadline: '2026-03-08T21:15:00.000Z',
      autoCloseAt: '2026-03-09T00:00:00.000Z', // 20:00 EDT
    });
    expect(iso(working(scheduledDay(b, '2026-03-07')).opensAt)).toBe('2026-03-07T14:00:00.000Z'); // 09:00 EST the day before
    const z = 'America/New_York';
    expect(iso(localWallTimeToInstant(z, '2026-03-08', '01:30:00'))).toBe('2026-03-08T06:30:00.000Z'); // EST
    expect(iso(localWallTimeToInstant(z, '2026-03-08', '01:59:59'))).toBe('2026-03-08T06:59:59.000Z');
    expect(iso(localWallTimeToInstant(z, '2026-03-08', '02:00:00'))).toBe('2026-03-08T07:00:00.000Z'); // gap → 03:00 EDT
    expect(iso(localWallTimeToInstant(z, '2026-03-08', '02:30:00'))).toBe('2026-03-08T07:00:00.000Z'); // gap → 03:00 EDT
    expect(iso(localWallTimeToInstant(z, '2026-03-08', '03:00:00'))).toBe('2026-03-08T07:00:00.000Z');
    expect(iso(localWallTimeToInstant(z, '2026-03-08', '03:30:00'))).toBe('2026-03-08T07:30:00.000Z');
    // A scheduled opening inside the gap: opens at the jump, deadline 15 elapsed minutes later (03:15 EDT).
    const gap = working(scheduledDay(branch({ days: everyDay('02:30:00', '04:00:00') }), '2026-03-08'));
    expect(iso(gap.opensAt)).toBe('2026-03-08T07:00:00.000Z');
    expect(iso(gap.openingDeadline)).toBe('2026-03-08T07:15:00.000Z');
    expect(iso(gap.closesAt)).toBe('2026-03-08T08:00:00.000Z');
    // 01:50 EST + 15 minutes reads 03:05 EDT.
    expect(iso(working(scheduledDay(branch({ days: everyDay('01:50:00', '04:00:00') }), '2026-03-08')).openingDeadline)).toBe(
      '2026-03-08T07:05:00.000Z',
    );
  });

  it('America/New_York 2026-11-01 (fall back 02:00 EDT → 01:00 EST at 06:00Z): the ambiguous hour takes EDT', () => {
    const z = 'America/New_York';
    expect(iso(localWallTimeToInstant(z, '2026-11-01', '00:30:00'))).toBe('2026-11-01T04:30:00.000Z'); // EDT
    expect(iso(localWallTimeToInstant(z, '2026-11-01', '01:00:00'))).toBe('2026-11-01T05:00:00.000Z'); // first 01:00 (EDT)
    expect(iso(localWallTimeToInstant(z, '2026-11-01', '01:30:00'))).toBe('2026-11-01T05:30:00.000Z'); // not 06:30Z
    expect(iso(localWallTimeToInstant(z, '2026-11-01', '02:00:00'))).toBe('2026-11-01T07:00:00.000Z'); // EST
    const day = working(scheduledDay(branch({ days: everyDay('09:00:00', '17:00:00') }), '2026-11-01'));
    expect(iso(day.opensAt)).toBe('2026-11-01T14:00:00.000Z'); // 09:00 EST
    expect(iso(day.autoCloseAt)).toBe('2026-11-02T01:00:00.000Z'); // 20:00 EST
    const overlap = working(scheduledDay(branch({ days: everyDay('01:30:00', '03:00:00') }), '2026-11-01'));
    expect(iso(overlap.opensAt)).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(overlap.closesAt)).toBe('2026-11-01T08:00:00.000Z'); // 1 h 30 on the wall clock, 2 h 30 elapsed
  });

  it('Europe/Tirane 2026-03-29 (spring forward 02:00 CET → 03:00 CEST at 01:00Z)', () => {
    const z = 'Europe/Tirane';
    const b = branch({ timeZone: z, days: everyDay('09:00:00', '17:00:00') });
    expect(instants(working(scheduledDay(b, '2026-03-29')))).toEqual({
      opensAt: '2026-03-29T07:00:00.000Z', // 09:00 CEST
      closesAt: '2026-03-29T15:00:00.000Z',
      openingDeadline: '2026-03-29T07:15:00.000Z',
      closingDeadline: '2026-03-29T15:15:00.000Z',
      autoCloseAt: '2026-03-29T18:00:00.000Z',
    });
    expect(iso(working(scheduledDay(b, '2026-03-28')).opensAt)).toBe('2026-03-28T08:00:00.000Z'); // 09:00 CET
    expect(iso(localWallTimeToInstant(z, '2026-03-29', '01:30:00'))).toBe('2026-03-29T00:30:00.000Z'); // CET
    expect(iso(localWallTimeToInstant(z, '2026-03-29', '02:30:00'))).toBe('2026-03-29T01:00:00.000Z'); // gap → 03:00 CEST
    expect(iso(localWallTimeToInstant(z, '2026-03-29', '03:00:00'))).toBe('2026-03-29T01:00:00.000Z');
  });

  it('Europe/Tirane 2026-10-25 (fall back 03:00 CEST → 02:00 CET at 01:00Z): the ambiguous hour takes CEST', () => {
    const z = 'Europe/Tirane';
    expect(iso(localWallTimeToInstant(z, '2026-10-25', '02:30:00'))).toBe('2026-10-25T00:30:00.000Z'); // not 01:30Z
    expect(iso(localWallTimeToInstant(z, '2026-10-25', '03:00:00'))).toBe('2026-10-25T02:00:00.000Z'); // CET
    const day = working(scheduledDay(branch({ timeZone: z, days: everyDay('09:00:00', '17:00:00') }), '2026-10-25'));
    expect(iso(day.opensAt)).toBe('2026-10-25T08:00:00.000Z'); // 09:00 CET
    expect(iso(day.closingDeadline)).toBe('2026-10-25T16:15:00.000Z');
  });
});

describe('localDay', () => {
  it('puts an event at 23:30 America/Chicago on that Chicago day', () => {
    expect(localDay(new Date('2026-07-16T04:30:00Z'), 'America/Chicago')).toBe('2026-07-15'); // 23:30 CDT
    expect(localDay(new Date('2026-01-16T05:30:00Z'), 'America/Chicago')).toBe('2026-01-15'); // 23:30 CST
    expect(localDay(new Date('2026-07-16T05:00:00Z'), 'America/Chicago')).toBe('2026-07-16'); // 00:00 CDT
    expect(localDay(new Date('2026-07-15T22:30:00Z'), 'Europe/Tirane')).toBe('2026-07-16'); // 00:30 CEST
  });
});

describe('classifyOpening / classifyClosing', () => {
  const day = working(scheduledDay(branch(), '2026-03-09')); // opens 13:00Z, closes 21:00Z, timers 15
  const at = (s: string) => new Date(s);

  it('classifies openings: early > 5 min before, late after opening + timer, else on time', () => {
    expect(classifyOpening(at('2026-03-09T12:40:00Z'), day)).toBe('early');
    expect(classifyOpening(at('2026-03-09T12:54:59Z'), day)).toBe('early');
    expect(classifyOpening(at('2026-03-09T12:55:00Z'), day)).toBe('ontime');
    expect(classifyOpening(at('2026-03-09T13:00:00Z'), day)).toBe('ontime');
    expect(classifyOpening(at('2026-03-09T13:15:00Z'), day)).toBe('ontime');
    expect(classifyOpening(at('2026-03-09T13:15:01Z'), day)).toBe('late');
  });

  it('classifies closings the same way against the closing time and timer', () => {
    expect(classifyClosing(at('2026-03-09T20:54:59Z'), day)).toBe('early');
    expect(classifyClosing(at('2026-03-09T20:55:00Z'), day)).toBe('ontime');
    expect(classifyClosing(at('2026-03-09T21:15:00Z'), day)).toBe('ontime');
    expect(classifyClosing(at('2026-03-09T21:15:01Z'), day)).toBe('late');
    expect(classifyClosing(at('2026-03-10T00:00:00Z'), day)).toBe('late');
  });
});

describe('localWallTimeToInstant, asked again (memoised)', () => {
  it('gives the same instant as a new Date each time, and still rejects bad input', () => {
    const first = localWallTimeToInstant('Europe/Tirane', '2026-11-27', '08:30:00');
    expect(first.toISOString()).toBe('2026-11-27T07:30:00.000Z');
    first.setTime(0); // a caller changing its Date does not change the next answer
    const again = localWallTimeToInstant('Europe/Tirane', '2026-11-27', '08:30:00');
    expect(again.toISOString()).toBe('2026-11-27T07:30:00.000Z');
    expect(again).not.toBe(first);
    expect(localWallTimeToInstant('Europe/Tirane', '2026-11-27', '08:30:00', 1).toISOString()).toBe('2026-11-28T07:30:00.000Z');
    expect(() => localWallTimeToInstant('Mars/Olympus', '2026-11-27', '08:30:00')).toThrow(RangeError);
    expect(() => localWallTimeToInstant('Mars/Olympus', '2026-11-27', '08:30:00')).toThrow(RangeError);
  });
});
