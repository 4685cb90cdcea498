/**
 * The console's alarm list. A notification in the panic, alarm or emergency family (spec §9
 * notification types), or any security alert, is an alarm. One mapper, `alarmFromRow`, makes an
 * alarm from the contract's NotificationRow, whether the row was fetched (getnotificationsv2) or
 * received live (a NOTIFICATION message is that row); ALARM-ACK and ALARM-NOTE messages carry the
 * row's Acknowledged and Notes objects, which `acknowledgementOf` and `noteOf` map. Pure functions;
 * the list lives in the query cache ['alarms'].
 */
import {
  SocketEventType,
  needsDisposition,
  notificationCategory,
  type NotificationAcknowledgement,
  type NotificationCategory,
  type NotificationNote,
  type NotificationRow,
  type SocketEvent,
} from '@vigil/contract';

export const alarmKeys = { all: ['alarms'] as const };

export interface AlarmNote {
  noteId: number;
  note: string;
  by: string;
}

export interface Acknowledgement {
  by: number | null;
  byName: string;
  at: string;
  /** The disposition chosen (panic, duress, emergency; issue 13), when one was. */
  disposition?: string;
  /** The note given with the acknowledgement, when one was. */
  note?: string;
}

export interface Alarm {
  notificationId: number;
  branchOfficeId: number | null;
  organizationId: number | null;
  branchName: string;
  zone: string;
  action: string;
  notificationType: number | null;
  category: NotificationCategory;
  securityAlert: boolean;
  isTest: boolean;
  raisedBy: string;
  message: string | null;
  /** UTC ISO time the alarm was raised. */
  at: string;
  acknowledged: Acknowledgement | null;
  notes: AlarmNote[];
}

/** True when a notification row is an alarm (panic, alarm or emergency family, or a security alert). */
export function isAlarmRow(r: Pick<NotificationRow, 'NotificationType' | 'BranchAction' | 'SecurityAlert'>): boolean {
  if (r.SecurityAlert) return true;
  const c = notificationCategory(r.NotificationType, r.BranchAction);
  return c === 'panic' || c === 'alarm' || c === 'emergency';
}

/** True for a live NOTIFICATION message that is an alarm. */
export function isAlarmEvent(e: SocketEvent): boolean {
  return e.type === SocketEventType.Notification && isAlarmRow(e);
}

/** Actions that sound the alert (spec §9: Trouble, Panic, Alert or Alarm; also Duress and Emergency). */
const SOUNDING = /trouble|panic|alert|alarm|duress|emergency/i;

/** True when a new alarm event should play the alert tone (never for test notifications). */
export function soundsAlert(e: SocketEvent): boolean {
  if (!isAlarmEvent(e) || e.IsTestNotification) return false;
  return e.SecurityAlert || SOUNDING.test(e.BranchAction ?? '');
}

/** 0: panic, duress, emergency; 1: alarm, trouble and other security alerts; 2: the rest. */
export function alarmPriority(a: Pick<Alarm, 'category' | 'securityAlert'>): number {
  if (a.category === 'panic' || a.category === 'emergency') return 0;
  if (a.category === 'alarm' || a.securityAlert) return 1;
  return 2;
}

/** The alarm's acknowledgement from the row's (or the ALARM-ACK message's) Acknowledged. */
export function acknowledgementOf(a: NotificationAcknowledgement): Acknowledgement {
  const out: Acknowledgement = { by: a.UserId, byName: a.Name, at: a.AtUTC };
  if (a.Disposition) out.disposition = a.Disposition;
  if (a.Note) out.note = a.Note;
  return out;
}

/** True when acknowledging asks for a disposition and a note (panic, duress, emergency; the server enforces it). */
export function alarmNeedsDisposition(a: Pick<Alarm, 'notificationType' | 'action'>): boolean {
  return needsDisposition(a.notificationType, a.action);
}

/** The alarm's note from an entry of the row's Notes (or the ALARM-NOTE message's Note). */
export function noteOf(n: NotificationNote): AlarmNote {
  return { noteId: n.NoteId, note: n.Note, by: n.By };
}

/** The alarm of a notification row, fetched or live. The one mapper of the shape. */
export function alarmFromRow(r: NotificationRow): Alarm {
  return {
    notificationId: r.NotificationId,
    branchOfficeId: r.BranchOfficeId ?? null,
    organizationId: r.OrganizationId ?? null,
    branchName: r.BranchOfficeName ?? '',
    zone: r.BranchOfficeTimeZone || 'UTC',
    action: r.BranchAction ?? '',
    notificationType: r.NotificationType,
    category: notificationCategory(r.NotificationType, r.BranchAction),
    securityAlert: r.SecurityAlert,
    isTest: r.IsTestNotification,
    raisedBy: [r.Name, r.Surname].filter(Boolean).join(' '),
    message: r.MessageContent ?? null,
    at: r.NotificationTimeAddedUTC,
    acknowledged: r.Acknowledged ? acknowledgementOf(r.Acknowledged) : null,
    notes: (r.Notes ?? []).map(noteOf),
  };
}

function updateOne(list: Alarm[], id: number | null, f: (a: Alarm) => Alarm): Alarm[] {
  if (id === null) return list;
  const i = list.findIndex((a) => a.notificationId === id);
  if (i < 0) return list;
  const next = f(list[i]!);
  if (next === list[i]) return list;
  const out = list.slice();
  out[i] = next;
  return out;
}

/** The list with alarm `notificationId` acknowledged (the same array when it is not there or acknowledged already: the first wins). */
export function acknowledgeAlarm(list: readonly Alarm[] | undefined, notificationId: number, ack: NotificationAcknowledgement): Alarm[] {
  return updateOne((list ?? []) as Alarm[], notificationId, (a) => (a.acknowledged ? a : { ...a, acknowledged: acknowledgementOf(ack) }));
}

/** The list after one event (the same array when the event does not concern it). */
export function applyEventToAlarms(list: readonly Alarm[] | undefined, e: SocketEvent): Alarm[] {
  const current = (list ?? []) as Alarm[];
  switch (e.type) {
    case SocketEventType.Notification:
      if (!isAlarmRow(e) || current.some((a) => a.notificationId === e.id)) return current;
      return [...current, alarmFromRow(e)];
    case SocketEventType.AlarmAcknowledged:
      return acknowledgeAlarm(current, e.Payload.NotificationId, e.Payload.Acknowledged);
    case SocketEventType.AlarmNote: {
      const note = noteOf(e.Payload.Note);
      return updateOne(current, e.Payload.NotificationId, (a) =>
        a.notes.some((n) => n.noteId === note.noteId) ? a : { ...a, notes: [...a.notes, note] },
      );
    }
    default:
      return current;
  }
}

/** Unacknowledged first, then by priority, then oldest first. */
export function sortAlarms(list: readonly Alarm[]): Alarm[] {
  return [...list].sort(
    (a, b) =>
      Number(a.acknowledged !== null) - Number(b.acknowledged !== null) ||
      alarmPriority(a) - alarmPriority(b) ||
      Date.parse(a.at) - Date.parse(b.at) ||
      a.notificationId - b.notificationId,
  );
}
