/**
 * Alarms raised before the page loaded (GET /api/client/getnotificationsv2 notDone=true) merged
 * into the live list ['alarms']: one entry per notification id; a live entry keeps what the
 * socket told it, and takes from history only what it lacks (acknowledgement, earlier notes).
 */
import { notificationCategory, type NotificationRow } from '@vigil/contract';
import type { Alarm, AlarmNote } from './alarm-events';

/** True when a history row is an alarm in the live sense (panic, alarm or emergency family, or a security alert). */
export function isAlarmRow(r: Pick<NotificationRow, 'NotificationType' | 'BranchAction' | 'SecurityAlert'>): boolean {
  if (r.SecurityAlert) return true;
  const c = notificationCategory(r.NotificationType, r.BranchAction);
  return c === 'panic' || c === 'alarm' || c === 'emergency';
}

export function alarmFromRow(r: NotificationRow): Alarm {
  return {
    notificationId: r.NotificationId,
    branchOfficeId: r.BranchOfficeId ?? null,
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
    acknowledged: r.Acknowledged ? { by: r.Acknowledged.UserId, byName: r.Acknowledged.Name, at: r.Acknowledged.AtUTC } : null,
    notes: (r.Notes ?? []).map((n) => ({ noteId: n.NoteId, note: n.Note, by: n.By })),
  };
}

function mergeNotes(live: AlarmNote[], history: AlarmNote[]): AlarmNote[] {
  const known = new Set(live.map((n) => n.noteId));
  const extra = history.filter((n) => !known.has(n.noteId));
  if (extra.length === 0) return live;
  return [...extra, ...live].sort((a, b) => a.noteId - b.noteId);
}

/**
 * The live list with the history merged in (the same array when nothing changes). Entries of
 * the live list win; history fills in a missing acknowledgement and notes the socket has not sent.
 */
export function mergeAlarmHistory(list: readonly Alarm[] | undefined, history: readonly Alarm[]): Alarm[] {
  const current = (list ?? []) as Alarm[];
  const index = new Map(current.map((a, i) => [a.notificationId, i]));
  let out: Alarm[] | null = null;
  const seen = new Set<number>();
  for (const h of history) {
    if (seen.has(h.notificationId)) continue;
    seen.add(h.notificationId);
    const i = index.get(h.notificationId);
    if (i === undefined) {
      out ??= current.slice();
      out.push(h);
      continue;
    }
    const live = current[i]!;
    const acknowledged = live.acknowledged ?? h.acknowledged;
    const notes = mergeNotes(live.notes, h.notes);
    if (acknowledged === live.acknowledged && notes === live.notes) continue;
    out ??= current.slice();
    out[i] = { ...live, acknowledged, notes };
  }
  return out ?? current;
}
