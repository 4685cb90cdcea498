/**
 * Branch schedules as instants (spec §3 Branch office: WeekSchedule, HolidaysTemplate, Opening /
 * Closing timers, AutoCloseTime; §4 branch actions). Pure and deterministic: no clock, no I/O.
 *
 * Times of day in the schedule are branch-local wall-clock times ('HH:MM' or 'HH:MM:SS') in the
 * branch's IANA zone; everything returned is an absolute instant (`Date`, i.e. UTC). Timers are
 * minutes of elapsed time added to the instant (on a DST day, 01:50 + 15 min can read 03:05).
 *
 * Wall times that do not exist or exist twice (daylight-saving changes):
 * - a wall time inside the spring-forward gap moves forward to the first valid instant, the
 *   moment the clocks jump (02:30 on 2026-03-08 in America/New_York → 03:00 EDT = 07:00Z);
 * - an ambiguous wall time in the fall-back overlap takes the earlier offset, i.e. its first
 *   occurrence (01:30 on 2026-11-01 in America/New_York → 01:30 EDT = 05:30Z, not 06:30Z).
 */
import { offsetMinutes, zoneOf } from '../../lib/zone-time.js';

/** One open weekday of a week schedule: ISO weekday 1 (Monday) … 7 (Sunday), branch-local 'HH:MM:SS' times. */
export interface ScheduleDayDef {
  weekday: number;
  /** Branch-local opening time, 'HH:MM' or 'HH:MM:SS'. */
  opensAt: string;
  /** Branch-local closing time; when not after `opensAt`, it is on the next local day (overnight). */
  closesAt: string;
}

/** One holiday of the branch's holiday template: branch-local day 'YYYY-MM-DD' and its name. */
export interface HolidayDef {
  day: string;
  name: string;
}

/**
 * What `scheduledDay` needs of a branch (spec §3 Branch office). A weekday missing from `days`
 * is closed; a day listed in `holidays` is a holiday whatever the weekday.
 */
export interface BranchSchedule {
  /** IANA zone of the branch, e.g. 'America/New_York'. */
  timeZone: string;
  days: readonly ScheduleDayDef[];
  holidays: readonly HolidayDef[];
  /** Minutes after the scheduled opening within which an opening is on time. */
  openingTimer: number;
  /** Minutes after the scheduled closing within which a closing is on time. */
  closingTimer: number;
  /**
   * Branch-local time at which a branch still open is closed by the system, 'HH:MM:SS'; null =
   * never. It falls on the same local day, unless it is earlier than the opening time, in which
   * case it is the following night (next local day). It is taken literally otherwise.
   */
  autoCloseTime: string | null;
}

/** A working day as absolute instants. Deadlines are the scheduled time plus the timer. */
export interface WorkingDay {
  kind: 'working';
  /** The branch-local day, 'YYYY-MM-DD'. */
  localDate: string;
  opensAt: Date;
  closesAt: Date;
  /** `opensAt` + openingTimer minutes: an opening after this is late; no opening by then is 'Not Opened'. */
  openingDeadline: Date;
  /** `closesAt` + closingTimer minutes: a closing after this is late; still open then is 'Not Closed'. */
  closingDeadline: Date;
  /** When a branch still open is closed by the system; null when the branch has no AutoCloseTime. */
  autoCloseAt: Date | null;
}

/** The schedule of one branch-local day: working, holiday (with its name) or closed (weekday not scheduled). */
export type ScheduledDay = WorkingDay | { kind: 'holiday'; localDate: string; name: string } | { kind: 'closed'; localDate: string };

/** Punctuality of an opening or closing against the schedule (events.punctuality). */
export type Punctuality = 'early' | 'ontime' | 'late';

/** An opening or closing more than this many minutes before the scheduled time is early. */
export const EARLY_TOLERANCE_MINUTES = 5;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const TIME_RE = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** [year, month, day] of 'YYYY-MM-DD' (a real calendar day); throws RangeError on anything else. */
function parseDate(localDate: string): [number, number, number] {
  const m = DATE_RE.exec(localDate);
  const [y, mo, d] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  const day = new Date(0);
  day.setUTCFullYear(y, mo - 1, d);
  if (!m || day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d)
    throw new RangeError(`Invalid local date: ${localDate}`);
  return [y, mo, d];
}

/** Seconds since local midnight of 'HH:MM[:SS[.fff]]' (24:00:00 allowed, as in PostgreSQL); throws RangeError otherwise. */
export function timeOfDaySeconds(time: string): number {
  const m = TIME_RE.exec(time);
  if (!m) throw new RangeError(`Invalid time of day: ${time}`);
  const [h, min, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  if (min > 59 || s > 59 || h > 24 || (h === 24 && (min > 0 || s > 0))) throw new RangeError(`Invalid time of day: ${time}`);
  return h * 3600 + min * 60 + s;
}

/**
 * The instant of branch-local wall-clock `time` on `localDate` (+ `dayOffset` days) in `zone`.
 * A wall time in a spring-forward gap gives the first valid instant (the transition itself);
 * an ambiguous one (fall-back overlap) gives its first occurrence, with the earlier offset.
 * @throws RangeError for an unknown zone, a malformed date or time.
 */
export function localWallTimeToInstant(zone: string, localDate: string, time: string, dayOffset = 0): Date {
  // Memoised (pure): thousands of branches share a few zones and opening hours, and each supervision
  // tick asks for every branch's yesterday and today again.
  const key = `${zone}\u0000${localDate}\u0000${time}\u0000${dayOffset}`;
  let ms = wallInstants.get(key);
  if (ms === undefined) {
    ms = wallTimeToInstantMs(zone, localDate, time, dayOffset);
    if (wallInstants.size >= WALL_INSTANTS_MAX) wallInstants.clear();
    wallInstants.set(key, ms);
  }
  return new Date(ms);
}

/** localWallTimeToInstant's answers (ms since the epoch) by zone, day, time and day offset. */
const wallInstants = new Map<string, number>();
/** Most answers kept; the memo starts again when it is full. */
const WALL_INSTANTS_MAX = 20_000;

function wallTimeToInstantMs(zone: string, localDate: string, time: string, dayOffset: number): number {
  zoneOf(zone);
  const offset = (at: number) => offsetMinutes(zone, at);
  const [y, mo, d] = parseDate(localDate);
  // The wall time read as if it were UTC; the real instant is wall − offset (offset in minutes).
  const wall = Date.UTC(y, mo - 1, d + dayOffset) + timeOfDaySeconds(time) * 1000;
  const offsets = new Set([wall - DAY_MS, wall, wall + DAY_MS].map(offset));
  const valid = [...offsets]
    .map((o) => wall - o * MINUTE_MS)
    .filter((instant) => instant + offset(instant) * MINUTE_MS === wall)
    .sort((a, b) => a - b);
  if (valid.length > 0) return valid[0]!;
  // In a gap: the offset jumps between lo (still the old offset) and hi (already the new one).
  let lo = wall - Math.max(...offsets) * MINUTE_MS;
  let hi = wall - Math.min(...offsets) * MINUTE_MS;
  const before = offset(lo);
  if (offset(hi) === before) return hi; // not expected: no transition found
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offset(mid) === before) lo = mid;
    else hi = mid;
  }
  return hi;
}

/**
 * The branch-local day 'YYYY-MM-DD' of an instant in `zone` (an event at 23:30 America/Chicago
 * belongs to that Chicago day, although it is already the next day in UTC).
 * @throws RangeError for an unknown zone.
 */
export function localDay(instant: Date, zone: string): string {
  const ms = instant.getTime();
  return new Date(ms + offsetMinutes(zone, ms) * MINUTE_MS).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' moved by `days` calendar days. @throws RangeError on a malformed date. */
export function addLocalDays(localDate: string, days: number): string {
  const [y, m, d] = parseDate(localDate);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** ISO weekday of 'YYYY-MM-DD': 1 Monday … 7 Sunday. @throws RangeError on a malformed date. */
export function isoWeekday(localDate: string): number {
  const [y, m, d] = parseDate(localDate);
  const js = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return js === 0 ? 7 : js;
}

/**
 * The schedule of `branch` on branch-local day `localDate` as instants (spec §3 WeekSchedule,
 * HolidaysTemplate, Opening/Closing timers, AutoCloseTime). A holiday wins over the weekday; a
 * weekday without a schedule row is closed. See the module comment for DST gaps and overlaps.
 * @throws RangeError for an unknown zone, a malformed date or time, or a negative / non-finite timer.
 */
export function scheduledDay(branch: BranchSchedule, localDate: string): ScheduledDay {
  zoneOf(branch.timeZone);
  parseDate(localDate);
  for (const [name, value] of [
    ['openingTimer', branch.openingTimer],
    ['closingTimer', branch.closingTimer],
  ] as const) {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`Invalid ${name}: ${value} (minutes, ≥ 0)`);
  }
  const holiday = branch.holidays.find((h) => h.day === localDate);
  if (holiday) return { kind: 'holiday', localDate, name: holiday.name };
  const weekday = isoWeekday(localDate);
  const def = branch.days.find((d) => d.weekday === weekday);
  if (!def) return { kind: 'closed', localDate };

  const openSec = timeOfDaySeconds(def.opensAt);
  const opensAt = localWallTimeToInstant(branch.timeZone, localDate, def.opensAt);
  const closesAt = localWallTimeToInstant(branch.timeZone, localDate, def.closesAt, timeOfDaySeconds(def.closesAt) <= openSec ? 1 : 0);
  let autoCloseAt: Date | null = null;
  if (branch.autoCloseTime !== null) {
    const nextNight = timeOfDaySeconds(branch.autoCloseTime) < openSec ? 1 : 0;
    autoCloseAt = localWallTimeToInstant(branch.timeZone, localDate, branch.autoCloseTime, nextNight);
  }
  return {
    kind: 'working',
    localDate,
    opensAt,
    closesAt,
    openingDeadline: new Date(opensAt.getTime() + branch.openingTimer * MINUTE_MS),
    closingDeadline: new Date(closesAt.getTime() + branch.closingTimer * MINUTE_MS),
    autoCloseAt,
  };
}

/** early: more than 5 minutes before `scheduled`; late: after `deadline`; otherwise on time. */
function classify(at: Date, scheduled: Date, deadline: Date): Punctuality {
  if (at.getTime() < scheduled.getTime() - EARLY_TOLERANCE_MINUTES * MINUTE_MS) return 'early';
  if (at.getTime() > deadline.getTime()) return 'late';
  return 'ontime';
}

/**
 * Punctuality of an opening at instant `at` on working day `day` (the seed's rule): early when
 * more than 5 minutes before the scheduled opening, late when after opening + openingTimer
 * (`day.openingDeadline`), else on time.
 */
export function classifyOpening(at: Date, day: WorkingDay): Punctuality {
  return classify(at, day.opensAt, day.openingDeadline);
}

/**
 * Punctuality of a closing at instant `at` on working day `day`: early when more than 5 minutes
 * before the scheduled closing, late when after closing + closingTimer (`day.closingDeadline`), else on time.
 */
export function classifyClosing(at: Date, day: WorkingDay): Punctuality {
  return classify(at, day.closesAt, day.closingDeadline);
}
