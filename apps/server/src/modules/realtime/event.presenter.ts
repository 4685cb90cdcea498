/**
 * Socket event messages from event-log rows (contract realtime.ts). A message is the activity row
 * of its event exactly as REST presents it, through the notifications module's presenter (a
 * NOTIFICATION: the NotificationRow as logged, unread and not acknowledged), plus `type`, `id`,
 * `LoggedAtUTC` and the kind's `Payload`. The names beside the ids come from EventNames (cached)
 * instead of joins, so the dispatcher's read of the log stays one cheap query.
 */
import { sql } from 'drizzle-orm';
import {
  EventKind,
  SocketEventType,
  socketEventTypeOf,
  type AlarmAcknowledgedPayload,
  type AlarmNotePayload,
  type EventAudience,
  type SocketEvent,
} from '@vigil/contract';
import { rows, type Db } from '../../db/client.js';
import { namedRows, pageSql } from '../../lib/named-query.js';
import { iso } from '../../lib/zone-time.js';
import { presentNotification, presentNotificationFields, type NotificationRawFields } from './notification.presenter.js';
import type { EventNames } from './event-names.js';
import type { EventRoute } from './dispatcher.js';

/** An event row of the log, with its user's names (the other names come from EventNames). */
/**
 * The columns of an `EventRow`, read from `events e left join users u on u.id = e.user_id`: every
 * query that hands rows to presentEvent selects these (replay here, the incident timeline).
 */
export const EVENT_ROW_COLUMNS = sql`e.id::int as id, e.kind, e.organization_id as "organizationId", e.regional_office_id as "regionalOfficeId",
  e.branch_office_id as "branchOfficeId", e.branch_action as "branchAction", e.notification_type as "notificationType",
  e.is_test_notification as "isTestNotification", e.is_closed_by_system as "isClosedBySystem",
  e.security_alert as "securityAlert", e.user_id as "userId", u.name, u.surname,
  e.latitude, e.longitude, e.message_content as "messageContent", e.occurred_at as "occurredAt", e.created_at as "createdAt", e.payload,
  e.audience, e.recipient_user_ids as "recipientUserIds"`;

export interface EventRow {
  id: number;
  kind: string;
  organizationId: number | null;
  regionalOfficeId: number | null;
  branchOfficeId: number | null;
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
  /** Who receives it by scope, and who in addition (contract EventAudience). */
  audience: EventAudience;
  recipientUserIds: number[] | null;
}

const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v));
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * The kind's payload as the contract declares it (EventPayloads). Rows store it so; ALARM_ACK and
 * ALARM_NOTE rows logged before the contract declared theirs (camelCase keys) are given its shape.
 */
function presentPayload(r: EventRow): SocketEvent['Payload'] {
  const p = r.payload ?? {};
  if (r.kind === EventKind.AlarmAcknowledged && !('Acknowledged' in p)) {
    return {
      NotificationId: num(p.notificationId),
      Acknowledged: {
        UserId: num(p.acknowledgedBy),
        Name: str(p.acknowledgedByName),
        AtUTC: str(p.acknowledgedAt) || iso(r.occurredAt),
        Disposition: null,
        Note: null,
      },
    } satisfies AlarmAcknowledgedPayload;
  }
  if (r.kind === EventKind.AlarmAcknowledged && !('Disposition' in ((p.Acknowledged ?? {}) as object))) {
    // Logged before acknowledgements carried a disposition and note (issue 13).
    const ack = p.Acknowledged as Omit<AlarmAcknowledgedPayload['Acknowledged'], 'Disposition' | 'Note'>;
    return {
      NotificationId: num(p.NotificationId),
      Acknowledged: { ...ack, Disposition: null, Note: null },
    } satisfies AlarmAcknowledgedPayload;
  }
  if (r.kind === EventKind.AlarmNote && !('Note' in p)) {
    return {
      NotificationId: num(p.notificationId),
      Note: { NoteId: num(p.noteId), Note: str(p.note), By: str(p.by), AtUTC: iso(r.occurredAt) },
    } satisfies AlarmNotePayload;
  }
  return p as SocketEvent['Payload'];
}

/**
 * The socket message of an event row, its names taken from `names` (loaded for this row first);
 * undefined for a kind the contract does not declare (such rows are not sent to consoles).
 */
export function presentEvent(r: EventRow, names: EventNames): SocketEvent | undefined {
  const type = socketEventTypeOf(r.kind);
  if (!type) return undefined;
  const branch = names.branch(r.branchOfficeId);
  const raw: NotificationRawFields = {
    id: r.id,
    branch_action: r.branchAction,
    notification_type: r.notificationType,
    regional_office_id: r.regionalOfficeId,
    region_name: names.region(r.regionalOfficeId),
    user_id: r.userId,
    name: r.name,
    surname: r.surname,
    branch_office_id: r.branchOfficeId,
    branch_name: branch?.name ?? null,
    time_zone: branch?.timeZone ?? null,
    type_display: branch?.typeDisplay ?? null,
    organization_id: r.organizationId,
    organization_name: names.organization(r.organizationId),
    is_closed_by_system: r.isClosedBySystem,
    is_test_notification: r.isTestNotification,
    security_alert: r.securityAlert,
    occurred_at: r.occurredAt,
    latitude: r.latitude,
    longitude: r.longitude,
    message_content: r.messageContent,
  };
  const row =
    type === SocketEventType.Notification
      ? presentNotification(raw, { isRead: false, acknowledged: null, notes: [] })
      : presentNotificationFields(raw);
  // `type` and `id` first: clients (and bench/latency.ts) find the messages in a frame by them.
  return { type, id: Number(r.id), LoggedAtUTC: iso(r.createdAt), ...row, Payload: presentPayload(r) } as SocketEvent;
}

/** The messages of `list` (rows of kinds the contract does not declare left out), names loaded first. */
export async function presentEvents(list: EventRow[], names: EventNames): Promise<SocketEvent[]> {
  return (await presentRoutedEvents(list, names)).events;
}

/** `presentEvents`, with where each message goes (`routes[i]` for `events[i]`, dispatcher.ts EventRoute). */
export async function presentRoutedEvents(list: EventRow[], names: EventNames): Promise<{ events: SocketEvent[]; routes: EventRoute[] }> {
  await names.load(list);
  const events: SocketEvent[] = [];
  const routes: EventRoute[] = [];
  for (const r of list) {
    const e = presentEvent(r, names);
    if (!e) continue;
    events.push(e);
    routes.push({
      BranchOfficeId: r.branchOfficeId,
      OrganizationId: r.organizationId,
      audience: r.audience ?? 'all',
      recipients: r.recipientUserIds,
    });
  }
  return { events, routes };
}

/** Whose events a replay reads (the socket's scope, see dispatcher.ts SocketScope). */
export interface ReplayScope {
  branchIds: number[];
  organizationIds: number[];
  /** A security-office console (roles 5, 8): also receives audience 'security'. */
  security: boolean;
  /** Receives the events that list this user as a recipient. */
  userId: number;
}

/**
 * Events with id > `afterId`, oldest first, at most `limit`; optionally only those `scope` receives
 * (dispatcher.ts `receives`: by branch, or organisation for events of no branch, within the event's
 * audience; or as a listed recipient).
 */
export async function eventsAfter(db: Db, afterId: number, limit: number, scope?: ReplayScope): Promise<EventRow[]> {
  const select = sql`select ${EVENT_ROW_COLUMNS}
        from events e
        left join users u on u.id = e.user_id`;
  // The dispatcher's read (no scope), several times a second: a named statement (namedRows; the
  // limit a literal of pageSql), planned once per connection instead of at every read (on PGlite,
  // in WebAssembly: ~2 ms per read under 200 alarms/s, issue 20). Its plan is the same either
  // way: the primary key's range from `afterId`, in order, stopped after `limit`.
  if (!scope) return namedRows<EventRow>(db, sql`${select} where e.id > ${afterId} order by e.id ${pageSql(0, limit)}`);
  const audiences = scope.security ? `{all,security}` : `{all}`;
  return rows<EventRow>(
    db,
    sql`${select}
        where e.id > ${afterId} and ((e.audience = any(${audiences}::text[]) and (e.branch_office_id = any(${`{${scope.branchIds.join(',')}}`}::int[])
          or (e.branch_office_id is null and e.organization_id = any(${`{${scope.organizationIds.join(',')}}`}::int[]))))
          or ${scope.userId}::int = any(e.recipient_user_ids))
        order by e.id
        limit ${limit}`,
  );
}

/** The newest event id (0 when the log is empty). */
export async function lastEventId(db: Db): Promise<number> {
  const [r] = await rows<{ id: number | null }>(db, sql`select max(id)::int as id from events`);
  return r?.id ?? 0;
}
