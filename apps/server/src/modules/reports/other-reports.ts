/**
 * Check-in/out, timer, survey and VaultTrak (log access) reports (spec §7 getcheckinout,
 * gettrackings, managesurveys, log-access/reports; §3 report rows). Each builds one ordered query
 * (paged for the screen, streamed for exports), its count and a presenter; all rows are in the
 * caller's scope and on branch-local days of the range.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  formatDuration,
  inRoleGroup,
  RoleGroup,
  branchTypeDisplay,
  type CheckInOutRequest,
  type CheckInOutRow,
  type LogAccessRow,
  type SurveyReportDetail,
  type SurveyReportRow,
  type TimerPing,
  type TimerReportRow,
} from '@vigil/contract';
import { rows, type Db } from '../../db/client.js';
import { organizationIdsSubquery, branchScope } from '../../plugins/authorization.js';
import type { AuthContext } from '../../plugins/session.js';

import type { Column } from './export.js';
import { and, dayCountsWhere, direction, iso, localTime, scopeAndFilters, zoneAbbr, type ReportAuth } from './report-sql.js';
import { localDayRange } from '../../lib/local-days.js';
import type { ReportBase } from '@vigil/contract';

type Filter<Sort extends string> = Omit<ReportBase, 'offset' | 'limit' | 'format'> & { sortBy: Sort };
const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const fullName = (n: string | null, s: string | null) => [n, s].filter(Boolean).join(' ') || null;

// ---- Check-in/out ---------------------------------------------------------------------------------

const CHECKIN_SORTS: Record<CheckInOutRequest['sortBy'], SQL> = {
  checkIn: sql`c.check_in_at`,
  checkOut: sql`c.check_out_at`,
  branch: sql`branch_offices.name`,
  user: sql`u.surname`,
};

/** Ordered check-in/out query and count (spec §7 getcheckinout). */
export function checkInOutQueries(
  auth: AuthContext,
  f: Filter<CheckInOutRequest['sortBy']> & { insideGeofence?: boolean },
): { query: SQL; count: SQL } {
  const conditions = [
    ...scopeAndFilters(auth, f, sql`branch_offices.organization_id`),
    localDayRange(sql`c.check_in_at`, sql`branch_offices.time_zone`, f.fromDate, f.toDate),
  ];
  if (f.userId) conditions.push(sql`c.user_id = ${f.userId}`);
  if (f.insideGeofence !== undefined) conditions.push(sql`c.inside_geofence = ${f.insideGeofence}`);
  const where = and(conditions);
  const fw = sql`from check_ins c
    join branch_offices on branch_offices.id = c.branch_office_id
    join organizations o on o.id = branch_offices.organization_id
    join users u on u.id = c.user_id
    left join users cb on cb.id = c.checked_out_by
    left join offices r on r.id = branch_offices.regional_office_id
    left join branch_office_types t on t.id = branch_offices.branch_office_type_id
    where ${where}`;
  const dir = direction(f.sortDir);
  // The count: without a user, the sum of the day counts (migration 0021: 155,000 rows for a month of
  // 5,000 branches, where the check-ins are a million); a user's check-ins are few and counted as they are.
  const dayColumn =
    f.insideGeofence === undefined ? sql.raw('check_ins') : sql.raw(f.insideGeofence ? 'inside_geofence' : 'outside_geofence');
  const count = f.userId
    ? sql`select count(*)::int as n from check_ins c join branch_offices on branch_offices.id = c.branch_office_id where ${where}`
    : sql`select coalesce(sum(d.${dayColumn}), 0)::int as n from check_in_day_counts d join branch_offices on branch_offices.id = d.branch_office_id
        where ${dayCountsWhere(auth, f, sql.raw('d'), sql`branch_offices.organization_id`)}`;
  return {
    query: sql`select c.id, c.user_id, u.name, u.surname, u.email, branch_offices.id as branch_id, branch_offices.name as branch_name,
        branch_offices.longitude as branch_lng, branch_offices.latitude as branch_lat, branch_offices.time_zone, t.display as type_display,
        r.id as region_id, r.name as region_name, o.id as org_id, o.name as org_name, c.check_in_at, c.check_out_at,
        cb.name as cb_name, cb.surname as cb_surname, c.longitude, c.latitude, c.horizontal_accuracy, c.inside_geofence
      ${fw} order by ${CHECKIN_SORTS[f.sortBy]} ${dir} nulls last, c.id ${dir}`,
    // The conditions read the check-in and its branch only, and the other joins never drop a row
    // (foreign keys), so the count reads the check-ins (or their day counts) and the branch alone.
    count,
  };
}

/** Raw check-in/out row. */
export interface CheckInRaw {
  id: number;
  user_id: number;
  name: string;
  surname: string;
  email: string;
  branch_id: number;
  branch_name: string;
  branch_lng: number | null;
  branch_lat: number | null;
  time_zone: string;
  type_display: string | null;
  region_id: number | null;
  region_name: string | null;
  org_id: number;
  org_name: string;
  check_in_at: Date | string;
  check_out_at: Date | string | null;
  cb_name: string | null;
  cb_surname: string | null;
  longitude: number | null;
  latitude: number | null;
  horizontal_accuracy: number | null;
  inside_geofence: boolean | null;
}

/** Spec §3 Check-in/out row of a raw row. */
export function presentCheckIn(r: CheckInRaw): CheckInOutRow {
  const inAt = iso(r.check_in_at);
  const outAt = r.check_out_at ? iso(r.check_out_at) : null;
  return {
    CheckInId: r.id,
    UserId: r.user_id,
    Name: r.name,
    Surname: r.surname,
    Email: r.email,
    BranchOfficeId: r.branch_id,
    BranchOfficeName: r.branch_name,
    BranchLongitude: r.branch_lng,
    BranchLatitude: r.branch_lat,
    BranchOfficeDst: zoneAbbr(r.time_zone, Date.parse(inAt)),
    BranchOfficeTimeZone: r.time_zone,
    BranchOfficeType: r.type_display ? branchTypeDisplay(r.type_display) : '',
    RegionalOfficeId: r.region_id,
    RegionalOfficeName: r.region_name,
    OrganizationId: r.org_id,
    OrganizationName: r.org_name,
    CheckIn: localTime(inAt, r.time_zone),
    CheckInTimestamp: inAt,
    CheckOut: outAt ? localTime(outAt, r.time_zone) : null,
    CheckOutTimestamp: outAt,
    CheckedOutBy: fullName(r.cb_name, r.cb_surname),
    Longitude: r.longitude,
    Latitude: r.latitude,
    HorizontalAccuracy: r.horizontal_accuracy,
    InsideGeofence: r.inside_geofence,
  };
}

export const CHECKINOUT_COLUMNS: Column<CheckInOutRow>[] = [
  { key: 'reports.columns.checkIn', value: (r) => r.CheckIn },
  { key: 'reports.columns.checkOut', value: (r) => r.CheckOut },
  { key: 'reports.columns.user', value: (r) => `${r.Name} ${r.Surname}` },
  { key: 'reports.columns.email', value: (r) => r.Email },
  { key: 'reports.columns.organization', value: (r) => r.OrganizationName },
  { key: 'reports.columns.region', value: (r) => r.RegionalOfficeName },
  { key: 'reports.columns.branch', value: (r) => r.BranchOfficeName },
  { key: 'reports.columns.checkedOutBy', value: (r) => r.CheckedOutBy },
  { key: 'reports.columns.latitude', value: (r) => r.Latitude },
  { key: 'reports.columns.longitude', value: (r) => r.Longitude },
  { key: 'reports.columns.accuracy', value: (r) => r.HorizontalAccuracy },
  { key: 'reports.columns.insideGeofence', value: (r) => r.InsideGeofence },
];

// ---- Timers ---------------------------------------------------------------------------------------

type TimerSort = 'start' | 'duration' | 'user' | 'branch';
const TIMER_SORT_SQL: Record<TimerSort, SQL> = {
  start: sql`tm.started_at`,
  duration: sql`(coalesce(tm.stopped_at, now()) - tm.started_at)`,
  user: sql`coalesce(u.surname, x.name)`,
  branch: sql`branch_offices.name`,
};
/** Zone of a timer: its branch's, else the user's organisation head office's, else UTC. */
const TIMER_ZONE = sql`coalesce(branch_offices.time_zone, ho.time_zone, 'UTC')`;

/** A timer is in scope through its branch, or — without a branch — through its user's organisation (organisation-wide roles). */
function timerScope(auth: ReportAuth): SQL {
  const listed = auth.scopeOrganizationIds;
  const orgs = listed ? sql`${`{${listed.join(',')}}`}::int[]` : null;
  const orgWide = inRoleGroup(RoleGroup.OrganizationWide, auth.roleId)
    ? orgs
      ? sql`(branch_offices.id is null and u.organization_id = any(${orgs}))`
      : sql`(branch_offices.id is null and u.organization_id in (${organizationIdsSubquery(auth)}))`
    : sql`false`;
  const branches = orgs ? sql`branch_offices.organization_id = any(${orgs})` : branchScope(auth);
  return sql`((branch_offices.id is not null and ${branches}) or ${orgWide})`;
}

/** Ordered timer query and count (spec §7 gettrackings GET-ALL-NON-RETAIL-PINGS). */
export function timerQueries(
  auth: ReportAuth,
  f: Filter<TimerSort> & { status: 'all' | 'safeStopped' | 'alerted' | 'running' },
): { query: SQL; count: SQL } {
  const conditions = [timerScope(auth), localDayRange(sql`tm.started_at`, TIMER_ZONE, f.fromDate, f.toDate)];
  if (f.organizationId) conditions.push(sql`coalesce(branch_offices.organization_id, u.organization_id) = ${f.organizationId}`);
  if (f.regionalOfficeId) conditions.push(sql`branch_offices.regional_office_id = ${f.regionalOfficeId}`);
  if (f.branchOfficeId) conditions.push(sql`tm.branch_office_id = ${f.branchOfficeId}`);
  if (f.userId) conditions.push(sql`tm.user_id = ${f.userId}`);
  if (f.status === 'safeStopped') conditions.push(sql`tm.safe_stopped`);
  if (f.status === 'alerted') conditions.push(sql`tm.alerted`);
  if (f.status === 'running') conditions.push(sql`tm.stopped_at is null`);
  const joins = sql`from timers tm
    join users u on u.id = tm.user_id
    left join branch_offices on branch_offices.id = tm.branch_office_id
    left join organizations uo on uo.id = u.organization_id
    left join offices ho on ho.id = uo.head_office_id`;
  const where = sql`where ${and(conditions)}`;
  const dir = direction(f.sortDir);
  return {
    query: sql`select tm.id, tm.timer_for_action, tm.started_at, tm.stopped_at, tm.duration_seconds, tm.safe_stopped, tm.alerted,
        ${TIMER_ZONE} as time_zone, u.id as user_id, u.name, u.surname, u.email, u.phone_number,
        branch_offices.id as branch_id, branch_offices.name as branch_name, branch_offices.latitude as branch_lat, branch_offices.longitude as branch_lng,
        branch_offices.geofence_radius, fp.latitude, fp.longitude, (select count(*)::int from timer_pings p where p.timer_id = tm.id) as ping_count
      ${joins}
      left join lateral (select p.latitude, p.longitude from timer_pings p where p.timer_id = tm.id order by p.at, p.id limit 1) fp on true
      ${where}
      order by ${TIMER_SORT_SQL[f.sortBy]} ${dir}, tm.id ${dir}`,
    count: sql`select count(*)::int as n ${joins} ${where}`,
  };
}

/** Raw timer row. */
export interface TimerRaw {
  id: number;
  timer_for_action: string;
  started_at: Date | string;
  stopped_at: Date | string | null;
  duration_seconds: number;
  safe_stopped: boolean;
  alerted: boolean;
  time_zone: string;
  user_id: number;
  name: string;
  surname: string;
  email: string;
  phone_number: string | null;
  branch_id: number | null;
  branch_name: string | null;
  branch_lat: number | null;
  branch_lng: number | null;
  geofence_radius: number | null;
  latitude: number | null;
  longitude: number | null;
  ping_count: number;
}

/** Spec §3 Timer report row of a raw row; `now` gives the elapsed time of a running timer. */
export function presentTimer(r: TimerRaw, now = new Date()): TimerReportRow {
  const start = iso(r.started_at);
  const stop = r.stopped_at ? iso(r.stopped_at) : null;
  const elapsed = ((stop ? Date.parse(stop) : now.getTime()) - Date.parse(start)) / 1000;
  return {
    CheckInOutId: r.id,
    TimerForAction: r.timer_for_action,
    ActionStartUTC: start,
    ActionStopUTC: stop,
    ActionStartLocal: localTime(start, r.time_zone),
    ActionStopLocal: stop ? localTime(stop, r.time_zone) : null,
    TimeZone: r.time_zone,
    DurationSeconds: r.duration_seconds,
    Duration: formatDuration(r.duration_seconds),
    Elapsed: formatDuration(elapsed),
    Latitude: r.latitude,
    Longitude: r.longitude,
    UserProfile: { UserId: r.user_id, Name: r.name, Surname: r.surname, Email: r.email, PhoneNumber: r.phone_number },
    SafeStopped: r.safe_stopped,
    Alerted: r.alerted,
    BranchOfficeId: r.branch_id,
    BranchOfficeName: r.branch_name,
    BranchLatitude: r.branch_lat,
    BranchLongitude: r.branch_lng,
    GeofenceRadius: r.geofence_radius,
    PingCount: Number(r.ping_count),
  };
}

/** One timer in scope with its pings (GET-NON-RETAIL-PINGS); null when not in scope. */
export async function timerWithPings(db: Db, auth: AuthContext, timerId: number): Promise<TimerReportRow | null> {
  const { query } = timerQueries(auth, { fromDate: '1970-01-01', toDate: '2999-12-31', sortBy: 'start', sortDir: 'desc', status: 'all' });
  const [raw] = await rows<TimerRaw>(db, sql`select * from (${query}) q where q.id = ${timerId}`);
  if (!raw) return null;
  const pings = await rows<{ at: Date | string; latitude: number; longitude: number; horizontal_accuracy: number | null }>(
    db,
    sql`select at, latitude, longitude, horizontal_accuracy from timer_pings where timer_id = ${timerId} order by at, id`,
  );
  const row = presentTimer(raw);
  row.Pings = pings.map((p): TimerPing => ({
    AtUTC: iso(p.at),
    AtLocal: localTime(iso(p.at), raw.time_zone),
    Latitude: p.latitude,
    Longitude: p.longitude,
    HorizontalAccuracy: p.horizontal_accuracy,
  }));
  return row;
}

export const TIMER_COLUMNS: Column<TimerReportRow>[] = [
  { key: 'reports.columns.start', value: (r) => r.ActionStartLocal },
  { key: 'reports.columns.stop', value: (r) => r.ActionStopLocal },
  { key: 'reports.columns.user', value: (r) => `${r.UserProfile.Name} ${r.UserProfile.Surname}` },
  { key: 'reports.columns.branch', value: (r) => r.BranchOfficeName },
  { key: 'reports.columns.timerFor', value: (r) => r.TimerForAction },
  { key: 'reports.columns.duration', value: (r) => r.Duration },
  { key: 'reports.columns.elapsed', value: (r) => r.Elapsed },
  { key: 'reports.columns.safeStopped', value: (r) => r.SafeStopped },
  { key: 'reports.columns.alerted', value: (r) => r.Alerted },
  { key: 'reports.columns.pings', value: (r) => r.PingCount },
];

// ---- Surveys --------------------------------------------------------------------------------------

type SurveySort = 'createdAt' | 'survey' | 'user' | 'branch';
const SURVEY_SORT_SQL: Record<SurveySort, SQL> = {
  createdAt: sql`s.created_at`,
  survey: sql`sv.name`,
  user: sql`coalesce(u.surname, x.name)`,
  branch: sql`branch_offices.name`,
};

/** Ordered submitted-survey query and count (spec §7 managesurveys GET-ALL-SURVEY-REPORTING). */
export function surveyQueries(
  auth: AuthContext,
  f: Filter<SurveySort> & { surveyId?: number; submissionId?: number },
): { query: SQL; count: SQL } {
  const conditions = [...scopeAndFilters(auth, f, sql`s.organization_id`)];
  if (f.submissionId) conditions.push(sql`s.id = ${f.submissionId}`);
  else conditions.push(localDayRange(sql`s.created_at`, sql`branch_offices.time_zone`, f.fromDate, f.toDate));
  if (f.userId) conditions.push(sql`s.user_id = ${f.userId}`);
  if (f.surveyId) conditions.push(sql`s.survey_id = ${f.surveyId}`);
  const fw = sql`from submitted_surveys s
    join surveys sv on sv.id = s.survey_id
    join branch_offices on branch_offices.id = s.branch_office_id
    join organizations o on o.id = s.organization_id
    left join users u on u.id = s.user_id
    left join roles ro on ro.id = u.role_id
    left join external_users x on x.id = s.external_user_id
    left join offices r on r.id = branch_offices.regional_office_id
    where ${and(conditions)}`;
  const dir = direction(f.sortDir);
  return {
    query: sql`select s.id, s.end_with_notification, s.notification_question_id, s.survey_id, sv.name as survey_name, s.created_at, branch_offices.time_zone,
        u.id as user_id, s.external_user_id, coalesce(u.name, x.name, '') as name, coalesce(u.surname, '') as surname, coalesce(ro.id, 0) as role_id,
        coalesce(ro.role_name, 'EXTERNAL_USER') as role_name, coalesce(ro.role_name_display, 'External user') as role_name_display,
        branch_offices.id as branch_id, branch_offices.name as branch_name, r.name as region_name, o.name as org_name, s.answers, s.notified,
        sv.questions, sv.description, sv.notify_recomandation, sv.non_notify_recomandation
      ${fw} order by ${SURVEY_SORT_SQL[f.sortBy]} ${dir}, s.id ${dir}`,
    count: sql`select count(*)::int as n ${fw}`,
  };
}

/** Raw submitted-survey row. */
export interface SurveyRaw {
  id: number;
  end_with_notification: boolean;
  notification_question_id: number | null;
  survey_id: number;
  survey_name: string;
  created_at: Date | string;
  time_zone: string;
  /** Staff respondent, or null (external respondent: external_user_id). */
  user_id: number | null;
  external_user_id: number | null;
  name: string;
  surname: string;
  /** 0 for an external respondent. */
  role_id: number;
  role_name: string;
  role_name_display: string;
  branch_id: number;
  branch_name: string;
  region_name: string | null;
  org_name: string;
  answers: { QuestionId: number; Answer: string }[];
  /** Who was notified, as stored with the submission. */
  notified: SurveyReportDetail['NotifiedUsers'] | null;
  questions: SurveyReportDetail['SurveyQuestions'];
  description: string | null;
  notify_recomandation: string | null;
  non_notify_recomandation: string | null;
}

/** Spec §3 Survey report row of a raw row. */
export function presentSurvey(r: SurveyRaw): SurveyReportRow {
  const at = iso(r.created_at);
  return {
    SubmitetSurveyId: r.id,
    EndWithNotification: r.end_with_notification,
    NotificationQuestionId: r.notification_question_id,
    SurveyId: r.survey_id,
    SurveyName: r.survey_name,
    CreatedAtUTC: at,
    CreatedAtLocal: localTime(at, r.time_zone),
    Name: r.name,
    Surname: r.surname,
    RoleId: r.role_id,
    RoleName: r.role_name,
    RoleNameDisplay: r.role_name_display,
    BranchOfficeId: r.branch_id,
    BranchOfficeName: r.branch_name,
    RegionalOfficeName: r.region_name,
    OrganizationName: r.org_name,
  };
}

/** One submitted survey in scope with answers, questions and recommendations (GET-SURVEY-REPORTING-BY-ID); null when not in scope. */
export async function surveyDetail(db: Db, auth: AuthContext, id: number): Promise<SurveyReportDetail | null> {
  const { query } = surveyQueries(auth, {
    fromDate: '1970-01-01',
    toDate: '2999-12-31',
    sortBy: 'createdAt',
    sortDir: 'desc',
    submissionId: id,
  });
  const [raw] = await rows<SurveyRaw>(db, query);
  if (!raw) return null;
  const who = raw.user_id != null ? sql`user_id = ${raw.user_id}` : sql`external_user_id = ${raw.external_user_id}`;
  const mine = await rows<{ id: number; created_at: Date | string }>(
    db,
    sql`select id, created_at from submitted_surveys where survey_id = ${raw.survey_id} and ${who} order by created_at desc limit 50`,
  );
  // Who was notified is stored with the submission (surveys: NotifyUsers and NotifyExternalUsers as mailed).
  const notified = (raw.notified ?? []).map(({ Name, Surname, PhoneNumber, RoleNameDisplay }) => ({
    Name,
    Surname,
    PhoneNumber,
    RoleNameDisplay,
  }));
  return {
    ...presentSurvey(raw),
    Answers: raw.answers ?? [],
    SurveyQuestions: raw.questions ?? [],
    NotifiedUsers: notified,
    NotifyRecomandation: raw.notify_recomandation,
    NonNotifyRecomandation: raw.non_notify_recomandation,
    SurveyDescription: raw.description,
    MySubmitions: mine.map((m) => ({ SubmitetSurveyId: m.id, CreatedAtUTC: iso(m.created_at) })),
  };
}

export const SURVEY_COLUMNS: Column<SurveyReportRow>[] = [
  { key: 'reports.columns.submittedAt', value: (r) => r.CreatedAtLocal },
  { key: 'reports.columns.survey', value: (r) => r.SurveyName },
  { key: 'reports.columns.user', value: (r) => `${r.Name} ${r.Surname}` },
  { key: 'reports.columns.role', value: (r) => r.RoleNameDisplay },
  { key: 'reports.columns.organization', value: (r) => r.OrganizationName },
  { key: 'reports.columns.region', value: (r) => r.RegionalOfficeName },
  { key: 'reports.columns.branch', value: (r) => r.BranchOfficeName },
  { key: 'reports.columns.endWithNotification', value: (r) => r.EndWithNotification },
];

// ---- VaultTrak (log access) -----------------------------------------------------------------------

type LogSort = 'time' | 'vault' | 'user' | 'branch';
const LOG_SORT_SQL: Record<LogSort, SQL> = {
  time: sql`e.occurred_at`,
  vault: sql`(e.payload->>'vaultName')`,
  user: sql`coalesce(u.surname, x.name)`,
  branch: sql`branch_offices.name`,
};

/** Ordered vault-access query and count (spec §7 log-access/reports). `id` selects one event whatever the dates. */
export function logAccessQueries(
  auth: AuthContext,
  f: Filter<LogSort> & { search?: string; action: 'all' | 'OPEN' | 'CLOSE'; id?: number },
): { query: SQL; count: SQL } {
  const conditions = [sql`e.kind = 'VAULT_ACCESS'`, ...scopeAndFilters(auth, f, sql`e.organization_id`)];
  if (f.id) conditions.push(sql`e.id = ${f.id}`);
  else conditions.push(localDayRange(sql`e.occurred_at`, sql`branch_offices.time_zone`, f.fromDate, f.toDate));
  if (f.userId) conditions.push(sql`e.user_id = ${f.userId}`);
  if (f.action !== 'all') conditions.push(sql`e.payload->>'action' = ${f.action}`);
  if (f.search) {
    const like = escapeLike(f.search);
    conditions.push(
      sql`((e.payload->>'vaultName') ilike ${like} or branch_offices.name ilike ${like} or u.name ilike ${like} or u.surname ilike ${like})`,
    );
  }
  const fw = sql`from events e
    join branch_offices on branch_offices.id = e.branch_office_id
    join organizations o on o.id = e.organization_id
    left join offices r on r.id = branch_offices.regional_office_id
    left join users u on u.id = e.user_id
    where ${and(conditions)}`;
  const dir = direction(f.sortDir);
  return {
    query: sql`select e.id::int as id, e.payload->>'vaultName' as vault_name, e.payload->>'action' as action, e.user_id, u.name, u.surname,
        branch_offices.id as branch_id, branch_offices.name as branch_name, r.name as region_name, o.name as org_name, e.occurred_at,
        branch_offices.time_zone, e.latitude, e.longitude
      ${fw} order by ${LOG_SORT_SQL[f.sortBy]} ${dir}, e.id ${dir}`,
    count: sql`select count(*)::int as n ${fw}`,
  };
}

/** Raw vault-access row. */
export interface LogAccessRaw {
  id: number;
  vault_name: string;
  action: string;
  user_id: number | null;
  name: string | null;
  surname: string | null;
  branch_id: number;
  branch_name: string;
  region_name: string | null;
  org_name: string;
  occurred_at: Date | string;
  time_zone: string;
  latitude: number | null;
  longitude: number | null;
}

/** VaultTrak row of a raw row. */
export function presentLogAccess(r: LogAccessRaw): LogAccessRow {
  const at = iso(r.occurred_at);
  return {
    Id: r.id,
    VaultName: r.vault_name,
    Action: r.action,
    UserId: r.user_id,
    Name: r.name,
    Surname: r.surname,
    BranchOfficeId: r.branch_id,
    BranchOfficeName: r.branch_name,
    RegionalOfficeName: r.region_name,
    OrganizationName: r.org_name,
    AtUTC: at,
    AtLocal: localTime(at, r.time_zone),
    TimeZone: r.time_zone,
    Latitude: r.latitude,
    Longitude: r.longitude,
  };
}

export const LOG_ACCESS_COLUMNS: Column<LogAccessRow>[] = [
  { key: 'reports.columns.time', value: (r) => r.AtLocal },
  { key: 'reports.columns.vault', value: (r) => r.VaultName },
  { key: 'reports.columns.action', value: (r, t) => t(`reports.vaultAction.${r.Action}`) },
  { key: 'reports.columns.user', value: (r) => fullName(r.Name, r.Surname) },
  { key: 'reports.columns.organization', value: (r) => r.OrganizationName },
  { key: 'reports.columns.region', value: (r) => r.RegionalOfficeName },
  { key: 'reports.columns.branch', value: (r) => r.BranchOfficeName },
  { key: 'reports.columns.latitude', value: (r) => r.Latitude },
  { key: 'reports.columns.longitude', value: (r) => r.Longitude },
];
