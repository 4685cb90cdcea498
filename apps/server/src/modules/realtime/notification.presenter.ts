/**
 * The one presenter of an activity notification, a notification row, an acknowledgement and a
 * note (spec §3 Activity notification; contract activity.ts, notifications.ts). The notification
 * lists, the notification details, the activity report (reports/activities.ts) and the socket's
 * event messages (realtime/event.presenter.ts) all call these, so a live row and the same row
 * fetched by REST are equal field for field.
 */
import {
  branchTypeDisplay,
  notificationCategory,
  type ActivityNotificationFields,
  type NotificationAcknowledgement,
  type NotificationNote,
  type NotificationRow,
} from '@vigil/contract';
import { iso, zoneAbbr } from '../../lib/zone-time.js';

/**
 * What ActivityNotificationFields are made of: the event's columns and the names around it (branch
 * with its IANA zone and type display, region, organisation, user). REST selects the names with
 * joins; the socket takes them from its cache of names (realtime/event-names.ts).
 */
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

/**
 * The spec §3 Activity notification fields of an event: times UTC ISO (to the millisecond), the
 * zone abbreviation at the event's instant, 'Branch / Location' shown as 'Branch'.
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

/** An alarm's acknowledgement: the user, 'Name Surname', the instant (UTC ISO, to the millisecond), the disposition and note given (null when none). */
export function presentAcknowledgement(a: {
  userId: number;
  name: string;
  surname: string;
  at: Date | string;
  disposition?: string | null;
  note?: string | null;
}): NotificationAcknowledgement {
  return { UserId: a.userId, Name: `${a.name} ${a.surname}`, AtUTC: iso(a.at), Disposition: a.disposition ?? null, Note: a.note ?? null };
}

/** An operator's note on an alarm: 'Name Surname' of its author, the instant (UTC ISO, to the millisecond). */
export function presentNote(n: { id: number; note: string; name: string; surname: string; at: Date | string }): NotificationNote {
  return { NoteId: n.id, Note: n.note, By: `${n.name} ${n.surname}`, AtUTC: iso(n.at) };
}

/** A notification's state for one reader: read or not, the acknowledgement, the notes in order. */
export interface NotificationState {
  isRead: boolean;
  acknowledged: NotificationAcknowledgement | null;
  notes: NotificationNote[];
}

/** A notification row (contract NotificationRow): the activity fields, the spec §9 category, and the reader's state. */
export function presentNotification(r: NotificationRawFields, state: NotificationState): NotificationRow {
  // Object.assign, not `{ ...fields, Category, … }`: V8 builds that literal some 30 times slower, on the socket's hot path.
  return Object.assign(presentNotificationFields(r), {
    Category: notificationCategory(r.notification_type, r.branch_action),
    IsRead: state.isRead,
    Acknowledged: state.acknowledged,
    Notes: state.notes,
  });
}
