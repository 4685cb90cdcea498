/**
 * The simulator's real-time clock (`--clock local`, the demo's default): each branch plays its own
 * current local day at real time, following its week schedule (spec §3 WeekSchedule: ISO weekday
 * 1 = Monday … 7 = Sunday, `opensAt` / `closesAt` "HH:mm" in the branch's zone) and holidays, so a
 * console opened at any hour shows the branches that are open now as open, and openings and
 * closings arrive when the schedule says (mostly on time, some late).
 *
 * Pure functions of an instant and a schedule; times are epoch milliseconds, answers are seconds.
 */
import { DateTime } from 'luxon';

/** What the simulator needs of a branch's schedule (getbranchbyidv2 `WeekSchedule`, `HolidaysTemplate`). */
export interface LocalSchedule {
  /** IANA zone of the branch, e.g. Europe/Tirane. */
  zone: string;
  week: { weekday: number; opensAt: string; closesAt: string }[];
  /** Branch-local dates YYYY-MM-DD on which the branch stays closed. */
  holidays: string[];
}

/** One opening period of a branch: epoch milliseconds. */
export interface OpenPeriod {
  opensAt: number;
  closesAt: number;
}

function at(day: DateTime, hhmm: string): DateTime {
  const [h, m] = hhmm.split(':').map(Number);
  return day.set({ hour: h ?? 0, minute: m ?? 0, second: 0, millisecond: 0 });
}

/**
 * The opening period in progress at `now`, or else the next one, looking up to 14 local days
 * ahead; null when the schedule has no open day at all. A period that closes after midnight
 * (closesAt ≤ opensAt) ends on the next local day.
 */
export function currentOrNextPeriod(s: LocalSchedule, now: number): OpenPeriod | null {
  const local = DateTime.fromMillis(now, { zone: s.zone });
  const zoneOk = local.isValid ? local : DateTime.fromMillis(now, { zone: 'UTC' });
  // Start a day back so a period that began yesterday and runs past midnight is found.
  for (let d = -1; d <= 14; d++) {
    const day = zoneOk.plus({ days: d }).startOf('day');
    if (s.holidays.includes(day.toISODate() ?? '')) continue;
    const entry = s.week.find((w) => w.weekday === day.weekday);
    if (!entry) continue;
    const opens = at(day, entry.opensAt);
    let closes = at(day, entry.closesAt);
    if (closes <= opens) closes = closes.plus({ days: 1 });
    if (closes.toMillis() > now) return { opensAt: opens.toMillis(), closesAt: closes.toMillis() };
  }
  return null;
}

/** Seconds from `now` until `then` (never negative). */
export function secondsUntil(then: number, now: number): number {
  return Math.max(0, (then - now) / 1000);
}
