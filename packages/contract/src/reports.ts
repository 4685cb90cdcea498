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
import { zId, zInteger, zOffset } from './numbers.js';
import { zDay } from './dates.js';
import { ZActivityNotificationFields } from './activity.js';

/**
 * A task list run brought by a branch action (spec §3 Activity ChecklistLBranchActions): instants
 * UTC ISO, durations seconds (the run's pauses excluded), TimeInterval = expected seconds.
 */
export const ZChecklistBranchAction = z.strictObject({
  TaskId: z.number(),
  TemplateName: z.string(),
  TaskingType: z.string(),
  Status: z.string(),
  StartedAtUTC: z.string().nullable(),
  EndedAtUTC: z.string().nullable(),
  DurationSeconds: z.number().nullable(),
  items: z.array(
    z.strictObject({
      TemplateDetailsAutoId: z.number(),
      name: z.string(),
      PriorityOrder: z.number(),
      TimeInterval: z.number(),
      StartedAtUTC: z.string().nullable(),
      EndedAtUTC: z.string().nullable(),
      DurationSeconds: z.number().nullable(),
      Done: z.boolean(),
    }),
  ),
});
export type ChecklistBranchAction = z.output<typeof ZChecklistBranchAction>;

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
export const ZDailyTask = z.strictObject({
  NotificationId: z.number(),
  /** UTC instant. */
  TimeUTC: z.string(),
  /** Branch-local 'yyyy-MM-dd HH:mm:ss' + zone abbreviation. */
  TimeLocal: z.string(),
  UserId: z.number().nullable(),
  Name: z.string().nullable(),
  Surname: z.string().nullable(),
  /** Classified for the first opening / last closing of the day on a working day; null otherwise (re-openings, closed days). */
  Punctuality: z.enum(['early', 'ontime', 'late']).nullable(),
  IsClosedBySystem: z.boolean(),
});
export type DailyTask = z.output<typeof ZDailyTask>;

/** Daily report row (spec §3 Daily report row). */
export const ZDailyReportRow = z.strictObject({
  /** Branch-local day 'YYYY-MM-DD'. */
  date: z.string(),
  /** ISO weekday 1 (Monday) … 7 (Sunday). */
  day: z.number(),
  BranchOfficeId: z.number(),
  BranchOfficeName: z.string(),
  RegionalOfficeName: z.string().nullable(),
  OrganizationName: z.string(),
  /** Zone abbreviation on that day (at noon local), e.g. CST, CEST. */
  TimeZoneCode: z.string(),
  /** IANA zone. */
  TimeZone: z.string(),
  DayStatus: z.enum(DAY_STATUSES),
  /** 'HH:MM–HH:MM' branch-local on a working day, the holiday name, or null when not scheduled. */
  Schedule: z.string().nullable(),
  OpeningStatus: z.enum(['early', 'ontime', 'late']).nullable(),
  ClosingStatus: z.enum(['early', 'ontime', 'late']).nullable(),
  tasksOpenings: z.array(ZDailyTask),
  tasksClosings: z.array(ZDailyTask),
});
export type DailyReportRow = z.output<typeof ZDailyReportRow>;

/** Activity report row (spec §3 Activity notification). */
export const ZActivityReportRow = ZActivityNotificationFields.extend({
  /** UTC instant of the action. */
  start_time: z.string(),
  /** UTC end of the action when it has one (a service ended by the next Open); else null. */
  stop_time: z.string().nullable(),
  /** The task list run the branch action brought (task-lists.ts), with its items' times; empty for none. */
  ChecklistLBranchActions: z.array(ZChecklistBranchAction),
  /** Branch-local time with zone abbreviation. */
  NotificationTimeLocal: z.string(),
  Punctuality: z.enum(['early', 'ontime', 'late']).nullable(),
});
export type ActivityReportRow = z.output<typeof ZActivityReportRow>;

/** Answer body of getnotifications GET-ALL-REPORTS (spec §7: the rows in body.notificationobject). */
export const ZActivityReportPage = z.strictObject({
  notificationobject: z.array(ZActivityReportRow),
  total: z.number(),
  offset: z.number(),
  limit: z.number(),
});
export type BranchActivitiesPage = z.output<typeof ZBranchActivitiesPage>;
export type ActivityReportPage = z.output<typeof ZActivityReportPage>;
/** Answer body of managebranchoffices GET-ACTIVITIES-BY-BRANCH-ID: one branch's activity rows in `organizationobject`. */
export const ZBranchActivitiesPage = z.strictObject({
  organizationobject: z.array(ZActivityReportRow),
  total: z.number(),
  offset: z.number(),
  limit: z.number(),
});

/** Extra fields of an activity detail (spec §3 "Detail adds Packet, Msg, Notes, NoteCategory, NotificationUserProfile, Destination"). */
export const ZActivityDetailExtras = z.strictObject({
  Packet: z.record(z.string(), z.unknown()),
  Msg: z.string().nullable(),
  NoteCategory: z.string().nullable(),
  NotificationUserProfile: z
    .strictObject({
      Name: z.string(),
      Surname: z.string(),
      Email: z.string(),
      PhoneNumber: z.string().nullable(),
      RoleNameDisplay: z.string(),
    })
    .nullable(),
  Destination: z.string().nullable(),
  NotifiedUsers: z.array(
    z.strictObject({
      Name: z.string(),
      Surname: z.string(),
      PhoneNumber: z.string().nullable(),
      RoleNameDisplay: z.string(),
    }),
  ),
});
export type ActivityDetailExtras = z.output<typeof ZActivityDetailExtras>;

/** Check-in/out report row (spec §3 Check-in/out report row). Accuracy in metres. */
export const ZCheckInOutRow = z.strictObject({
  CheckInId: z.number(),
  UserId: z.number(),
  Name: z.string(),
  Surname: z.string(),
  Email: z.string(),
  BranchOfficeId: z.number(),
  BranchOfficeName: z.string(),
  BranchLongitude: z.number().nullable(),
  BranchLatitude: z.number().nullable(),
  BranchOfficeDst: z.string(),
  BranchOfficeTimeZone: z.string(),
  BranchOfficeType: z.string(),
  RegionalOfficeId: z.number().nullable(),
  RegionalOfficeName: z.string().nullable(),
  OrganizationId: z.number(),
  OrganizationName: z.string(),
  /** Branch-local check-in time with zone abbreviation. */
  CheckIn: z.string(),
  CheckInTimestamp: z.string(),
  CheckOut: z.string().nullable(),
  CheckOutTimestamp: z.string().nullable(),
  CheckedOutBy: z.string().nullable(),
  Longitude: z.number().nullable(),
  Latitude: z.number().nullable(),
  HorizontalAccuracy: z.number().nullable(),
  InsideGeofence: z.boolean().nullable(),
});
export type CheckInOutRow = z.output<typeof ZCheckInOutRow>;

/** A timer location ping. */
export const ZTimerPing = z.strictObject({
  AtUTC: z.string(),
  AtLocal: z.string(),
  Latitude: z.number(),
  Longitude: z.number(),
  HorizontalAccuracy: z.number().nullable(),
});
export type TimerPing = z.output<typeof ZTimerPing>;

/** Timer report row (spec §3 Timer report row). Durations in seconds and as hh:mm:ss (spec §9). */
export const ZTimerReportRow = z.strictObject({
  CheckInOutId: z.number(),
  TimerForAction: z.string(),
  ActionStartUTC: z.string(),
  ActionStopUTC: z.string().nullable(),
  ActionStartLocal: z.string(),
  ActionStopLocal: z.string().nullable(),
  TimeZone: z.string(),
  /** Requested duration, seconds. */
  DurationSeconds: z.number(),
  /** Requested duration, hh:mm:ss. */
  Duration: z.string(),
  /** Elapsed time from start to stop (or to now while running), hh:mm:ss. */
  Elapsed: z.string(),
  Latitude: z.number().nullable(),
  Longitude: z.number().nullable(),
  UserProfile: z.strictObject({
    UserId: z.number(),
    Name: z.string(),
    Surname: z.string(),
    Email: z.string(),
    PhoneNumber: z.string().nullable(),
  }),
  SafeStopped: z.boolean(),
  Alerted: z.boolean(),
  BranchOfficeId: z.number().nullable(),
  BranchOfficeName: z.string().nullable(),
  BranchLatitude: z.number().nullable(),
  BranchLongitude: z.number().nullable(),
  GeofenceRadius: z.number().nullable(),
  PingCount: z.number(),
  Pings: z.array(ZTimerPing).optional(),
});
export type TimerReportRow = z.output<typeof ZTimerReportRow>;

/** Survey report row (spec §3 Survey report row; `SubmitetSurveyId` spelled so). */
export const ZSurveyReportRow = z.strictObject({
  SubmitetSurveyId: z.number(),
  EndWithNotification: z.boolean(),
  NotificationQuestionId: z.number().nullable(),
  SurveyId: z.number(),
  SurveyName: z.string(),
  CreatedAtUTC: z.string(),
  CreatedAtLocal: z.string(),
  Name: z.string(),
  Surname: z.string(),
  RoleId: z.number(),
  RoleName: z.string(),
  RoleNameDisplay: z.string(),
  BranchOfficeId: z.number(),
  BranchOfficeName: z.string(),
  RegionalOfficeName: z.string().nullable(),
  OrganizationName: z.string(),
});
export type SurveyReportRow = z.output<typeof ZSurveyReportRow>;

/** A survey question with its options (spec §3 Survey). */
export const ZReportSurveyQuestion = z.strictObject({
  QuestionId: z.number(),
  Question: z.string(),
  Answers: z.array(
    z.strictObject({
      Option: z.string(),
      Action: z.string().optional(),
      EndSurveyWithNotification: z.boolean().optional(),
    }),
  ),
});
export type SurveyQuestion = z.output<typeof ZReportSurveyQuestion>;

/** Survey report detail (spec §3 "Detail adds Answers, SurveyQuestions, NotifiedUsers, …"). */
export const ZSurveyReportDetail = ZSurveyReportRow.extend({
  Answers: z.array(
    z.strictObject({
      QuestionId: z.number(),
      Answer: z.string(),
    }),
  ),
  SurveyQuestions: z.array(ZReportSurveyQuestion),
  NotifiedUsers: z.array(
    z.strictObject({
      Name: z.string(),
      Surname: z.string(),
      PhoneNumber: z.string().nullable(),
      RoleNameDisplay: z.string(),
    }),
  ),
  NotifyRecomandation: z.string().nullable(),
  NonNotifyRecomandation: z.string().nullable(),
  SurveyDescription: z.string().nullable(),
  /** Other submissions of the same survey by the same user (ids and UTC times). */
  MySubmitions: z.array(
    z.strictObject({
      SubmitetSurveyId: z.number(),
      CreatedAtUTC: z.string(),
    }),
  ),
});
export type SurveyReportDetail = z.output<typeof ZSurveyReportDetail>;

/** VaultTrak (log access) row. */
export const ZLogAccessRow = z.strictObject({
  Id: z.number(),
  VaultName: z.string(),
  /** OPEN or CLOSE. */
  Action: z.string(),
  UserId: z.number().nullable(),
  Name: z.string().nullable(),
  Surname: z.string().nullable(),
  BranchOfficeId: z.number(),
  BranchOfficeName: z.string(),
  RegionalOfficeName: z.string().nullable(),
  OrganizationName: z.string(),
  AtUTC: z.string(),
  AtLocal: z.string(),
  TimeZone: z.string(),
  Latitude: z.number().nullable(),
  Longitude: z.number().nullable(),
});
export type LogAccessRow = z.output<typeof ZLogAccessRow>;

/** Summary counts (spec §3 Summary report). Test notifications are not counted. */
export const ZSummaryCounts = z.strictObject({
  Openings: z.number(),
  OpeningsEarly: z.number(),
  OpeningsLate: z.number(),
  OpeningsOnTime: z.number(),
  NotOpened: z.number(),
  Closings: z.number(),
  ClosingsEarly: z.number(),
  ClosingsLate: z.number(),
  ClosingsOnTime: z.number(),
  AutoClosed: z.number(),
  Service: z.number(),
  Panic: z.number(),
  Trouble: z.number(),
  Emergency: z.number(),
  SecurityAlerts: z.number(),
});
export type SummaryCounts = z.output<typeof ZSummaryCounts>;

/** Per-branch activity in the summary. */
export const ZBranchActivitySummary = z.strictObject({
  BranchOfficeId: z.number(),
  BranchOfficeName: z.string(),
  Openings: z.number(),
  Closings: z.number(),
  Service: z.number(),
  Alarms: z.number(),
});
export type BranchActivitySummary = z.output<typeof ZBranchActivitySummary>;

/** body.resultobject.APPObject of managesummaryreports. Lists hold at most SUMMARY_LIST_LIMIT rows, newest first. */
export const ZSummaryReport = ZSummaryCounts.extend({
  EmergencyData: z.array(ZActivityReportRow),
  MissingData: z.array(ZActivityReportRow),
  PanicData: z.array(ZActivityReportRow),
  SecurityAlertsData: z.array(ZActivityReportRow),
  TroubleData: z.array(ZActivityReportRow),
  BranchActivity: z.array(ZBranchActivitySummary),
});
export type SummaryReport = z.output<typeof ZSummaryReport>;
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

// ---------------------------------------------------------------------------------------------
// Answer bodies of the routes (each route's schema.response is envelopeOf(body); docs/API.md)

/** Answer body of POST /api/client/dailyreports. */
export const ZDailyreportsBody = z.strictObject({
  resultobject: z.array(ZDailyReportRow),
  total: z.number(),
  offset: z.number(),
  limit: z.number(),
});
export type DailyreportsBody = z.output<typeof ZDailyreportsBody>;

/** Answer body of POST /api/client/getcheckinout. */
export const ZGetcheckinoutBody = z.strictObject({
  resultobject: z.array(ZCheckInOutRow),
  total: z.number(),
  offset: z.number(),
  limit: z.number(),
});
export type GetcheckinoutBody = z.output<typeof ZGetcheckinoutBody>;

/** Answer body of POST /api/client/gettrackings. */
export const ZGettrackingsBody = z.union([
  z.strictObject({ resultobject: z.array(ZTimerReportRow), total: z.number(), offset: z.number(), limit: z.number() }),
  z.strictObject({ resultobject: ZTimerReportRow }),
]);
export type GettrackingsBody = z.output<typeof ZGettrackingsBody>;

/** Answer body of POST /api/client/managesummaryreports. */
export const ZManagesummaryreportsBody = z.strictObject({ resultobject: z.strictObject({ APPObject: ZSummaryReport }) });
export type ManagesummaryreportsBody = z.output<typeof ZManagesummaryreportsBody>;

/** Answer body of POST /api/client/log-access/reports. */
export const ZLogAccessReportsBody = z.union([
  z.strictObject({ resultobject: z.array(ZLogAccessRow), total: z.number(), offset: z.number(), limit: z.number() }),
  z.strictObject({ resultobject: ZLogAccessRow }),
]);
export type LogAccessReportsBody = z.output<typeof ZLogAccessReportsBody>;
