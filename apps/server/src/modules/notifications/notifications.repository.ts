/**
 * Notification queries under the caller's scope (spec §7 getnotificationsv2 / getnotifications).
 * Alarms carry their shared acknowledgement and notes; every notification carries the caller's
 * read state (read one by one, or up to a "mark all read" watermark). Rows are presented by
 * notification.presenter.ts, the presenter the socket's event messages use too.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  EventKind,
  RoleGroup,
  RoleId,
  StatusId,
  type ActivityDetailExtras,
  type NotificationListType,
  type NotificationRow,
} from '@vigil/contract';
import { rows, type Db } from '../../db/client.js';
import { compactRows, pageSql } from '../../lib/named-query.js';
import { branchOffices } from '../../db/schema/index.js';
import { localDayRange, localDaysFrom, localDaysTo } from '../../lib/local-days.js';
import { branchScope, organizationIdsSubquery } from '../../plugins/authorization.js';
import type { AuthContext } from '../../plugins/session.js';
import {
  presentAcknowledgement,
  presentNote,
  presentNotification,
  type NotificationRawFields,
} from '../realtime/notification.presenter.js';

/** An event kind as an SQL literal (a contract constant, never user text), so that partial indexes on kinds still match. */
const kind = (k: EventKind): SQL => sql.raw(`'${k}'`);

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
      // ENS messages are a later issue; they will be a kind of their own in the contract (realtime.ts EVENT_KINDS).
      return sql`e.kind = 'ENS'`;
    default:
      return sql`true`;
  }
}

/** Events the user may see: a branch in scope, or (organisation roles) an organisation-level event of theirs. */
export function eventScope(auth: AuthContext): SQL {
  const orgLevel = RoleGroup.OrganizationWide.includes(auth.roleId)
    ? sql`(${branchOffices.id} is null and e.organization_id in (${organizationIdsSubquery(auth)}))`
    : sql`false`;
  return sql`((${branchOffices.id} is not null and ${branchScope(auth)}) or ${orgLevel})`;
}

interface Raw extends NotificationRawFields {
  is_read: boolean;
  ack_user_id: number | null;
  ack_name: string | null;
  ack_surname: string | null;
  ack_at: Date | string | null;
  ack_disposition: string | null;
  ack_note: string | null;
  notes: { id: number; note: string; name: string; surname: string; at: string }[] | null;
}

export interface NotificationFilter {
  type: NotificationListType;
  id?: number;
  notDone?: boolean;
  /** Branch actions too (the activity report's rows: its details are asked by the same id). */
  withBranchActions?: boolean;
  /** First and last day (YYYY-MM-DD, inclusive) in the branch's zone, UTC for events without a branch; either may be left open. */
  from?: string;
  to?: string;
  offset: number;
  limit: number;
}

/** Notifications in scope, newest first, with read / acknowledgement state. */
export async function listNotifications(db: Db, auth: AuthContext, f: NotificationFilter): Promise<NotificationRow[]> {
  const conditions: SQL[] = [sql`e.kind = ${kind(EventKind.Notification)}`, eventScope(auth), notificationTypeFilter(f.type)];
  if (f.type === 'ens') conditions[0] = sql`true`;
  else if (f.withBranchActions) conditions[0] = sql`e.kind in (${kind(EventKind.BranchAction)}, ${kind(EventKind.Notification)})`;
  if (f.id) conditions.push(sql`e.id = ${f.id}`);
  // Days are the branch's own (UTC for events without a branch), as in the reports and on the console (inDateRange).
  const zone = sql`coalesce(${branchOffices.timeZone}, 'UTC')`;
  if (f.from && f.to) conditions.push(localDayRange(sql`e.occurred_at`, zone, f.from, f.to));
  else if (f.from) conditions.push(localDaysFrom(sql`e.occurred_at`, zone, f.from));
  else if (f.to) conditions.push(localDaysTo(sql`e.occurred_at`, zone, f.to));
  const isRead = sql`(exists (select 1 from notification_reads nr where nr.user_id = ${auth.userId} and nr.event_id = e.id)
      or e.id <= coalesce((select up_to_event_id from notification_read_marks m where m.user_id = ${auth.userId}), 0))`;
  if (f.notDone)
    conditions.push(
      sql`(case when (e.notification_type in (2, 10, 11, 12, 15) or e.security_alert) then ack.event_id is null else not ${isRead} end)`,
    );
  const where = conditions.reduce((acc, c) => sql`${acc} and ${c}`);
  // A named statement (lib/named-query.ts): on PostgreSQL planning this query cost ten times running it.
  // On PGlite the page comes back as one JSON text (compactRows), not 50 rows of 28 columns.
  // The page's offset and limit as pageSql writes them, so that the statement's generic plan is used.
  const list = await compactRows<Raw>(
    db,
    sql`select e.id::int as id, e.branch_action, e.notification_type, e.regional_office_id, r.name as region_name, e.user_id, u.name, u.surname,
          e.branch_office_id, ${branchOffices.name} as branch_name, ${branchOffices.timeZone} as time_zone, t.display as type_display,
          e.organization_id, o.name as organization_name, e.is_closed_by_system, e.is_test_notification, e.security_alert, e.occurred_at,
          e.latitude, e.longitude, e.message_content, ${isRead} as is_read,
          ack.user_id as ack_user_id, au.name as ack_name, au.surname as ack_surname, ack.acknowledged_at as ack_at, ack.disposition as ack_disposition, ack.note as ack_note,
          (select json_agg(json_build_object('id', n.id, 'note', n.note, 'name', nu.name, 'surname', nu.surname, 'at', n.created_at) order by n.id)
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
        ${pageSql(f.offset, f.limit)}`,
    sql`r.id desc`,
  );
  return list.map((r) =>
    presentNotification(r, {
      isRead: r.is_read,
      acknowledged:
        r.ack_user_id != null
          ? presentAcknowledgement({
              userId: r.ack_user_id,
              name: r.ack_name ?? '',
              surname: r.ack_surname ?? '',
              at: r.ack_at!,
              disposition: r.ack_disposition,
              note: r.ack_note,
            })
          : null,
      notes: (r.notes ?? []).map(presentNote),
    }),
  );
}

/**
 * Detail extras of one notification in scope (spec §3 "Detail adds Packet, Msg, Notes,
 * NoteCategory, NotificationUserProfile, Destination"), with NotifiedUsers: the active console
 * users watching the branch (security-office staff of the organisation, its regional and branch
 * managers). `Packet` is the event's payload, the `Payload` of its socket message. Null when the
 * notification is not in the caller's scope.
 */
export async function notificationDetailExtras(db: Db, auth: AuthContext, id: number): Promise<ActivityDetailExtras | null> {
  const [e] = await rows<{
    payload: Record<string, unknown>;
    message_content: string | null;
    branch_action: string | null;
    branch_office_id: number;
    regional_office_id: number | null;
    organization_id: number;
    branch_name: string;
    user_id: number | null;
  }>(
    db,
    sql`select e.payload, e.message_content, e.branch_action, e.branch_office_id, e.regional_office_id, e.organization_id, branch_offices.name as branch_name, e.user_id
        from events e join branch_offices on branch_offices.id = e.branch_office_id
        where e.id = ${id} and ${branchScope(auth)} and e.organization_id in (${organizationIdsSubquery(auth)})`,
  );
  if (!e) return null;
  const profile = e.user_id
    ? ((
        await rows<{ Name: string; Surname: string; Email: string; PhoneNumber: string | null; RoleNameDisplay: string }>(
          db,
          sql`select u.name as "Name", u.surname as "Surname", u.email as "Email", u.phone_number as "PhoneNumber", ro.role_name_display as "RoleNameDisplay"
          from users u join roles ro on ro.id = u.role_id where u.id = ${e.user_id}`,
        )
      )[0] ?? null)
    : null;
  const notified = await rows<{ Name: string; Surname: string; PhoneNumber: string | null; RoleNameDisplay: string }>(
    db,
    sql`select distinct u.name as "Name", u.surname as "Surname", u.phone_number as "PhoneNumber", ro.role_name_display as "RoleNameDisplay"
        from users u join roles ro on ro.id = u.role_id join works_in w on w.user_id = u.id
        where u.status_id = ${StatusId.Active} and (
          (u.role_id in (${RoleId.SecurityOfficer}, ${RoleId.SecurityOperator}) and w.security_office_id in (select security_office_id from organization_security_offices where organization_id = ${e.organization_id}))
          or (u.role_id = ${RoleId.RegionalManager} and w.regional_office_id = ${e.regional_office_id})
          or (u.role_id = ${RoleId.BranchManager} and w.branch_office_id = ${e.branch_office_id}))
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
