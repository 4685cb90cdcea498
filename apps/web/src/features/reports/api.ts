/**
 * Report data for the console (spec §7 Reports): each report screen's ReportSource (one server page,
 * and the CSV / XLSX export of the same filters through shared/api/download.ts), the detail calls
 * behind a row, the Summary report, one VaultTrak access, and the branch list behind the filter
 * bar. Requests are the contract's report requests; pages never call fetch themselves.
 */
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ACTIVITY_SORTS,
  ActivityDetailExtras,
  ActivityReportPage,
  ActivityReportRow,
  ActivityType,
  BranchOfficeRow,
  CHECKINOUT_SORTS,
  CheckInOutRow,
  DAILY_SORTS,
  DailyReportRow,
  GetOfficesV2Body,
  GetOfficesV2Request,
  LOG_ACCESS_SORTS,
  LogAccessRow,
  NotificationRow,
  ReportPage,
  SURVEY_SORTS,
  SummaryReport,
  SurveyReportDetail,
  SurveyReportRow,
  TASK_RUN_SORTS,
  TaskListSummaryRow,
  TaskRunRow,
  TIMER_SORTS,
  TimerReportRow,
  ZActivityReportRequest,
  ZCheckInOutRequest,
  ZDailyReportRequest,
  ZGetNotificationsRequest,
  ZLogAccessReportRequest,
  ZSummaryReportRequest,
  ZSurveyReportRequest,
  ZTaskListReportRequest,
  ZTimerReportRequest,
} from '@vigil/contract';
import { apiPost } from '../../shared/api/client';
import { downloadFile, type DownloadFormat, type DownloadProgress, type DownloadedFile } from '../../shared/api/download';

const PATHS = {
  daily: '/api/client/dailyreports',
  activities: '/api/client/getnotifications',
  checkInOut: '/api/client/getcheckinout',
  timers: '/api/client/gettrackings',
  surveys: '/api/client/managesurveys',
  summary: '/api/client/managesummaryreports',
  logAccess: '/api/client/log-access/reports',
  branches: '/api/client/getofficesv2',
  taskLists: '/api/client/tasklistreports',
} as const;

export type DailySort = (typeof DAILY_SORTS)[number];
export type ActivitySort = (typeof ACTIVITY_SORTS)[number];
export type CheckInOutSort = (typeof CHECKINOUT_SORTS)[number];
export type TimerSort = (typeof TIMER_SORTS)[number];
export type SurveySort = (typeof SURVEY_SORTS)[number];
export type LogAccessSort = (typeof LOG_ACCESS_SORTS)[number];
/** The timer report's state filter. */
export type TimerStatus = NonNullable<Extract<z.input<typeof ZTimerReportRequest>, { case: 'GET-ALL-NON-RETAIL-PINGS' }>['status']>;
/** The VaultTrak report's action filter. */
export type VaultActionFilter = NonNullable<Exclude<z.input<typeof ZLogAccessReportRequest>, { id: unknown }>['action']>;
/** The Summary report's request: the range and the scope filters. */
export type SummaryRequest = z.input<typeof ZSummaryReportRequest>;

export const reportKeys = {
  all: ['reports'] as const,
  report: (name: string, filters: object = {}) => [...reportKeys.all, name, filters] as const,
  detail: (name: string, id: number) => [...reportKeys.all, name, 'detail', id] as const,
  summary: (req: SummaryRequest) => [...reportKeys.all, 'summary', req] as const,
  branches: (organizationId: number | undefined) => [...reportKeys.all, 'branches', organizationId ?? null] as const,
};

/**
 * What every report screen fills in a request: the global range (YYYY-MM-DD, branch-local days),
 * the scope filters of the filter bar and the sort.
 */
export interface ReportFrame<S extends string> {
  fromDate: string;
  toDate: string;
  organizationId?: number | undefined;
  regionalOfficeId?: number | undefined;
  branchOfficeId?: number | undefined;
  sortBy: S;
  sortDir: 'asc' | 'desc';
}

/** A page of a report as the screens use it: rows and the total of rows matching the filters. */
export interface ReportRows<R> {
  rows: R[];
  total: number;
}

/** The export of a report: the file format, progress and cancellation. */
export interface ReportDownload {
  format: DownloadFormat;
  onProgress: (p: DownloadProgress) => void;
  signal: AbortSignal;
}

/**
 * A report screen's call: the query key prefix (with the report's own filters), one server page for
 * a frame and paging, and the export of every row of the same frame.
 */
export interface ReportSource<R, S extends string> {
  key: QueryKey;
  page: (frame: ReportFrame<S> & { offset: number; limit: number }, signal: AbortSignal) => Promise<ReportRows<R>>;
  download: (frame: ReportFrame<S>, opts: ReportDownload) => Promise<DownloadedFile>;
}

/** A ReportSource of `path`: `request` adds the report's case and filters to a frame, `rows` reads a page's rows. */
function reportSource<R, S extends string, B extends { total: number }>(
  path: string,
  key: QueryKey,
  request: (f: ReportFrame<S>) => object,
  rows: (body: B) => R[] | undefined,
): ReportSource<R, S> {
  return {
    key,
    page: (f, signal) => {
      const { offset, limit, ...frame } = f;
      return apiPost<B>(path, { ...request(frame), offset, limit }, { signal }).then((b) => ({
        rows: rows(b) ?? [],
        total: Number(b.total ?? 0),
      }));
    },
    download: (f, opts) => downloadFile(path, request(f), opts),
  };
}

/** /daily (dailyreports GET-ALL-BRANCH-REPORTING): per branch and branch-local day. */
export function dailyReport(): ReportSource<DailyReportRow, DailySort> {
  return reportSource(
    PATHS.daily,
    reportKeys.report('daily'),
    (f: ReportFrame<DailySort>) => ({ case: 'GET-ALL-BRANCH-REPORTING', ...f }) satisfies z.input<typeof ZDailyReportRequest>,
    (b: ReportPage<DailyReportRow>) => b.resultobject,
  );
}

/** /activities (getnotifications GET-ALL-REPORTS): branch actions and notifications of a type, with a text search. */
export function activityReport(filters: {
  type: ActivityType;
  search?: string | undefined;
}): ReportSource<ActivityReportRow, ActivitySort> {
  return reportSource(
    PATHS.activities,
    reportKeys.report('activities', filters),
    (f: ReportFrame<ActivitySort>) => ({ case: 'GET-ALL-REPORTS', ...filters, ...f }) satisfies z.input<typeof ZActivityReportRequest>,
    (b: ActivityReportPage) => b.notificationobject,
  );
}

/** /checkinout (getcheckinout): check-ins, optionally only inside (true) or outside (false) the geofence. */
export function checkInOutReport(filters: { insideGeofence?: boolean | undefined }): ReportSource<CheckInOutRow, CheckInOutSort> {
  return reportSource(
    PATHS.checkInOut,
    reportKeys.report('checkinout', filters),
    (f: ReportFrame<CheckInOutSort>) => ({ ...filters, ...f }) satisfies z.input<typeof ZCheckInOutRequest>,
    (b: ReportPage<CheckInOutRow>) => b.resultobject,
  );
}

/** /timerreports (gettrackings GET-ALL-NON-RETAIL-PINGS): timers of a state. */
export function timerReport(filters: { status: TimerStatus }): ReportSource<TimerReportRow, TimerSort> {
  return reportSource(
    PATHS.timers,
    reportKeys.report('timers', filters),
    (f: ReportFrame<TimerSort>) => ({ case: 'GET-ALL-NON-RETAIL-PINGS', ...filters, ...f }) satisfies z.input<typeof ZTimerReportRequest>,
    (b: ReportPage<TimerReportRow>) => b.resultobject,
  );
}

type TaskListReportRequest = z.input<typeof ZTaskListReportRequest>;
export type TaskRunSort = (typeof TASK_RUN_SORTS)[number];

/** Task list report runs (tasklistreports GET-TASK-RUNS; docs/API.md "Task list report"). */
export function taskRunReport(filters: { templateId?: number | undefined }): ReportSource<TaskRunRow, TaskRunSort> {
  return reportSource(
    PATHS.taskLists,
    reportKeys.report('task-runs', filters),
    (f: ReportFrame<TaskRunSort>) => ({ case: 'GET-TASK-RUNS', ...filters, ...f }) satisfies TaskListReportRequest,
    (b: ReportPage<TaskRunRow>) => b.resultobject,
  );
}

/** Task list report summary per template and branch (tasklistreports GET-TASK-LIST-SUMMARY). */
export function taskSummaryReport(filters: { templateId?: number | undefined }): ReportSource<TaskListSummaryRow, 'template'> {
  return reportSource(
    PATHS.taskLists,
    reportKeys.report('task-summary', filters),
    (f: ReportFrame<'template'>) => ({ case: 'GET-TASK-LIST-SUMMARY', ...filters, ...f }) satisfies TaskListReportRequest,
    (b: ReportPage<TaskListSummaryRow>) => b.resultobject,
  );
}

/** One task run with its items (tasklistreports GET-TASK-RUN-BY-ID). */
export function useTaskRun(taskId: number) {
  return useQuery({
    queryKey: reportKeys.detail('task-runs', taskId),
    queryFn: ({ signal }) =>
      apiPost<{ resultobject: TaskRunRow }>(PATHS.taskLists, { case: 'GET-TASK-RUN-BY-ID', taskId } satisfies TaskListReportRequest, {
        signal,
      }).then((b) => b.resultobject),
  });
}

/** Answer body of the survey report list (rows in temp_surveyobject). */
interface SurveyListBody {
  temp_surveyobject: SurveyReportRow[];
  total: number;
}

/** /surveyreports (managesurveys GET-ALL-SURVEY-REPORTING): submitted surveys. */
export function surveyReport(): ReportSource<SurveyReportRow, SurveySort> {
  return reportSource(
    PATHS.surveys,
    reportKeys.report('surveys'),
    (f: ReportFrame<SurveySort>) => ({ case: 'GET-ALL-SURVEY-REPORTING', ...f }) satisfies z.input<typeof ZSurveyReportRequest>,
    (b: SurveyListBody) => b.temp_surveyobject,
  );
}

/** /reports/logaccess (log-access/reports): VaultTrak vault accesses, by action and a text search. */
export function logAccessReport(filters: {
  action: VaultActionFilter;
  search?: string | undefined;
}): ReportSource<LogAccessRow, LogAccessSort> {
  return reportSource(
    PATHS.logAccess,
    reportKeys.report('logaccess', filters),
    (f: ReportFrame<LogAccessSort>) => ({ ...filters, ...f }) satisfies z.input<typeof ZLogAccessReportRequest>,
    (b: ReportPage<LogAccessRow>) => b.resultobject,
  );
}

/** One server page of `source` for `frame` and paging; the previous page stays shown while the next loads. */
export function useReportPage<R, S extends string>(source: ReportSource<R, S>, frame: ReportFrame<S> & { offset: number; limit: number }) {
  return useQuery({
    queryKey: [...source.key, frame],
    queryFn: ({ signal }) => source.page(frame, signal),
    placeholderData: keepPreviousData,
  });
}

/** An activity's details (getnotifications GET-REPORT-DETAILS-BY-NOTIFICATION-ID): message, notes, notified users, packet. */
export function useActivityDetail(notificationId: number) {
  return useQuery({
    queryKey: reportKeys.detail('activities', notificationId),
    queryFn: ({ signal }) =>
      apiPost<{ notificationobject: NotificationRow & ActivityDetailExtras }>(
        PATHS.activities,
        { case: 'GET-REPORT-DETAILS-BY-NOTIFICATION-ID', taskid: notificationId } satisfies z.input<typeof ZGetNotificationsRequest>,
        { signal },
      ).then((b) => b.notificationobject),
  });
}

/** A timer with its pings (gettrackings GET-NON-RETAIL-PINGS). */
export function useTimerPings(timerId: number) {
  return useQuery({
    queryKey: reportKeys.detail('timers', timerId),
    queryFn: ({ signal }) =>
      apiPost<{ resultobject: TimerReportRow }>(
        PATHS.timers,
        { case: 'GET-NON-RETAIL-PINGS', timerId } satisfies z.input<typeof ZTimerReportRequest>,
        { signal },
      ).then((b) => b.resultobject),
  });
}

/** A submitted survey with its questions and answers (managesurveys GET-SURVEY-REPORTING-BY-ID). */
export function useSurveyDetail(submitetSurveyId: number) {
  return useQuery({
    queryKey: reportKeys.detail('surveys', submitetSurveyId),
    queryFn: ({ signal }) =>
      apiPost<{ temp_surveyobject: SurveyReportDetail }>(
        PATHS.surveys,
        { case: 'GET-SURVEY-REPORTING-BY-ID', submitetSurveyId } satisfies z.input<typeof ZSurveyReportRequest>,
        { signal },
      ).then((b) => b.temp_surveyobject),
  });
}

/** One VaultTrak access (log-access/reports with `id`); waits while `id` is not a valid id. */
export function useLogAccess(id: number) {
  return useQuery({
    queryKey: reportKeys.detail('logaccess', id),
    queryFn: ({ signal }) =>
      apiPost<{ resultobject: LogAccessRow }>(PATHS.logAccess, { id } satisfies z.input<typeof ZLogAccessReportRequest>, { signal }).then(
        (b) => b.resultobject,
      ),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** The Summary report (managesummaryreports → body.resultobject.APPObject, spec §3 Summary report). */
export function useSummaryReport(req: SummaryRequest) {
  return useQuery({
    queryKey: reportKeys.summary(req),
    queryFn: ({ signal }) =>
      apiPost<{ resultobject: { APPObject: SummaryReport } }>(PATHS.summary, req, { signal }).then((b) => b.resultobject.APPObject),
  });
}

/** Branches in scope (for the region and branch filters), optionally of one organisation. */
export function useScopeBranches(organizationId: number | undefined) {
  return useQuery({
    queryKey: reportKeys.branches(organizationId),
    queryFn: (): Promise<BranchOfficeRow[]> =>
      apiPost<GetOfficesV2Body>(PATHS.branches, { case: 'GET-ALL-BRANCH-OFFICES', organizationId } satisfies GetOfficesV2Request).then(
        (b) => b.organizationobject ?? [],
      ),
    staleTime: 60_000,
  });
}
