/**
 * Alarms raised before the page loaded (GET /api/client/getnotificationsv2 notDone=true) merged
 * into the live list ['alarms']: one entry per notification id; a live entry keeps what the
 * socket told it, and takes from history only what it lacks (acknowledgement, earlier notes).
 * History rows and live messages go through the same mapper (alarm-events.ts alarmFromRow).
 */
import type { NotificationRow } from '@vigil/contract';
import { apiGet } from '../shared/api/client';
import { alarmFromRow, applyEventToAlarms, isAlarmRow, type Alarm, type AlarmNote } from './alarm-events';
import { readKeepingEvents } from './event-taps';

/** Query key of the alarm history (loaded once per page load). */
export const alarmHistoryKey = ['alarmHistory'] as const;
/** How many not-done alarms the panel loads on page load. */
export const ALARM_HISTORY_LIMIT = 200;

/**
 * Alarms not yet acknowledged, raised before this page load (alarms and emergencies, deduplicated),
 * with the live events dispatched while the read was on its way applied again (event-taps.ts: an
 * acknowledgement applied to the live list before the history arrived found no alarm there, and
 * the history would bring the alarm back as waiting).
 */
export function fetchAlarmHistory(): Promise<Alarm[]> {
  return readKeepingEvents(readAlarmHistory, (list, events) => events.reduce<Alarm[]>(applyEventToAlarms, list));
}

async function readAlarmHistory(): Promise<Alarm[]> {
  const [alarms, emergencies] = await Promise.all(
    (['alarms', 'emergency'] as const).map((type) =>
      apiGet<{ notificationobject: NotificationRow[] }>('/api/client/getnotificationsv2', {
        type,
        notDone: true,
        limit: ALARM_HISTORY_LIMIT,
      }),
    ),
  );
  const seen = new Set<number>();
  const out: Alarm[] = [];
  for (const r of [...(alarms?.notificationobject ?? []), ...(emergencies?.notificationobject ?? [])]) {
    if (seen.has(r.NotificationId) || !isAlarmRow(r)) continue;
    seen.add(r.NotificationId);
    out.push(alarmFromRow(r));
  }
  return out;
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
