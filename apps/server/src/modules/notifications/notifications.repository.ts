/**
 * Notification queries under the caller's scope (spec §7 getnotificationsv2 / getnotifications).
 * Alarms carry their shared acknowledgement and notes; every notification carries the caller's
 * read state (read one by one, or up to a "mark all read" watermark).
 */
import { sql, type SQL } from 'drizzle-orm';
import { notificationCategory, type ActivityNotificationFields, type NotificationListType, type NotificationRow } from '@vigil/contract';
import { rows, type Db } from '../../db/client.js';
import { branchOffices } from '../../db/schema/index.js';
import { branchScope, organizationIdsSubquery } from '../../plugins/authorization.js';
import type { AuthContext } from '../../plugins/session.js';
import { branchTypeDisplay } from '../branches/branches.presenter.js';
import { iso, zoneAbbr } from '../reports/report-sql.js';

/**
 * SQL condition on `events e` for a notification category (spec §9: 0 anomaly; 2, 15 alarm;
 * 10, 11, 12 emergency; panic by the words panic or duress). Shared with the activity report.
 */
export function notificationTypeFilter(type: NotificationListType): SQL {
  switch (type) {
    case 'alarms':
      return sql`(e.notification_type in (2, 15) or e.security_alert)`;
    case 'panic':
      return sql`(e.branch_action ilike '%panic%' or e.branch_action ilike '%duress%')`;
    case 'anomaly':
      return sql`e.notification_type = 0`;
    case 'emergency':
      return sql`e.notification_type in (10, 11, 12)`;
    case 'ens':
      return sql`e.kind = 'ENS'`;
    default:
      return sql`true`;
  }
}

/** Events the user may see: a branch in scope, or (organisation roles) an organisation-level event of theirs. */
export function eventScope(auth: AuthContext): SQL {
  const orgLevel = [2, 5, 8, 12].includes(auth.roleId)
    ? sql`(${branchOffices.id} is null and e.organization_id in (${organizationIdsSubquery(auth)}))`
    : sql`false`;
  return sql`((${branchOffices.id} is not null and ${branchScope(auth)}) or ${orgLevel})`;
}

/** The columns behind ActivityNotificationFields, as the notification and activity queries select them. */
export interface NotificationRawFields {
  id: number;
  branch_action: string | null;
  notification_type: number | null;
  regional_office_id: number | null;
  region_name: string | null;
  user_id: number | null;
  name: string | null;
  surname: string | null;
  branch_office_id: number | null;
  branch_name: string | null;
  time_zone: string | null;
  type_display: string | null;
  organization_id: number | null;
  organization_name: string | null;
  is_closed_by_system: boolean;
  is_test_notification: boolean;
  security_alert: boolean;
  occurred_at: Date | string;
  latitude: number | null;
  longitude: number | null;
  message_content: string | null;
}

interface Raw extends NotificationRawFields {
  is_read: boolean;
  ack_user_id: number | null;
  ack_name: string | null;
  ack_at: Date | string | null;
  notes: { NoteId: number; Note: string; By: string; AtUTC: string }[] | null;
}

/**
 * The spec §3 Activity notification fields of a raw row, shared by the notification lists and the
 * activity report: times UTC ISO, the zone abbreviation at the event's instant.
 */
export function presentNotificationFields(r: NotificationRawFields): ActivityNotificationFields {
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
    BranchOfficeTimeZone: r.time_zone,
    BranchOfficeDst: r.time_zone ? zoneAbbr(r.time_zone, Date.parse(at)) : null,
    BranchOfficeTypeDisplay: r.type_display ? branchTypeDisplay(r.type_display) : null,
    OrganizationId: r.organization_id,
    OrganizationName: r.organization_name,
    IsClosedBySystemData: r.is_closed_by_system,
    IsTestNotification: r.is_test_notification,
    SecurityAlert: r.security_alert,
    NotificationTimeAddedUTC: at,
    Latitude: r.latitude,
    Longitude: r.longitude,
    MessageContent: r.message_content,
  };
}

function present(r: Raw): NotificationRow {
  return {
    ...presentNotificationFields(r),
    Category: notificationCategory(r.notification_type, r.branch_action),
    IsRead: r.is_read,
    Acknowledged: r.ack_user_id != null ? { UserId: r.ack_user_id, Name: r.ack_name ?? '', AtUTC: iso(r.ack_at!) } : null,
    Notes: r.notes ?? [],
  };
}

export interface NotificationFilter {
  type: NotificationListType;
  id?: number;
  notDone?: boolean;
  /** Branch actions too (the activity report's rows: its details are asked by the same id). */
  withBranchActions?: boolean;
  from?: string;
  to?: string;
  offset: number;
  limit: number;
}

/** Notifications in scope, newest first, with read / acknowledgement state. */
export async function listNotifications(db: Db, auth: AuthContext, f: NotificationFilter): Promise<NotificationRow[]> {
  const conditions: SQL[] = [sql`e.kind = 'NOTIFICATION'`, eventScope(auth), notificationTypeFilter(f.type)];
  if (f.type === 'ens') conditions[0] = sql`true`;
  else if (f.withBranchActions) conditions[0] = sql`e.kind in ('BRANCH_ACTION', 'NOTIFICATION')`;
  if (f.id) conditions.push(sql`e.id = ${f.id}`);
  if (f.from) conditions.push(sql`e.occurred_at >= ${f.from}::date`);
  if (f.to) conditions.push(sql`e.occurred_at < ${f.to}::date + 1`);
  const isRead = sql`(exists (select 1 from notification_reads nr where nr.user_id = ${auth.userId} and nr.event_id = e.id)
      or e.id <= coalesce((select up_to_event_id from notification_read_marks m where m.user_id = ${auth.userId}), 0))`;
  if (f.notDone)
    conditions.push(
      sql`(case when (e.notification_type in (2, 10, 11, 12, 15) or e.security_alert) then ack.event_id is null else not ${isRead} end)`,
    );
  const where = conditions.reduce((acc, c) => sql`${acc} and ${c}`);
  const list = await rows<Raw>(
    db,
    sql`select e.id::int as id, e.branch_action, e.notification_type, e.regional_office_id, r.name as region_name, e.user_id, u.name, u.surname,
          e.branch_office_id, ${branchOffices.name} as branch_name, ${branchOffices.timeZone} as time_zone, t.display as type_display,
          e.organization_id, o.name as organization_name, e.is_closed_by_system, e.is_test_notification, e.security_alert, e.occurred_at,
          e.latitude, e.longitude, e.message_content, ${isRead} as is_read,
          ack.user_id as ack_user_id, au.name || ' ' || au.surname as ack_name, ack.acknowledged_at as ack_at,
          (select json_agg(json_build_object('NoteId', n.id, 'Note', n.note, 'By', nu.name || ' ' || nu.surname, 'AtUTC', n.created_at) order by n.id)
             from alarm_notes n join users nu on nu.id = n.user_id where n.event_id = e.id) as notes
        from events e
        left join ${branchOffices} on ${branchOffices.id} = e.branch_office_id
        left join branch_office_types t on t.id = ${branchOffices.branchOfficeTypeId}
        left join offices r on r.id = e.regional_office_id
        left join organizations o on o.id = e.organization_id
        left join users u on u.id = e.user_id
        left join alarm_acknowledgements ack on ack.event_id = e.id
        left join users au on au.id = ack.user_id
        where ${where}
        order by e.id desc
        offset ${f.offset} limit ${f.limit}`,
  );
  return list.map((r) => ({ ...present(r), Notes: (r.notes ?? []).map((n) => ({ ...n, AtUTC: iso(n.AtUTC) })) }));
}

/** Marks one notification read for the user (idempotent); false when it is not in scope. */
export async function markRead(db: Db, auth: AuthContext, eventId: number): Promise<boolean> {
  const found = await listNotifications(db, auth, { type: 'all', id: eventId, offset: 0, limit: 1 });
  if (found.length === 0) return false;
  await db.execute(sql`insert into notification_reads (user_id, event_id) values (${auth.userId}, ${eventId}) on conflict do nothing`);
  return true;
}

/** Marks every notification up to now read for the user. Returns the watermark id. */
export async function markAllRead(db: Db, auth: AuthContext): Promise<number> {
  const [r] = await rows<{ id: number | null }>(db, sql`select max(id)::int as id from events`);
  const upTo = r?.id ?? 0;
  await db.execute(sql`insert into notification_read_marks (user_id, up_to_event_id, marked_at) values (${auth.userId}, ${upTo}, now())
    on conflict (user_id) do update set up_to_event_id = greatest(notification_read_marks.up_to_event_id, excluded.up_to_event_id), marked_at = now()`);
  return upTo;
}
