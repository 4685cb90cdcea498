/** Socket event messages from event-log rows (contract events.ts; spec §3 Activity notification names). */
import { sql } from 'drizzle-orm';
import { SocketEventType, type SocketEvent } from '@vigil/contract';
import { rows, type Db } from '../../db/client.js';

/** An event row joined with the names the console shows. */
export interface EventRow {
  id: number;
  kind: string;
  organizationId: number | null;
  regionalOfficeId: number | null;
  branchOfficeId: number | null;
  branchName: string | null;
  branchTimeZone: string | null;
  branchAction: string | null;
  notificationType: number | null;
  isTestNotification: boolean;
  isClosedBySystem: boolean;
  securityAlert: boolean;
  userId: number | null;
  name: string | null;
  surname: string | null;
  latitude: number | null;
  longitude: number | null;
  messageContent: string | null;
  occurredAt: string | Date;
  createdAt: string | Date;
  payload: Record<string, unknown>;
}

const KIND_TO_TYPE: Record<string, SocketEventType> = {
  BRANCH_ACTION: SocketEventType.BranchAction,
  NOTIFICATION: SocketEventType.Notification,
  TIMER_START: SocketEventType.TimerStart,
  TIMER_PING: SocketEventType.TimerPing,
  TIMER_STOP: SocketEventType.TimerStop,
  CHECKIN: SocketEventType.CheckIn,
  CHECKOUT: SocketEventType.CheckOut,
  ALARM_ACK: SocketEventType.AlarmAcknowledged,
  ALARM_NOTE: SocketEventType.AlarmNote,
  VAULT_ACCESS: SocketEventType.VaultAccess,
};

/** A timestamptz from either driver (Date, or PostgreSQL text). */
function toDate(v: string | Date): Date {
  return v instanceof Date ? v : new Date(v.replace(' ', 'T').replace(/\+00$/, 'Z'));
}

export function presentEvent(r: EventRow): SocketEvent {
  const at = toDate(r.occurredAt);
  return {
    type: KIND_TO_TYPE[r.kind] ?? SocketEventType.Notification,
    id: Number(r.id),
    BranchOfficeId: r.branchOfficeId,
    OrganizationId: r.organizationId,
    RegionalOfficeId: r.regionalOfficeId,
    BranchOfficeName: r.branchName,
    BranchTimeZone: r.branchTimeZone,
    BranchAction: r.branchAction,
    NotificationType: r.notificationType,
    IsTestNotification: r.isTestNotification,
    IsClosedBySystemData: r.isClosedBySystem,
    SecurityAlert: r.securityAlert,
    UserId: r.userId,
    Name: r.name,
    Surname: r.surname,
    Latitude: r.latitude,
    Longitude: r.longitude,
    MessageContent: r.messageContent,
    NotificationTimeAddedUTC: at.toISOString(),
    LoggedAtUTC: toDate(r.createdAt).toISOString(),
    Payload: r.payload ?? {},
  };
}

/**
 * Events with id > `afterId`, oldest first, at most `limit`; optionally only those in a scope
 * (branch ids, and organisation ids for events that concern no branch).
 */
export async function eventsAfter(
  db: Db,
  afterId: number,
  limit: number,
  scope?: { branchIds: number[]; organizationIds: number[] },
): Promise<EventRow[]> {
  const where = scope
    ? sql`e.id > ${afterId} and (e.branch_office_id = any(${`{${scope.branchIds.join(',')}}`}::int[])
        or (e.branch_office_id is null and e.organization_id = any(${`{${scope.organizationIds.join(',')}}`}::int[])))`
    : sql`e.id > ${afterId}`;
  return rows<EventRow>(
    db,
    sql`select e.id::int as id, e.kind, e.organization_id as "organizationId", e.regional_office_id as "regionalOfficeId",
          e.branch_office_id as "branchOfficeId", b.name as "branchName", b.time_zone as "branchTimeZone",
          e.branch_action as "branchAction", e.notification_type as "notificationType",
          e.is_test_notification as "isTestNotification", e.is_closed_by_system as "isClosedBySystem",
          e.security_alert as "securityAlert", e.user_id as "userId", u.name, u.surname,
          e.latitude, e.longitude, e.message_content as "messageContent", e.occurred_at as "occurredAt", e.created_at as "createdAt", e.payload
        from events e
        left join branch_offices b on b.id = e.branch_office_id
        left join users u on u.id = e.user_id
        where ${where}
        order by e.id
        limit ${limit}`,
  );
}

/** The newest event id (0 when the log is empty). */
export async function lastEventId(db: Db): Promise<number> {
  const [r] = await rows<{ id: number | null }>(db, sql`select max(id)::int as id from events`);
  return r?.id ?? 0;
}
