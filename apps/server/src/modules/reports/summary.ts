/**
 * Summary report (spec §7 managesummaryreports → body.resultobject.APPObject; §3 Summary report).
 * Counts over the branch-local days of the range, in the caller's scope, test notifications
 * excluded:
 * - Openings: the first 'Open' of each branch and local day (re-openings after a service or an
 *   incident are not openings); OpeningsEarly / Late / OnTime by its recorded punctuality.
 * - Closings: the last 'Close' of each branch and local day, split the same way; AutoClosed: closings by the system.
 * - NotOpened: 'Not Opened' notifications raised by the supervisor.
 * - Service: 'Service' actions. Panic: actions with the words panic or duress. Trouble: type 2.
 *   Emergency: types 10, 11, 12 (spec §9). SecurityAlerts: notifications flagged SecurityAlert.
 * Lists: the newest SUMMARY_LIST_LIMIT activity rows behind Emergency, Missing (Not Opened / Not
 * Closed), Panic, SecurityAlerts and Trouble, and per-branch activity counts (busiest first).
 * The counts (but for one user's) are read from event_day_counts (schema/activity.ts), which the
 * database keeps in step with the event log, in the writing transaction (migration 0019).
 */
import { sql } from 'drizzle-orm';
import {
  SUMMARY_LIST_LIMIT,
  type BranchActivitySummary,
  type SummaryCounts,
  type SummaryReport,
  type SummaryReportRequest,
} from '@vigil/contract';
import { rows, type Db } from '../../db/client.js';
import type { AuthContext } from '../../plugins/session.js';
import { activityQueries, presentActivity, type ActivityRaw } from './activities.js';
import { and, dayCountsWhere, scopeAndFilters } from './report-sql.js';
import { localDayRange } from '../../lib/local-days.js';

/**
 * Settings of the counts' transaction on PostgreSQL when they are read from the events (a summary
 * of one user, `userId`): a month of 5,000 branches is some 300,000 rows sorted once; JIT compilation (on by default above a cost such a query passes) took a
 * quarter of a second of it, and the sort spilled to disk under the default work_mem.
 */
const COUNT_SETTINGS = [sql`set local jit = off`, sql`set local work_mem = '64MB'`];

/**
 * Counts and lists of the summary. `kind`: the database's ('postgres' runs the counts of a user's
 * summary with COUNT_SETTINGS). The counts and busiest branches come from event_day_counts, except
 * for a user's summary (`userId`: the table has no user), counted from the events; the lists from
 * the events (events_summary_alerts_idx). All run side by side.
 */
export async function summaryReport(
  db: Db,
  auth: AuthContext,
  f: SummaryReportRequest,
  kind: 'pglite' | 'postgres' = 'pglite',
): Promise<SummaryReport> {
  const conditions = [
    sql`e.kind in ('BRANCH_ACTION', 'NOTIFICATION')`,
    sql`not e.is_test_notification`,
    ...scopeAndFilters(auth, f, sql`e.organization_id`),
    localDayRange(sql`e.occurred_at`, sql`branch_offices.time_zone`, f.fromDate, f.toDate),
  ];
  if (f.userId) conditions.push(sql`e.user_id = ${f.userId}`);
  const where = and(conditions);
  const localDate = sql`(e.occurred_at at time zone branch_offices.time_zone)::date`;
  // One window (one sort): a row's place in its branch, action and local day, and the day's count
  // of that action; the first has first_n = 1, the last first_n = n_of_day.
  const eventCountsQuery = sql`with ev as (
          select e.branch_action, e.punctuality, e.is_closed_by_system, e.notification_type, e.security_alert,
            case when e.branch_action in ('Open', 'Close') then row_number() over w end as first_n,
            case when e.branch_action in ('Open', 'Close') then count(*) over w end as n_of_day
          from events e join branch_offices on branch_offices.id = e.branch_office_id
          where ${where}
          window w as (partition by e.branch_office_id, e.branch_action, ${localDate} order by e.occurred_at, e.id
            rows between unbounded preceding and unbounded following))
        select
          count(*) filter (where branch_action = 'Open' and first_n = 1)::int as "Openings",
          count(*) filter (where branch_action = 'Open' and first_n = 1 and punctuality = 'early')::int as "OpeningsEarly",
          count(*) filter (where branch_action = 'Open' and first_n = 1 and punctuality = 'late')::int as "OpeningsLate",
          count(*) filter (where branch_action = 'Open' and first_n = 1 and punctuality = 'ontime')::int as "OpeningsOnTime",
          count(*) filter (where branch_action = 'Not Opened')::int as "NotOpened",
          count(*) filter (where branch_action = 'Close' and first_n = n_of_day)::int as "Closings",
          count(*) filter (where branch_action = 'Close' and first_n = n_of_day and punctuality = 'early')::int as "ClosingsEarly",
          count(*) filter (where branch_action = 'Close' and first_n = n_of_day and punctuality = 'late')::int as "ClosingsLate",
          count(*) filter (where branch_action = 'Close' and first_n = n_of_day and punctuality = 'ontime')::int as "ClosingsOnTime",
          count(*) filter (where branch_action = 'Close' and is_closed_by_system)::int as "AutoClosed",
          count(*) filter (where branch_action = 'Service')::int as "Service",
          count(*) filter (where branch_action ilike '%panic%' or branch_action ilike '%duress%')::int as "Panic",
          count(*) filter (where notification_type = 2)::int as "Trouble",
          count(*) filter (where notification_type in (10, 11, 12))::int as "Emergency",
          count(*) filter (where security_alert)::int as "SecurityAlerts"
        from ev`;
  // Without a user filter, the counts and the busiest branches come from event_day_counts, kept per
  // branch, organisation and local day in the same transaction as the events (a month of 5,000
  // branches: some 130,000 rows summed in one pass, instead of 300,000 events sorted, then read
  // again for the busiest branches). A branch-day row has opens > 0 exactly when the day has a
  // first opening (whose punctuality it keeps), and likewise for the last closing.
  const dayWhere = dayCountsWhere(auth, f, sql.raw('e'));
  const dayQuery = sql`with per_branch as (
          select branch_offices.id, branch_offices.name, sum(e.events) as events,
            sum(e.opens) as opens, sum(e.closes) as closes, sum(e.service) as service, sum(e.alarms) as alarms,
            count(*) filter (where e.opens > 0) as openings,
            count(*) filter (where e.opens > 0 and e.first_open_punctuality = 'early') as openings_early,
            count(*) filter (where e.opens > 0 and e.first_open_punctuality = 'late') as openings_late,
            count(*) filter (where e.opens > 0 and e.first_open_punctuality = 'ontime') as openings_ontime,
            count(*) filter (where e.closes > 0) as closings,
            count(*) filter (where e.closes > 0 and e.last_close_punctuality = 'early') as closings_early,
            count(*) filter (where e.closes > 0 and e.last_close_punctuality = 'late') as closings_late,
            count(*) filter (where e.closes > 0 and e.last_close_punctuality = 'ontime') as closings_ontime,
            sum(e.not_opened) as not_opened, sum(e.auto_closed) as auto_closed, sum(e.panic) as panic,
            sum(e.trouble) as trouble, sum(e.emergency) as emergency, sum(e.security_alerts) as security_alerts
          from event_day_counts e join branch_offices on branch_offices.id = e.branch_office_id
          where ${dayWhere}
          group by branch_offices.id, branch_offices.name)
        select
          coalesce(sum(openings), 0)::int as "Openings",
          coalesce(sum(openings_early), 0)::int as "OpeningsEarly",
          coalesce(sum(openings_late), 0)::int as "OpeningsLate",
          coalesce(sum(openings_ontime), 0)::int as "OpeningsOnTime",
          coalesce(sum(not_opened), 0)::int as "NotOpened",
          coalesce(sum(closings), 0)::int as "Closings",
          coalesce(sum(closings_early), 0)::int as "ClosingsEarly",
          coalesce(sum(closings_late), 0)::int as "ClosingsLate",
          coalesce(sum(closings_ontime), 0)::int as "ClosingsOnTime",
          coalesce(sum(auto_closed), 0)::int as "AutoClosed",
          coalesce(sum(service), 0)::int as "Service",
          coalesce(sum(panic), 0)::int as "Panic",
          coalesce(sum(trouble), 0)::int as "Trouble",
          coalesce(sum(emergency), 0)::int as "Emergency",
          coalesce(sum(security_alerts), 0)::int as "SecurityAlerts",
          (select coalesce(json_agg(json_build_object('BranchOfficeId', t.id, 'BranchOfficeName', t.name, 'Openings', t.opens::int,
              'Closings', t.closes::int, 'Service', t.service::int, 'Alarms', t.alarms::int) order by t.events desc, t.name), '[]'::json)
            from (select * from per_branch order by events desc, name limit ${SUMMARY_LIST_LIMIT}) t) as "BranchActivity"
        from per_branch`;
  const branchActivityQuery = sql`select branch_offices.id as "BranchOfficeId", branch_offices.name as "BranchOfficeName",
            count(*) filter (where e.branch_action = 'Open')::int as "Openings",
            count(*) filter (where e.branch_action = 'Close')::int as "Closings",
            count(*) filter (where e.branch_action = 'Service')::int as "Service",
            count(*) filter (where e.kind = 'NOTIFICATION' and (e.notification_type in (2, 10, 11, 12, 15) or e.security_alert))::int as "Alarms"
          from events e join branch_offices on branch_offices.id = e.branch_office_id
          where ${where}
          group by branch_offices.id, branch_offices.name
          order by count(*) desc, branch_offices.name
          limit ${SUMMARY_LIST_LIMIT}`;
  /** The counts and the busiest branches: from the day counts, or (a user's summary) from the events. */
  const countsAndBranches = async (): Promise<SummaryCounts & { BranchActivity: BranchActivitySummary[] }> => {
    if (!f.userId) {
      const [day] = await rows<SummaryCounts & { BranchActivity: BranchActivitySummary[] | string }>(db, dayQuery);
      const list = day!.BranchActivity;
      return { ...day!, BranchActivity: typeof list === 'string' ? (JSON.parse(list) as BranchActivitySummary[]) : list };
    }
    const [[counts], BranchActivity] = await Promise.all([
      kind === 'postgres'
        ? db.transaction(async (tx) => {
            for (const setting of COUNT_SETTINGS) await tx.execute(setting);
            return rows<SummaryCounts>(tx as unknown as Db, eventCountsQuery);
          })
        : rows<SummaryCounts>(db, eventCountsQuery),
      rows<BranchActivitySummary>(db, branchActivityQuery),
    ]);
    return { ...counts!, BranchActivity };
  };
  const base = { ...f, sortBy: 'time' as const, sortDir: 'desc' as const, search: undefined };
  const list = async (type: 'emergency' | 'panic' | 'securityAlert' | 'all', extra?: ReturnType<typeof sql>) => {
    const { query } = activityQueries(auth, {
      ...base,
      type,
      extra: extra ? sql`not e.is_test_notification and ${extra}` : sql`not e.is_test_notification`,
    });
    return (await rows<ActivityRaw>(db, sql`${query} limit ${SUMMARY_LIST_LIMIT}`)).map(presentActivity);
  };
  const [counts, EmergencyData, MissingData, PanicData, SecurityAlertsData, TroubleData] = await Promise.all([
    countsAndBranches(),
    list('emergency'),
    list('all', sql`e.branch_action in ('Not Opened', 'Not Closed')`),
    list('panic'),
    list('securityAlert'),
    list('all', sql`e.notification_type = 2`),
  ]);
  return { ...counts, EmergencyData, MissingData, PanicData, SecurityAlertsData, TroubleData };
}
