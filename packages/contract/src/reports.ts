/**
 * Reports (spec §7 Reports, §3 report rows, §8 report error texts, §9 daily-report defaults and
 * hh:mm:ss timers). One zod schema per path and case; the server validates with them and the
 * console builds its requests from them.
 *
 * Conventions shared by every report:
 * - `fromDate` / `toDate` are inclusive **branch-local** days 'YYYY-MM-DD': a row belongs to the
 *   range when its instant falls on one of those days in its branch's IANA zone (an event at 23:30
 *   in America/Chicago counts on that Chicago day).
 * - Every instant on the wire is UTC ISO 8601 (`…UTC` fields); its branch-local rendering is
 *   `formatInZone` ('yyyy-MM-dd HH:mm:ss' + zone abbreviation) in the `…Local` fields.
 * - Paging and sorting happen on the server: `offset`, `limit` (1–500), `sortBy`, `sortDir`.
 * - `format: 'csv' | 'xlsx'` answers a file (text/csv or XLSX attachment) of **every** row matching
 *   the filters, in the same order and with the same columns as the screen, instead of the JSON page.
 * - The answer is `{success, body: {resultobject: Row[], total, offset, limit}}` (summary:
 *   `body.resultobject.APPObject`).
 */
import { z } from 'zod';
import { ValidationKey } from './errors.js';
import type { ActivityNotificationFields } from './activity.js';
import { zId, zInteger, zOffset } from './numbers.js';
import { zDay } from './dates.js';

/**
 * A task list run brought by a branch action (spec §3 Activity ChecklistLBranchActions): instants
 * UTC ISO, durations seconds (the run's pauses excluded), TimeInterval = expected seconds.
 */
export interface ChecklistBranchAction {
  TaskId: number;
  TemplateName: string;
  TaskingType: string;
  Status: string;
  StartedAtUTC: string | null;
  EndedAtUTC: string | null;
  DurationSeconds: number | null;
  items: {
    TemplateDetailsAutoId: number;
    name: string;
    PriorityOrder: number;
    TimeInterval: number;
    StartedAtUTC: string | null;
    EndedAtUTC: string | null;
    DurationSeconds: number | null;
    Done: boolean;
  }[];
}

/** Longest range a report accepts, in days (a whole year plus a leap day). */
export const REPORT_MAX_RANGE_DAYS = 366;
/** Largest page a report answers. */
export const REPORT_PAGE_LIMIT_MAX = 500;
/** Default page size of the report screens. */
export const REPORT_PAGE_LIMIT_DEFAULT = 25;
/** Export formats (spec §7 "format (csv returns a file)"; XLSX is ours). */
export const REPORT_FORMATS = ['json', 'csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/**
 * Catalogue codes of report failures (spec §8 "Error retrieving Daily Reports", …; "Error
 * retrieving {product} report" for log access). Keys live in packages/i18n/reports.*.json.
 */
export const ReportErrorCode = {
  Daily: 'reports.errors.daily',
  Activities: 'reports.errors.activities',
  ActivityDetails: 'reports.errors.activityDetails',
  CheckInOut: 'reports.errors.checkInOut',
  Surveys: 'reports.errors.surveys',
  BranchActivities: 'reports.errors.branchActivities',
  SurveyDetails: 'reports.errors.surveyDetails',
  Summary: 'reports.errors.summary',
  Timers: 'reports.errors.timers',
  LogAccess: 'reports.errors.logAccess',
  RangeTooLong: 'reports.errors.rangeTooLong',
  RangeOrder: 'reports.errors.rangeOrder',
} as const;
export type ReportErrorCode = (typeof ReportErrorCode)[keyof typeof ReportErrorCode];

const zDate = zDay(ValidationKey.DateFormat);

/** Filters and paging common to every report request. Dates are branch-local days (see module comment). */
export const ZReportBase = z.object({
  fromDate: zDate,
  toDate: zDate,
  organizationId: zId().optional(),
  regionalOfficeId: zId().optional(),
  branchOfficeId: zId().optional(),
  userId: zId().optional(),
  offset: zOffset().default(0),
  limit: zInteger(1, REPORT_PAGE_LIMIT_MAX).default(REPORT_PAGE_LIMIT_DEFAULT),
  sortDir: z.enum(['asc', 'desc']).default('desc'),
  format: z.enum(REPORT_FORMATS).default('json'),
});
export type ReportBase = z.infer<typeof ZReportBase>;

/** Days of an inclusive 'YYYY-MM-DD' range (1 for a single day); NaN for malformed dates. */
export function rangeDays(fromDate: string, toDate: string): number {
  return Math.round((Date.parse(`${toDate}T00:00:00Z`) - Date.parse(`${fromDate}T00:00:00Z`)) / 86_400_000) + 1;
}

/** POST /api/client/dailyreports (spec §7): one row per branch and branch-local day. */
export const DAILY_SORTS = ['date', 'branch', 'region', 'organization'] as const;
export const ZDailyReportRequest = ZReportBase.extend({
  case: z.literal('GET-ALL-BRANCH-REPORTING'),
  sortBy: z.enum(DAILY_SORTS).default('date'),
});
export type DailyReportRequest = z.infer<typeof ZDailyReportRequest>;

/** Activity types the activities report filters on (spec §9 notification types; branch actions). */
export const ACTIVITY_TYPES = [
  'all',
  'open',
  'close',
  'service',
  'alarms',
  'panic',
  'anomaly',
  'emergency',
  'securityAlert',
  'autoClosed',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export const ACTIVITY_SORTS = ['time', 'branch', 'user', 'action'] as const;

/** POST /api/client/getnotifications case GET-ALL-REPORTS (spec §7): branch actions and notifications. */
export const ZActivityReportRequest = ZReportBase.extend({
  case: z.literal('GET-ALL-REPORTS'),
  type: z.enum(ACTIVITY_TYPES).default('all'),
  search: z.string().trim().max(100).optional(),
  sortBy: z.enum(ACTIVITY_SORTS).default('time'),
});
export type ActivityReportRequest = z.infer<typeof ZActivityReportRequest>;

/** POST /api/client/managebranchoffices case GET-ACTIVITIES-BY-BRANCH-ID: the activity of one branch. */
export const ZBranchActivitiesRequest = ZReportBase.extend({
  case: z.literal('GET-ACTIVITIES-BY-BRANCH-ID'),
  branchOfficeId: zId(),
  sortBy: z.enum(ACTIVITY_SORTS).default('time'),
});

export const CHECKINOUT_SORTS = ['checkIn', 'checkOut', 'branch', 'user'] as const;
/** POST /api/client/getcheckinout (spec §7). `insideGeofence` keeps only inside (true) or outside (false) check-ins. */
export const ZCheckInOutRequest = ZReportBase.extend({
  sortBy: z.enum(CHECKINOUT_SORTS).default('checkIn'),
  insideGeofence: z.boolean().optional(),
});
export type CheckInOutRequest = z.infer<typeof ZCheckInOutRequest>;

export const TIMER_SORTS = ['start', 'duration', 'user', 'branch'] as const;
/** POST /api/client/gettrackings (spec §7): the timer list, or the pings of one timer. */
export const ZTimerReportRequest = z.discriminatedUnion('case', [
  ZReportBase.extend({
    case: z.literal('GET-ALL-NON-RETAIL-PINGS'),
    sortBy: z.enum(TIMER_SORTS).default('start'),
    status: z.enum(['all', 'safeStopped', 'alerted', 'running']).default('all'),
  }),
  z.object({ case: z.literal('GET-NON-RETAIL-PINGS'), timerId: zId() }),
]);
export type TimerReportRequest = z.infer<typeof ZTimerReportRequest>;

/** POST /api/client/managesummaryreports (spec §7): counts and lists; answered in body.resultobject.APPObject. */
export const ZSummaryReportRequest = ZReportBase.omit({ offset: true, limit: true, sortDir: true, format: true });
export type SummaryReportRequest = z.infer<typeof ZSummaryReportRequest>;

export const SURVEY_SORTS = ['createdAt', 'survey', 'user', 'branch'] as const;
/** POST /api/client/managesurveys (spec §7): submitted surveys, or one with its answers. */
export const ZSurveyReportRequest = z.discriminatedUnion('case', [
  ZReportBase.extend({
    case: z.literal('GET-ALL-SURVEY-REPORTING'),
    surveyId: zId().optional(),
    sortBy: z.enum(SURVEY_SORTS).default('createdAt'),
  }),
  z.object({ case: z.literal('GET-SURVEY-REPORTING-BY-ID'), submitetSurveyId: zId() }),
]);
export type SurveyReportRequest = z.infer<typeof ZSurveyReportRequest>;

export const LOG_ACCESS_SORTS = ['time', 'vault', 'user', 'branch'] as const;
/** POST /api/client/log-access/reports (spec §7): vault access events (VaultTrak), or one by `id`. */
export const ZLogAccessReportRequest = z.union([
  z.object({ id: zId() }),
  ZReportBase.extend({
    search: z.string().trim().max(100).optional(),
    action: z.enum(['all', 'OPEN', 'CLOSE']).default('all'),
    sortBy: z.enum(LOG_ACCESS_SORTS).default('time'),
  }),
]);
export type LogAccessReportRequest = z.infer<typeof ZLogAccessReportRequest>;

/** A paged report answer: `body.resultobject` rows of the page, `total` rows matching the filters. */
export interface ReportPage<Row> {
  resultobject: Row[];
  total: number;
  offset: number;
  limit: number;
}

/** Answer body of getnotifications GET-ALL-REPORTS (spec §7: the rows in body.notificationobject). */
export interface ActivityReportPage {
  notificationobject: ActivityReportRow[];
  total: number;
  offset: number;
  limit: number;
}

/** Punctuality of an opening or closing against the schedule (supervision: early > 5 min before, late after the timer). */
export type Punctuality = 'early' | 'ontime' | 'late';

/**
 * Day status of a branch-local day (daily report): HOLIDAY, NOT_SCHEDULED (weekday not in the week
 * schedule), PENDING (working day, opening deadline not yet passed), NOT_OPENED (deadline passed,
 * no opening), OPEN (opened, not closed), CLOSED (closed by a person), AUTO_CLOSED (closed by the system).
 */
export const DAY_STATUSES = ['HOLIDAY', 'NOT_SCHEDULED', 'PENDING', 'NOT_OPENED', 'OPEN', 'CLOSED', 'AUTO_CLOSED'] as const;
export type DayStatus = (typeof DAY_STATUSES)[number];

/** One opening or closing in the daily report. */
export interface DailyTask {
  NotificationId: number;
  /** UTC instant. */
  TimeUTC: string;
  /** Branch-local 'yyyy-MM-dd HH:mm:ss' + zone abbreviation. */
  TimeLocal: string;
  UserId: number | null;
  Name: string | null;
  Surname: string | null;
  /** Classified for the first opening / last closing of the day on a working day; null otherwise (re-openings, closed days). */
  Punctuality: Punctuality | null;
  IsClosedBySystem: boolean;
}

/** Daily report row (spec §3 Daily report row). */
export interface DailyReportRow {
  /** Branch-local day 'YYYY-MM-DD'. */
  date: string;
  /** ISO weekday 1 (Monday) … 7 (Sunday). */
  day: number;
  BranchOfficeId: number;
  BranchOfficeName: string;
  RegionalOfficeName: string | null;
  OrganizationName: string;
  /** Zone abbreviation on that day (at noon local), e.g. CST, CEST. */
  TimeZoneCode: string;
  /** IANA zone. */
  TimeZone: string;
  DayStatus: DayStatus;
  /** 'HH:MM–HH:MM' branch-local on a working day, the holiday name, or null when not scheduled. */
  Schedule: string | null;
  OpeningStatus: Punctuality | null;
  ClosingStatus: Punctuality | null;
  tasksOpenings: DailyTask[];
  tasksClosings: DailyTask[];
}

/** Activity report row (spec §3 Activity notification). */
export interface ActivityReportRow extends ActivityNotificationFields {
  /** UTC instant of the action. */
  start_time: string;
  /** UTC end of the action when it has one (a service ended by the next Open); else null. */
  stop_time: string | null;
  /** The task list run the branch action brought (task-lists.ts), with its items' times; empty for none. */
  ChecklistLBranchActions: ChecklistBranchAction[];
  /** Branch-local time with zone abbreviation. */
  NotificationTimeLocal: string;
  Punctuality: Punctuality | null;
}

/** Extra fields of an activity detail (spec §3 "Detail adds Packet, Msg, Notes, NoteCategory, NotificationUserProfile, Destination"). */
export interface ActivityDetailExtras {
  Packet: Record<string, unknown>;
  Msg: string | null;
  NoteCategory: string | null;
  NotificationUserProfile: { Name: string; Surname: string; Email: string; PhoneNumber: string | null; RoleNameDisplay: string } | null;
  Destination: string | null;
  NotifiedUsers: { Name: string; Surname: string; PhoneNumber: string | null; RoleNameDisplay: string }[];
}

/** Check-in/out report row (spec §3 Check-in/out report row). Accuracy in metres. */
export interface CheckInOutRow {
  CheckInId: number;
  UserId: number;
  Name: string;
  Surname: string;
  Email: string;
  BranchOfficeId: number;
  BranchOfficeName: string;
  BranchLongitude: number | null;
  BranchLatitude: number | null;
  BranchOfficeDst: string;
  BranchOfficeTimeZone: string;
  BranchOfficeType: string;
  RegionalOfficeId: number | null;
  RegionalOfficeName: string | null;
  OrganizationId: number;
  OrganizationName: string;
  /** Branch-local check-in time with zone abbreviation. */
  CheckIn: string;
  CheckInTimestamp: string;
  CheckOut: string | null;
  CheckOutTimestamp: string | null;
  CheckedOutBy: string | null;
  Longitude: number | null;
  Latitude: number | null;
  HorizontalAccuracy: number | null;
  InsideGeofence: boolean | null;
}

/** A timer location ping. */
export interface TimerPing {
  AtUTC: string;
  AtLocal: string;
  Latitude: number;
  Longitude: number;
  HorizontalAccuracy: number | null;
}

/** Timer report row (spec §3 Timer report row). Durations in seconds and as hh:mm:ss (spec §9). */
export interface TimerReportRow {
  CheckInOutId: number;
  TimerForAction: string;
  ActionStartUTC: string;
  ActionStopUTC: string | null;
  ActionStartLocal: string;
  ActionStopLocal: string | null;
  TimeZone: string;
  /** Requested duration, seconds. */
  DurationSeconds: number;
  /** Requested duration, hh:mm:ss. */
  Duration: string;
  /** Elapsed time from start to stop (or to now while running), hh:mm:ss. */
  Elapsed: string;
  Latitude: number | null;
  Longitude: number | null;
  UserProfile: { UserId: number; Name: string; Surname: string; Email: string; PhoneNumber: string | null };
  SafeStopped: boolean;
  Alerted: boolean;
  BranchOfficeId: number | null;
  BranchOfficeName: string | null;
  BranchLatitude: number | null;
  BranchLongitude: number | null;
  GeofenceRadius: number | null;
  PingCount: number;
  Pings?: TimerPing[];
}

/** Survey report row (spec §3 Survey report row; `SubmitetSurveyId` spelled so). */
export interface SurveyReportRow {
  SubmitetSurveyId: number;
  EndWithNotification: boolean;
  NotificationQuestionId: number | null;
  SurveyId: number;
  SurveyName: string;
  CreatedAtUTC: string;
  CreatedAtLocal: string;
  Name: string;
  Surname: string;
  RoleId: number;
  RoleName: string;
  RoleNameDisplay: string;
  BranchOfficeId: number;
  BranchOfficeName: string;
  RegionalOfficeName: string | null;
  OrganizationName: string;
}

/** A survey question with its options (spec §3 Survey). */
export interface SurveyQuestion {
  QuestionId: number;
  Question: string;
  Answers: { Option: string; Action?: string; EndSurveyWithNotification?: boolean }[];
}

/** Survey report detail (spec §3 "Detail adds Answers, SurveyQuestions, NotifiedUsers, …"). */
export interface SurveyReportDetail extends SurveyReportRow {
  Answers: { QuestionId: number; Answer: string }[];
  SurveyQuestions: SurveyQuestion[];
  NotifiedUsers: { Name: string; Surname: string; PhoneNumber: string | null; RoleNameDisplay: string }[];
  NotifyRecomandation: string | null;
  NonNotifyRecomandation: string | null;
  SurveyDescription: string | null;
  /** Other submissions of the same survey by the same user (ids and UTC times). */
  MySubmitions: { SubmitetSurveyId: number; CreatedAtUTC: string }[];
}

/** VaultTrak (log access) row. */
export interface LogAccessRow {
  Id: number;
  VaultName: string;
  /** OPEN or CLOSE. */
  Action: string;
  UserId: number | null;
  Name: string | null;
  Surname: string | null;
  BranchOfficeId: number;
  BranchOfficeName: string;
  RegionalOfficeName: string | null;
  OrganizationName: string;
  AtUTC: string;
  AtLocal: string;
  TimeZone: string;
  Latitude: number | null;
  Longitude: number | null;
}

/** Summary counts (spec §3 Summary report). Test notifications are not counted. */
export interface SummaryCounts {
  Openings: number;
  OpeningsEarly: number;
  OpeningsLate: number;
  OpeningsOnTime: number;
  NotOpened: number;
  Closings: number;
  ClosingsEarly: number;
  ClosingsLate: number;
  ClosingsOnTime: number;
  AutoClosed: number;
  Service: number;
  Panic: number;
  Trouble: number;
  Emergency: number;
  SecurityAlerts: number;
}

/** Per-branch activity in the summary. */
export interface BranchActivitySummary {
  BranchOfficeId: number;
  BranchOfficeName: string;
  Openings: number;
  Closings: number;
  Service: number;
  Alarms: number;
}

/** body.resultobject.APPObject of managesummaryreports. Lists hold at most SUMMARY_LIST_LIMIT rows, newest first. */
export interface SummaryReport extends SummaryCounts {
  EmergencyData: ActivityReportRow[];
  MissingData: ActivityReportRow[];
  PanicData: ActivityReportRow[];
  SecurityAlertsData: ActivityReportRow[];
  TroubleData: ActivityReportRow[];
  BranchActivity: BranchActivitySummary[];
}
export const SUMMARY_LIST_LIMIT = 100;

/** hh:mm:ss of a duration in seconds (spec §9 "Timer durations are shown hh:mm:ss"); hours may exceed 24. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** Branch-local day bounds of the daily report default (spec §9: today, 00:00:00 to 23:59:59). */
export const DAILY_DEFAULT_START_TIME = '00:00:00';
export const DAILY_DEFAULT_END_TIME = '23:59:59';
