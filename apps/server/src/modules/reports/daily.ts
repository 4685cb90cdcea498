/**
 * Daily report (spec §7 dailyreports GET-ALL-BRANCH-REPORTING; §3 Daily report row): one row per
 * branch in scope and branch-local day of the range, with the day's status from the branch's
 * schedule (supervision/schedule.ts — scheduledDay, localDay, classifyOpening / classifyClosing,
 * never re-implemented here) and every opening and closing of that local day.
 *
 * Rows are ordered without looking at events (by date, branch, region or organisation), so a page
 * is picked arithmetically and only that page's events are read.
 *
 * - Openings: every 'Open' of the local day; the first is classified early / on time / late on a
 *   working day, later ones (re-openings after a service or incident) are not.
 * - Closings: every 'Close'; the last is classified; a closing by the system is AUTO_CLOSED.
 * - DayStatus: HOLIDAY, NOT_SCHEDULED, PENDING (opening deadline not passed yet), NOT_OPENED,
 *   OPEN, CLOSED, AUTO_CLOSED (see the contract).
 */
import { sql } from 'drizzle-orm';
import { type DailyReportRequest, type DailyReportRow, type DailyTask, type DayStatus, type Punctuality } from '@vigil/contract';
import { rows, type Db } from '../../db/client.js';
import type { AuthContext } from '../../plugins/session.js';
import {
  addLocalDays,
  classifyClosing,
  classifyOpening,
  isoWeekday,
  localDay,
  localWallTimeToInstant,
  scheduledDay,
  type HolidayDef,
  type ScheduleDayDef,
} from '../supervision/schedule.js';
import type { Column } from './export.js';
import { and, iso, localTime, scopeAndFilters, zoneAbbr } from './report-sql.js';

interface BranchRaw {
  id: number;
  name: string;
  region_name: string | null;
  organization_name: string;
  time_zone: string;
  week_schedule_id: number | null;
  holiday_template_id: number | null;
  opening_timer: number;
  closing_timer: number;
  auto_close_time: string | null;
}

/** Filters of the daily report (a request without paging). */
export type DailyFilter = Omit<DailyReportRequest, 'offset' | 'limit' | 'format' | 'case'>;

/** Branches in scope matching the filters, in the order of `sortBy` (ties by branch name, id). */
async function branchesOf(db: Db, auth: AuthContext, f: DailyFilter): Promise<BranchRaw[]> {
  const order =
    f.sortBy === 'region'
      ? sql`r.name, branch_offices.name`
      : f.sortBy === 'organization'
        ? sql`o.name, branch_offices.name`
        : sql`branch_offices.name`;
  return rows<BranchRaw>(
    db,
    sql`select branch_offices.id, branch_offices.name, r.name as region_name, o.name as organization_name, branch_offices.time_zone,
          branch_offices.week_schedule_id, branch_offices.holiday_template_id, branch_offices.opening_timer, branch_offices.closing_timer,
          branch_offices.auto_close_time::text as auto_close_time
        from branch_offices join organizations o on o.id = branch_offices.organization_id
        left join offices r on r.id = branch_offices.regional_office_id
        where ${and(scopeAndFilters(auth, f, sql`branch_offices.organization_id`))}
        order by ${order}, branch_offices.id`,
  );
}

/** Dates of the range, oldest first. */
function datesOf(f: DailyFilter): string[] {
  const out: string[] = [];
  for (let d = f.fromDate; d <= f.toDate; d = addLocalDays(d, 1)) out.push(d);
  return out;
}

/** (branch index, date index) pairs of rows `offset`…`offset+limit` in the report's order. */
function pickPairs(nBranches: number, nDates: number, f: DailyFilter, offset: number, limit: number): [number, number][] {
  const total = nBranches * nDates;
  const out: [number, number][] = [];
  const desc = f.sortDir === 'desc';
  for (let i = offset; i < Math.min(total, offset + limit); i++) {
    if (f.sortBy === 'date') {
      const di = Math.floor(i / nBranches);
      out.push([i % nBranches, desc ? nDates - 1 - di : di]);
    } else {
      const bi = Math.floor(i / nDates);
      // Branches in the chosen direction, each branch's days newest first.
      out.push([desc ? nBranches - 1 - bi : bi, nDates - 1 - (i % nDates)]);
    }
  }
  return out;
}

interface EventRaw {
  id: number;
  branch_office_id: number;
  branch_action: string;
  is_closed_by_system: boolean;
  occurred_at: Date | string;
  user_id: number | null;
  name: string | null;
  surname: string | null;
}

/** The rows of the given (branch, date) pairs, reading schedules, holidays and events of those branches only. */
async function buildRows(db: Db, pairs: { b: BranchRaw; date: string }[], now: Date): Promise<DailyReportRow[]> {
  if (pairs.length === 0) return [];
  const branchIds = [...new Set(pairs.map((p) => p.b.id))];
  const dates = pairs.map((p) => p.date).sort();
  const from = dates[0]!;
  const to = dates[dates.length - 1]!;
  const scheduleIds = [...new Set(pairs.map((p) => p.b.week_schedule_id).filter((x): x is number => x != null))];
  const templateIds = [...new Set(pairs.map((p) => p.b.holiday_template_id).filter((x): x is number => x != null))];
  const idList = (ids: number[]) =>
    sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    );
  const [days, hols, evs] = await Promise.all([
    scheduleIds.length
      ? rows<{ week_schedule_id: number; weekday: number; opens_at: string; closes_at: string }>(
          db,
          sql`select week_schedule_id, weekday, opens_at::text as opens_at, closes_at::text as closes_at from week_schedule_days where week_schedule_id in (${idList(scheduleIds)})`,
        )
      : Promise.resolve([]),
    templateIds.length
      ? rows<{ holiday_template_id: number; day: string; name: string }>(
          db,
          sql`select holiday_template_id, day::text as day, name from holidays where holiday_template_id in (${idList(templateIds)}) and day between ${from}::date and ${to}::date`,
        )
      : Promise.resolve([]),
    rows<EventRaw>(
      db,
      sql`select e.id::int as id, e.branch_office_id, e.branch_action, e.is_closed_by_system, e.occurred_at, e.user_id, u.name, u.surname
          from events e left join users u on u.id = e.user_id
          where e.branch_office_id in (${idList(branchIds)}) and e.kind = 'BRANCH_ACTION' and e.branch_action in ('Open', 'Close')
            and e.occurred_at >= ((${from}::date - 1)::timestamp at time zone 'UTC') and e.occurred_at < ((${to}::date + 2)::timestamp at time zone 'UTC')
          order by e.occurred_at, e.id`,
    ),
  ]);
  const daysBySchedule = new Map<number, ScheduleDayDef[]>();
  for (const d of days)
    daysBySchedule.set(d.week_schedule_id, [
      ...(daysBySchedule.get(d.week_schedule_id) ?? []),
      { weekday: d.weekday, opensAt: d.opens_at, closesAt: d.closes_at },
    ]);
  const holsByTemplate = new Map<number, HolidayDef[]>();
  for (const h of hols)
    holsByTemplate.set(h.holiday_template_id, [...(holsByTemplate.get(h.holiday_template_id) ?? []), { day: h.day, name: h.name }]);
  // Events by branch and branch-local day.
  const zoneOf = new Map(pairs.map((p) => [p.b.id, p.b.time_zone]));
  const byKey = new Map<string, EventRaw[]>();
  for (const e of evs) {
    const key = `${e.branch_office_id}|${localDay(new Date(iso(e.occurred_at)), zoneOf.get(e.branch_office_id)!)}`;
    const list = byKey.get(key);
    if (list) list.push(e);
    else byKey.set(key, [e]);
  }

  return pairs.map(({ b, date }) => {
    const schedule = scheduledDay(
      {
        timeZone: b.time_zone,
        days: b.week_schedule_id != null ? (daysBySchedule.get(b.week_schedule_id) ?? []) : [],
        holidays: b.holiday_template_id != null ? (holsByTemplate.get(b.holiday_template_id) ?? []) : [],
        openingTimer: b.opening_timer,
        closingTimer: b.closing_timer,
        autoCloseTime: b.auto_close_time,
      },
      date,
    );
    const list = byKey.get(`${b.id}|${date}`) ?? [];
    const opens = list.filter((e) => e.branch_action === 'Open');
    const closes = list.filter((e) => e.branch_action === 'Close');
    const task = (e: EventRaw, punctuality: Punctuality | null): DailyTask => {
      const at = iso(e.occurred_at);
      return {
        NotificationId: Number(e.id),
        TimeUTC: at,
        TimeLocal: localTime(at, b.time_zone),
        UserId: e.user_id,
        Name: e.name,
        Surname: e.surname,
        Punctuality: punctuality,
        IsClosedBySystem: e.is_closed_by_system,
      };
    };
    const working = schedule.kind === 'working' ? schedule : null;
    const tasksOpenings = opens.map((e, i) => task(e, working && i === 0 ? classifyOpening(new Date(iso(e.occurred_at)), working) : null));
    const tasksClosings = closes.map((e, i) =>
      task(
        e,
        working && i === closes.length - 1
          ? e.is_closed_by_system
            ? 'late'
            : classifyClosing(new Date(iso(e.occurred_at)), working)
          : null,
      ),
    );
    const lastOpen = opens[opens.length - 1];
    const lastClose = closes[closes.length - 1];
    let status: DayStatus;
    if (lastOpen && (!lastClose || new Date(iso(lastClose.occurred_at)) < new Date(iso(lastOpen.occurred_at)))) status = 'OPEN';
    else if (lastClose && opens.length) status = lastClose.is_closed_by_system ? 'AUTO_CLOSED' : 'CLOSED';
    else if (lastClose) status = lastClose.is_closed_by_system ? 'AUTO_CLOSED' : 'CLOSED';
    else if (schedule.kind === 'holiday') status = 'HOLIDAY';
    else if (schedule.kind === 'closed') status = 'NOT_SCHEDULED';
    else status = now > schedule.openingDeadline ? 'NOT_OPENED' : 'PENDING';
    const hhmm = (d: Date) => localTime(d.toISOString(), b.time_zone).slice(11, 16);
    const noon = localWallTimeToInstant(b.time_zone, date, '12:00');
    return {
      date,
      day: isoWeekday(date),
      BranchOfficeId: b.id,
      BranchOfficeName: b.name,
      RegionalOfficeName: b.region_name,
      OrganizationName: b.organization_name,
      TimeZoneCode: zoneAbbr(b.time_zone, noon.getTime()),
      TimeZone: b.time_zone,
      DayStatus: status,
      Schedule:
        schedule.kind === 'working'
          ? `${hhmm(schedule.opensAt)}–${hhmm(schedule.closesAt)}`
          : schedule.kind === 'holiday'
            ? schedule.name
            : null,
      OpeningStatus: tasksOpenings[0]?.Punctuality ?? null,
      ClosingStatus: tasksClosings[tasksClosings.length - 1]?.Punctuality ?? null,
      tasksOpenings,
      tasksClosings,
    };
  });
}

/** One page of the daily report and the number of rows (branches × days). `now` decides PENDING vs NOT_OPENED. */
export async function dailyPage(
  db: Db,
  auth: AuthContext,
  f: DailyFilter,
  offset: number,
  limit: number,
  now = new Date(),
): Promise<{ list: DailyReportRow[]; total: number }> {
  const branches = await branchesOf(db, auth, f);
  const dates = datesOf(f);
  const pairs = pickPairs(branches.length, dates.length, f, offset, limit).map(([bi, di]) => ({ b: branches[bi]!, date: dates[di]! }));
  return { list: await buildRows(db, pairs, now), total: branches.length * dates.length };
}

/** Every row of the daily report in order, in batches (exports). */
export async function* dailyBatches(
  db: Db,
  auth: AuthContext,
  f: DailyFilter,
  signal: AbortSignal,
  batch = 2_000,
): AsyncGenerator<DailyReportRow[]> {
  const branches = await branchesOf(db, auth, f);
  const dates = datesOf(f);
  const total = branches.length * dates.length;
  const now = new Date();
  for (let offset = 0; offset < total && !signal.aborted; offset += batch) {
    const pairs = pickPairs(branches.length, dates.length, f, offset, batch).map(([bi, di]) => ({ b: branches[bi]!, date: dates[di]! }));
    yield await buildRows(db, pairs, now);
  }
}

const who = (t: DailyTask | undefined) => (t ? [t.Name, t.Surname].filter(Boolean).join(' ') || null : null);
const time = (t: DailyTask | undefined) => (t ? t.TimeLocal : null);

/** Columns of the daily screen and its exports. */
export const DAILY_COLUMNS: Column<DailyReportRow>[] = [
  { key: 'reports.columns.date', value: (r) => r.date },
  { key: 'reports.columns.organization', value: (r) => r.OrganizationName },
  { key: 'reports.columns.region', value: (r) => r.RegionalOfficeName },
  { key: 'reports.columns.branch', value: (r) => r.BranchOfficeName },
  { key: 'reports.columns.timeZone', value: (r) => r.TimeZoneCode },
  { key: 'reports.columns.schedule', value: (r) => r.Schedule },
  { key: 'reports.columns.dayStatus', value: (r, t) => t(`reports.dayStatus.${r.DayStatus}`) },
  { key: 'reports.columns.openedAt', value: (r) => time(r.tasksOpenings[0]) },
  { key: 'reports.columns.openedBy', value: (r) => who(r.tasksOpenings[0]) },
  { key: 'reports.columns.opening', value: (r, t) => (r.OpeningStatus ? t(`reports.punctuality.${r.OpeningStatus}`) : null) },
  { key: 'reports.columns.closedAt', value: (r) => time(r.tasksClosings[r.tasksClosings.length - 1]) },
  { key: 'reports.columns.closedBy', value: (r) => who(r.tasksClosings[r.tasksClosings.length - 1]) },
  { key: 'reports.columns.closing', value: (r, t) => (r.ClosingStatus ? t(`reports.punctuality.${r.ClosingStatus}`) : null) },
];
