/**
 * The console's alarm list from live events: a NOTIFICATION in the panic, alarm or emergency
 * family (spec §9 notification types), or any security alert, is an alarm; ALARM-ACK and
 * ALARM-NOTE events update it. Pure functions; the list lives in the query cache ['alarms'].
 */
import { SocketEventType, notificationCategory, type NotificationCategory, type SocketEvent } from '@vigil/contract';

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
}

export interface Alarm {
  notificationId: number;
  branchOfficeId: number | null;
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

export function isAlarmEvent(e: SocketEvent): boolean {
  if (e.type !== SocketEventType.Notification) return false;
  if (e.SecurityAlert) return true;
  const c = notificationCategory(e.NotificationType, e.BranchAction);
  return c === 'panic' || c === 'alarm' || c === 'emergency';
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

export function alarmFromEvent(e: SocketEvent): Alarm {
  const raisedBy = [e.Name, e.Surname].filter(Boolean).join(' ');
  return {
    notificationId: e.id,
    branchOfficeId: e.BranchOfficeId,
    branchName: e.BranchOfficeName ?? '',
    zone: e.BranchTimeZone || 'UTC',
    action: e.BranchAction ?? '',
    notificationType: e.NotificationType,
    category: notificationCategory(e.NotificationType, e.BranchAction),
    securityAlert: e.SecurityAlert,
    isTest: e.IsTestNotification,
    raisedBy,
    message: e.MessageContent,
    at: e.NotificationTimeAddedUTC,
    acknowledged: null,
    notes: [],
  };
}

function num(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
}
function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
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

/** The list after one event (the same array when the event does not concern it). */
export function applyEventToAlarms(list: readonly Alarm[] | undefined, e: SocketEvent): Alarm[] {
  const current = (list ?? []) as Alarm[];
  if (isAlarmEvent(e)) {
    if (current.some((a) => a.notificationId === e.id)) return current;
    return [...current, alarmFromEvent(e)];
  }
  if (e.type === SocketEventType.AlarmAcknowledged) {
    const p = e.Payload;
    return updateOne(current, num(p.notificationId), (a) =>
      a.acknowledged
        ? a
        : {
            ...a,
            acknowledged: {
              by: num(p.acknowledgedBy),
              byName: str(p.acknowledgedByName),
              at: str(p.acknowledgedAt) || e.NotificationTimeAddedUTC,
            },
          },
    );
  }
  if (e.type === SocketEventType.AlarmNote) {
    const p = e.Payload;
    const noteId = num(p.noteId) ?? e.id;
    return updateOne(current, num(p.notificationId), (a) =>
      a.notes.some((n) => n.noteId === noteId) ? a : { ...a, notes: [...a.notes, { noteId, note: str(p.note), by: str(p.by) }] },
    );
  }
  return current;
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
