/**
 * The task-list report (issue 17 "Report"; docs/API.md "Task list report"): task runs started on
 * the range's branch-local days, one run with its items, and per template and branch the runs,
 * completion rate, median and p90 duration against the expected total, the slowest and the most
 * skipped item. Scope: the caller's branches (branchScope) of organisations in scope; roles
 * without task lists (5, 8) are refused.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  formatDuration,
  type ReportBase,
  type TaskListSummaryRow,
  type TaskRunRow,
  type TaskingType,
  type TaskStatus,
} from '@vigil/contract';
import { rows, type Db } from '../../db/client.js';
import type { AuthContext } from '../../plugins/session.js';
import type { Column } from './export.js';
import { and, direction, iso, localTime, scopeAndFilters } from './report-sql.js';
import { localDayRange } from '../../lib/local-days.js';

type RunSort = 'start' | 'duration' | 'branch' | 'template';
const RUN_SORT_SQL: Record<RunSort, SQL> = {
  start: sql`k.started_at`,
  duration: sql`(coalesce(k.ended_at, now()) - k.started_at)`,
  branch: sql`branch_offices.name`,
  template: sql`lower(k.template_name)`,
};

type Filters = Pick<ReportBase, 'fromDate' | 'toDate'> &
  Partial<Pick<ReportBase, 'organizationId' | 'regionalOfficeId' | 'branchOfficeId' | 'userId'>> & {
    templateId?: number | null | undefined;
  };

/** Runs in scope started on the range's branch-local days, matching the filters (on `tasks k` joined to `branch_offices`). */
function runConditions(auth: AuthContext, f: Filters): SQL[] {
  const c = [
    ...scopeAndFilters(auth, f, sql`k.organization_id`),
    sql`k.started_at is not null`,
    localDayRange(sql`k.started_at`, sql`branch_offices.time_zone`, f.fromDate, f.toDate),
  ];
  if (f.templateId) c.push(sql`k.template_id = ${f.templateId}`);
  if (f.userId) c.push(sql`k.started_by = ${f.userId}`);
  return c;
}

const RUN_JOINS = sql`from tasks k
  join branch_offices on branch_offices.id = k.branch_office_id
  left join offices r on r.id = branch_offices.regional_office_id
  left join users u on u.id = k.started_by`;

/** Worked seconds of a finished run (pauses excluded); null while it runs. */
const DURATION_SQL = sql`case when k.ended_at is null then null
  else greatest(0, extract(epoch from (k.ended_at - k.started_at))::int - k.paused_seconds) end`;

/** Ordered run query and count (GET-TASK-RUNS). */
export function taskRunQueries(auth: AuthContext, f: Filters & { sortBy: RunSort; sortDir: 'asc' | 'desc' }): { query: SQL; count: SQL } {
  const where = sql`where ${and(runConditions(auth, f))}`;
  const dir = direction(f.sortDir);
  return {
    query: sql`select k.id, k.template_id, k.template_name, k.tasking_type, k.status, k.branch_office_id, branch_offices.name as branch_name,
        branch_offices.time_zone, r.name as region_name, u.name as user_name, u.surname as user_surname, k.started_at, k.ended_at,
        ${DURATION_SQL} as duration_seconds,
        (select coalesce(sum(i.time_interval), 0)::int from task_items i where i.task_id = k.id) as expected_seconds,
        (select count(*)::int from task_items i where i.task_id = k.id and i.ended_at is not null) as done,
        (select count(*)::int from task_items i where i.task_id = k.id) as total,
        (select count(*)::int from task_items i where i.task_id = k.id and i.time_interval > 0
          and extract(epoch from (i.ended_at - i.started_at)) > i.time_interval) as late_count
      ${RUN_JOINS} ${where}
      order by ${RUN_SORT_SQL[f.sortBy]} ${dir} nulls last, k.id ${dir}`,
    count: sql`select count(*)::int as n ${RUN_JOINS} ${where}`,
  };
}

/** Raw run row. */
export interface TaskRunRaw {
  id: number;
  template_id: number | null;
  template_name: string;
  tasking_type: TaskingType;
  status: TaskStatus;
  branch_office_id: number;
  branch_name: string;
  time_zone: string;
  region_name: string | null;
  user_name: string | null;
  user_surname: string | null;
  started_at: Date | string | null;
  ended_at: Date | string | null;
  duration_seconds: number | null;
  expected_seconds: number;
  done: number;
  total: number;
  late_count: number;
}

/** A run row of the report. */
export function presentTaskRun(r: TaskRunRaw): TaskRunRow {
  const start = r.started_at ? iso(r.started_at) : null;
  const end = r.ended_at ? iso(r.ended_at) : null;
  const duration = r.duration_seconds == null ? null : Number(r.duration_seconds);
  return {
    TaskId: r.id,
    TemplateAutoId: r.template_id,
    TemplateName: r.template_name,
    TaskingType: r.tasking_type,
    Status: r.status,
    BranchOfficeId: r.branch_office_id,
    BranchOfficeName: r.branch_name,
    RegionalOfficeName: r.region_name,
    StartedBy: r.user_name ? `${r.user_name} ${r.user_surname ?? ''}`.trim() : null,
    StartedAtUTC: start,
    StartedLocal: start ? localTime(start, r.time_zone) : null,
    EndedLocal: end ? localTime(end, r.time_zone) : null,
    DurationSeconds: duration,
    Duration: duration == null ? '' : formatDuration(duration),
    ExpectedSeconds: Number(r.expected_seconds),
    Expected: formatDuration(Number(r.expected_seconds)),
    Done: Number(r.done),
    Total: Number(r.total),
    LateCount: Number(r.late_count),
  };
}

/** Export columns of the runs (headers: taskLists.report.columns.*). */
export const TASK_RUN_COLUMNS: Column<TaskRunRow>[] = [
  { key: 'taskLists.report.columns.start', value: (r) => r.StartedLocal },
  { key: 'taskLists.report.columns.end', value: (r) => r.EndedLocal },
  { key: 'taskLists.report.columns.branch', value: (r) => r.BranchOfficeName },
  { key: 'taskLists.report.columns.region', value: (r) => r.RegionalOfficeName },
  { key: 'taskLists.report.columns.template', value: (r) => r.TemplateName },
  { key: 'taskLists.report.columns.type', value: (r, t) => t(`taskLists.types.${r.TaskingType}`) },
  { key: 'taskLists.report.columns.status', value: (r, t) => t(`taskLists.statuses.${r.Status}`) },
  { key: 'taskLists.report.columns.startedBy', value: (r) => r.StartedBy },
  { key: 'taskLists.report.columns.items', value: (r) => `${r.Done}/${r.Total}` },
  { key: 'taskLists.report.columns.duration', value: (r) => r.Duration },
  { key: 'taskLists.report.columns.expected', value: (r) => r.Expected },
  { key: 'taskLists.report.columns.late', value: (r) => r.LateCount },
];

/** One run in scope with its items (GET-TASK-RUN-BY-ID); null when not in scope. */
export async function taskRunWithItems(db: Db, auth: AuthContext, taskId: number): Promise<TaskRunRow | null> {
  const { query } = taskRunQueries(auth, { fromDate: '1970-01-01', toDate: '2999-12-31', sortBy: 'start', sortDir: 'desc' });
  const [raw] = await rows<TaskRunRaw>(db, sql`select * from (${query}) q where q.id = ${taskId}`);
  if (!raw) return null;
  const items = await rows<{
    detail_id: number;
    name: string;
    priority_order: number;
    is_order_mandatory: boolean;
    time_interval: number;
    started_at: Date | string | null;
    ended_at: Date | string | null;
  }>(
    db,
    sql`select detail_id, name, priority_order, is_order_mandatory, time_interval, started_at, ended_at
        from task_items where task_id = ${taskId} order by priority_order, detail_id`,
  );
  const row = presentTaskRun(raw);
  row.items = items.map((i) => {
    const s = i.started_at ? iso(i.started_at) : null;
    const e = i.ended_at ? iso(i.ended_at) : null;
    return {
      TemplateDetailsAutoId: i.detail_id,
      name: i.name,
      PriorityOrder: i.priority_order,
      IsOrderMandatory: i.is_order_mandatory,
      TimeInterval: i.time_interval,
      StartedAtUTC: s,
      EndedAtUTC: e,
      StartedLocal: s ? localTime(s, raw.time_zone) : null,
      EndedLocal: e ? localTime(e, raw.time_zone) : null,
      DurationSeconds: s && e ? Math.max(0, Math.round((Date.parse(e) - Date.parse(s)) / 1000)) : null,
      Done: e != null,
    };
  });
  return row;
}

/** Per template and branch (GET-TASK-LIST-SUMMARY): ordered query and count. */
export function taskSummaryQueries(auth: AuthContext, f: Filters & { sortDir: 'asc' | 'desc' }): { query: SQL; count: SQL } {
  const where = sql`where ${and(runConditions(auth, f))}`;
  const runs = sql`select k.id, k.template_name, k.tasking_type, k.branch_office_id, branch_offices.name as branch_name, k.status,
      ${DURATION_SQL} as duration_seconds,
      (select coalesce(sum(i.time_interval), 0)::int from task_items i where i.task_id = k.id) as expected_seconds
    ${RUN_JOINS} ${where}`;
  const dir = direction(f.sortDir);
  return {
    query: sql`with runs as (${runs})
      select g.template_name, g.tasking_type, g.branch_office_id, g.branch_name, count(*)::int as runs,
        count(*) filter (where g.status = 'COMPLETED')::int as completed,
        percentile_cont(0.5) within group (order by g.duration_seconds) filter (where g.status = 'COMPLETED') as median_seconds,
        percentile_cont(0.9) within group (order by g.duration_seconds) filter (where g.status = 'COMPLETED') as p90_seconds,
        max(g.expected_seconds)::int as expected_seconds,
        (select i.name from task_items i join runs r2 on r2.id = i.task_id
          where r2.template_name = g.template_name and r2.branch_office_id = g.branch_office_id and i.ended_at is not null and i.started_at is not null
          group by i.name order by percentile_cont(0.5) within group (order by extract(epoch from (i.ended_at - i.started_at)) - i.time_interval) desc
          limit 1) as slowest_item,
        (select i.name from task_items i join runs r2 on r2.id = i.task_id
          where r2.template_name = g.template_name and r2.branch_office_id = g.branch_office_id and i.ended_at is null and r2.status <> 'RUNNING'
          group by i.name order by count(*) desc, i.name limit 1) as most_skipped_item
      from runs g
      group by g.template_name, g.tasking_type, g.branch_office_id, g.branch_name
      order by lower(g.template_name) ${dir}, g.branch_name ${dir}, g.branch_office_id`,
    count: sql`select count(*)::int as n from (select 1 ${RUN_JOINS} ${where} group by k.template_name, k.branch_office_id) x`,
  };
}

/** Raw summary row. */
export interface TaskSummaryRaw {
  template_name: string;
  tasking_type: TaskingType;
  branch_office_id: number;
  branch_name: string;
  runs: number;
  completed: number;
  median_seconds: number | string | null;
  p90_seconds: number | string | null;
  expected_seconds: number;
  slowest_item: string | null;
  most_skipped_item: string | null;
}

/** A summary row of the report. */
export function presentTaskSummary(r: TaskSummaryRaw): TaskListSummaryRow {
  const median = r.median_seconds == null ? null : Math.round(Number(r.median_seconds));
  const p90 = r.p90_seconds == null ? null : Math.round(Number(r.p90_seconds));
  const runs = Number(r.runs);
  const completed = Number(r.completed);
  return {
    TemplateName: r.template_name,
    TaskingType: r.tasking_type,
    BranchOfficeId: r.branch_office_id,
    BranchOfficeName: r.branch_name,
    Runs: runs,
    Completed: completed,
    CompletionRate: runs ? Math.round((1000 * completed) / runs) / 10 : 0,
    MedianSeconds: median,
    P90Seconds: p90,
    ExpectedSeconds: Number(r.expected_seconds),
    Median: median == null ? '' : formatDuration(median),
    P90: p90 == null ? '' : formatDuration(p90),
    Expected: formatDuration(Number(r.expected_seconds)),
    SlowestItem: r.slowest_item,
    MostSkippedItem: r.most_skipped_item,
  };
}

/** Export columns of the summary. */
export const TASK_SUMMARY_COLUMNS: Column<TaskListSummaryRow>[] = [
  { key: 'taskLists.report.columns.template', value: (r) => r.TemplateName },
  { key: 'taskLists.report.columns.type', value: (r, t) => t(`taskLists.types.${r.TaskingType}`) },
  { key: 'taskLists.report.columns.branch', value: (r) => r.BranchOfficeName },
  { key: 'taskLists.report.columns.runs', value: (r) => r.Runs },
  { key: 'taskLists.report.columns.completionRate', value: (r) => r.CompletionRate },
  { key: 'taskLists.report.columns.median', value: (r) => r.Median },
  { key: 'taskLists.report.columns.p90', value: (r) => r.P90 },
  { key: 'taskLists.report.columns.expected', value: (r) => r.Expected },
  { key: 'taskLists.report.columns.slowestItem', value: (r) => r.SlowestItem },
  { key: 'taskLists.report.columns.mostSkippedItem', value: (r) => r.MostSkippedItem },
];
