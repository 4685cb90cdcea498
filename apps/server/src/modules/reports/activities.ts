/**
 * Activity report (spec §7 getnotifications GET-ALL-REPORTS, GET-REPORT-DETAILS-BY-NOTIFICATION-ID;
 * managebranchoffices GET-ACTIVITIES-BY-BRANCH-ID; §3 Activity notification): branch actions and
 * notifications of the event log in the caller's scope, on branch-local days.
 */
import { sql, type SQL } from 'drizzle-orm';
import { type ActivityDetailExtras, type ActivityReportRequest, type ActivityReportRow, type ActivityType } from '@vigil/contract';
import { translate } from '@vigil/i18n';
import { rows, type Db } from '../../db/client.js';
import type { AuthContext } from '../../plugins/session.js';
import { branchTypeDisplay } from '../branches/branches.presenter.js';
import { notificationTypeFilter } from '../notifications/notifications.repository.js';
import type { Column } from './export.js';
import { and, direction, iso, localDayRange, localTime, scopeAndFilters, zoneAbbr } from './report-sql.js';

/** Filters of an activity query (a report request without paging). */
export type ActivityFilter = Omit<ActivityReportRequest, 'offset' | 'limit' | 'format' | 'case'> & { extra?: SQL };

/**
 * SQL condition of an activity type: the branch actions, plus the notification categories of
 * spec §9 shared with the notifications list (notificationTypeFilter).
 */
export function activityTypeFilter(type: ActivityType): SQL {
  switch (type) {
    case 'open':
      return sql`e.branch_action = 'Open'`;
    case 'close':
      return sql`e.branch_action = 'Close'`;
    case 'service':
      return sql`e.branch_action = 'Service'`;
    case 'securityAlert':
      return sql`e.security_alert`;
    case 'autoClosed':
      return sql`e.is_closed_by_system`;
    case 'alarms':
    case 'panic':
    case 'anomaly':
    case 'emergency':
      return notificationTypeFilter(type);
    default:
      return sql`true`;
  }
}

const SORTS: Record<ActivityReportRequest['sortBy'], SQL> = {
  time: sql`e.occurred_at`,
  branch: sql`branch_offices.name`,
  user: sql`u.surname`,
  action: sql`e.branch_action`,
};

/** FROM … WHERE of the activity report. */
function fromWhere(auth: AuthContext, f: ActivityFilter): SQL {
  const conditions = [
    sql`e.kind in ('BRANCH_ACTION', 'NOTIFICATION')`,
    ...scopeAndFilters(auth, f, sql`e.organization_id`),
    localDayRange(sql`e.occurred_at`, sql`branch_offices.time_zone`, f.fromDate, f.toDate),
    activityTypeFilter(f.type),
  ];
  if (f.userId) conditions.push(sql`e.user_id = ${f.userId}`);
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(e.branch_action ilike ${like} or branch_offices.name ilike ${like} or u.name ilike ${like} or u.surname ilike ${like} or e.message_content ilike ${like})`);
  }
  if (f.extra) conditions.push(f.extra);
  return sql`from events e
    join branch_offices on branch_offices.id = e.branch_office_id
    join organizations o on o.id = e.organization_id
    left join branch_office_types t on t.id = branch_offices.branch_office_type_id
    left join offices r on r.id = e.regional_office_id
    left join users u on u.id = e.user_id
    where ${and(conditions)}`;
}

/** The ordered activity query (no paging) and its count. */
export function activityQueries(auth: AuthContext, f: ActivityFilter): { query: SQL; count: SQL } {
  const fw = fromWhere(auth, f);
  const dir = direction(f.sortDir);
  const query = sql`select e.id::int as id, e.branch_action, e.notification_type, e.regional_office_id, r.name as region_name, e.user_id, u.name, u.surname,
      e.branch_office_id, branch_offices.name as branch_name, branch_offices.time_zone, t.display as type_display,
      e.organization_id, o.name as organization_name, e.is_closed_by_system, e.is_test_notification, e.security_alert, e.punctuality,
      e.occurred_at, e.latitude, e.longitude, e.message_content, e.payload->'checklist' as checklist,
      case when e.branch_action = 'Service' then (select min(n.occurred_at) from events n where n.branch_office_id = e.branch_office_id
        and n.kind = 'BRANCH_ACTION' and n.occurred_at > e.occurred_at and n.branch_action in ('Open', 'Close')) end as stop_time
    ${fw}
    order by ${SORTS[f.sortBy]} ${dir}, e.id ${dir}`;
  return { query, count: sql`select count(*)::int as n ${fw}` };
}

/** A raw activity row. */
export interface ActivityRaw {
  id: number;
  branch_action: string | null;
  notification_type: number | null;
  regional_office_id: number | null;
  region_name: string | null;
  user_id: number | null;
  name: string | null;
  surname: string | null;
  branch_office_id: number;
  branch_name: string;
  time_zone: string;
  type_display: string | null;
  organization_id: number;
  organization_name: string;
  is_closed_by_system: boolean;
  is_test_notification: boolean;
  security_alert: boolean;
  punctuality: string | null;
  occurred_at: Date | string;
  latitude: number | null;
  longitude: number | null;
  message_content: string | null;
  checklist: unknown[] | null;
  stop_time: Date | string | null;
}

/** The §3 Activity notification row of a raw row; times UTC ISO plus branch-local text. */
export function presentActivity(r: ActivityRaw): ActivityReportRow {
  const at = iso(r.occurred_at);
  return {
    NotificationId: Number(r.id),
    BranchAction: r.branch_action,
    NotificationType: r.notification_type,
    RegionalOfficeId: r.regional_office_id,
    RegionalOfficeName: r.region_name,
    UserId: r.user_id,
    Name: r.name,
    Surname: r.surname,
    BranchOfficeId: r.branch_office_id,
    BranchOfficeName: r.branch_name,
    BranchOfficeDst: zoneAbbr(r.time_zone, Date.parse(at)),
    BranchOfficeTimeZone: r.time_zone,
    BranchOfficeTypeDisplay: r.type_display ? branchTypeDisplay(r.type_display) : null,
    start_time: at,
    stop_time: r.stop_time ? iso(r.stop_time) : null,
    OrganizationId: r.organization_id,
    OrganizationName: r.organization_name,
    ChecklistLBranchActions: Array.isArray(r.checklist) ? r.checklist : [],
    IsClosedBySystemData: r.is_closed_by_system,
    IsTestNotification: r.is_test_notification,
    NotificationTimeAddedUTC: at,
    NotificationTimeLocal: localTime(at, r.time_zone),
    SecurityAlert: r.security_alert,
    Punctuality: r.punctuality === 'early' || r.punctuality === 'ontime' || r.punctuality === 'late' ? r.punctuality : null,
    Latitude: r.latitude,
    Longitude: r.longitude,
    MessageContent: r.message_content,
  };
}

/** Columns of the activity screen and its exports, in order. */
export const ACTIVITY_COLUMNS: Column<ActivityReportRow>[] = [
  { key: 'reports.columns.time', value: (r) => r.NotificationTimeLocal },
  { key: 'reports.columns.organization', value: (r) => r.OrganizationName },
  { key: 'reports.columns.region', value: (r) => r.RegionalOfficeName },
  { key: 'reports.columns.branch', value: (r) => r.BranchOfficeName },
  { key: 'reports.columns.action', value: (r) => r.BranchAction },
  { key: 'reports.columns.punctuality', value: (r, lang) => (r.Punctuality ? translate(lang, `reports.punctuality.${r.Punctuality}`) : null) },
  { key: 'reports.columns.user', value: (r) => [r.Name, r.Surname].filter(Boolean).join(' ') || null },
  { key: 'reports.columns.closedBySystem', value: (r) => r.IsClosedBySystemData },
  { key: 'reports.columns.test', value: (r) => r.IsTestNotification },
  { key: 'reports.columns.message', value: (r) => r.MessageContent },
];

/**
 * Detail extras of one notification in scope (spec §3 "Detail adds Packet, Msg, Notes,
 * NoteCategory, NotificationUserProfile, Destination"), with NotifiedUsers: the active console
 * users watching the branch (security-office staff of the organisation, its regional and branch
 * managers). Null when the notification is not in the caller's scope.
 */
export async function activityDetailExtras(db: Db, auth: AuthContext, id: number): Promise<ActivityDetailExtras | null> {
  const [e] = await rows<{ payload: Record<string, unknown>; message_content: string | null; branch_action: string | null; branch_office_id: number; regional_office_id: number | null; organization_id: number; branch_name: string; user_id: number | null }>(
    db,
    sql`select e.payload, e.message_content, e.branch_action, e.branch_office_id, e.regional_office_id, e.organization_id, branch_offices.name as branch_name, e.user_id
        from events e join branch_offices on branch_offices.id = e.branch_office_id
        where e.id = ${id} and ${and(scopeAndFilters(auth, {}, sql`e.organization_id`))}`,
  );
  if (!e) return null;
  const profile = e.user_id
    ? (await rows<{ Name: string; Surname: string; Email: string; PhoneNumber: string | null; RoleNameDisplay: string }>(
      db,
      sql`select u.name as "Name", u.surname as "Surname", u.email as "Email", u.phone_number as "PhoneNumber", ro.role_name_display as "RoleNameDisplay"
          from users u join roles ro on ro.id = u.role_id where u.id = ${e.user_id}`,
    ))[0] ?? null
    : null;
  const notified = await rows<{ Name: string; Surname: string; PhoneNumber: string | null; RoleNameDisplay: string }>(
    db,
    sql`select distinct u.name as "Name", u.surname as "Surname", u.phone_number as "PhoneNumber", ro.role_name_display as "RoleNameDisplay"
        from users u join roles ro on ro.id = u.role_id join works_in w on w.user_id = u.id
        where u.status_id = 1 and (
          (u.role_id in (5, 8) and w.security_office_id in (select security_office_id from organization_security_offices where organization_id = ${e.organization_id}))
          or (u.role_id = 9 and w.regional_office_id = ${e.regional_office_id})
          or (u.role_id = 6 and w.branch_office_id = ${e.branch_office_id}))
        order by 2, 1`,
  );
  return {
    Packet: e.payload ?? {},
    Msg: e.message_content,
    NoteCategory: e.branch_action,
    NotificationUserProfile: profile,
    Destination: e.branch_name,
    NotifiedUsers: notified,
  };
}
