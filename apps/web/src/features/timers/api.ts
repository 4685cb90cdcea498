/**
 * Live lone-worker timers (spec §4 Timers; §7 START / CHECKINOUT / STOP-CHECKINOUT-PINGS;
 * docs/API.md "Timers"): the timers running now (gettimers, GET-RUNNING-TIMERS) in the query cache
 * under ['timers', 'running'], kept live by the socket events (realtime/handlers.ts timersHandler):
 * a start adds a timer, a ping appends to its trail, a stop removes it, and the 'Timer Expired'
 * alarm it raises marks it Alerted.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { SocketEventType, type GetRunningTimersBody, type RunningTimer, type SocketEvent } from '@vigil/contract';
import { apiPost } from '../../shared/api/client';
import { refetchAfterEvent } from '../../shared/api/refetch-after-event';

export const timerKeys = { running: ['timers', 'running'] as const };
const PATH = '/api/client/gettimers';
/** Trail points kept per timer in the console (the oldest are dropped beyond it). */
export const TRAIL_KEPT = 200;

/** The timers running now in scope (loaded once; the socket keeps them). */
export function useRunningTimers(enabled: boolean) {
  return useQuery({
    queryKey: timerKeys.running,
    queryFn: ({ signal }) =>
      apiPost<GetRunningTimersBody>(PATH, { case: 'GET-RUNNING-TIMERS' }, { signal }).then((b) => sortTimers(b.timerobject)),
    enabled,
    staleTime: Infinity,
  });
}

const sortTimers = (rows: RunningTimer[]) =>
  [...rows].sort((a, b) => a.ExpiresAtUTC.localeCompare(b.ExpiresAtUTC) || a.TimerId - b.TimerId);

/** Whether an event concerns the timers: the three timer types, and a timer's 'Timer Expired' alarm. */
export function isTimerEvent(e: SocketEvent): boolean {
  return (
    e.type === SocketEventType.TimerStart ||
    e.type === SocketEventType.TimerPing ||
    e.type === SocketEventType.TimerStop ||
    (e.type === SocketEventType.Notification && e.Payload.alerted === true && e.Payload.timerId != null)
  );
}

/**
 * The list after one event: START adds (once), CHECKINOUT appends its position and moves
 * LastPingUTC, STOP-CHECKINOUT-PINGS removes, a timer's expiry alarm sets Alerted. Answers
 * `rows` itself when nothing changed, and `null` when the event names a timer the list does not
 * hold (the caller reads the list again).
 */
export function applyTimerEvent(rows: RunningTimer[], e: SocketEvent): RunningTimer[] | null {
  switch (e.type) {
    case SocketEventType.TimerStart: {
      if (rows.some((r) => r.TimerId === e.Payload.timerId)) return rows;
      const at = e.NotificationTimeAddedUTC;
      const row: RunningTimer = {
        TimerId: e.Payload.timerId,
        TimerForAction: e.Payload.timerForAction,
        UserId: e.UserId ?? 0,
        Name: e.Name ?? '',
        Surname: e.Surname ?? '',
        BranchOfficeId: e.BranchOfficeId,
        BranchOfficeName: e.BranchOfficeName,
        OrganizationId: e.OrganizationId,
        StartedAtUTC: at,
        DurationSeconds: e.Payload.durationSeconds,
        ExpiresAtUTC: e.Payload.expiresAt,
        Alerted: false,
        LastPingUTC: at,
        Trail:
          e.Latitude != null && e.Longitude != null
            ? [{ Latitude: e.Latitude, Longitude: e.Longitude, HorizontalAccuracy: null, AtUTC: at }]
            : [],
      };
      return sortTimers([...rows, row]);
    }
    case SocketEventType.TimerPing: {
      const i = rows.findIndex((r) => r.TimerId === e.Payload.timerId);
      if (i < 0) return null;
      const r = rows[i]!;
      const at = e.NotificationTimeAddedUTC;
      const point =
        e.Latitude != null && e.Longitude != null
          ? [{ Latitude: e.Latitude, Longitude: e.Longitude, HorizontalAccuracy: e.Payload.horizontalAccuracy, AtUTC: at }]
          : [];
      const next = { ...r, LastPingUTC: at > r.LastPingUTC ? at : r.LastPingUTC, Trail: [...r.Trail, ...point].slice(-TRAIL_KEPT) };
      return rows.map((x, j) => (j === i ? next : x));
    }
    case SocketEventType.TimerStop:
      return rows.some((r) => r.TimerId === e.Payload.timerId) ? rows.filter((r) => r.TimerId !== e.Payload.timerId) : rows;
    case SocketEventType.Notification: {
      const id = e.Payload.timerId;
      if (!e.Payload.alerted || id == null) return rows;
      if (!rows.some((r) => r.TimerId === id)) return null;
      return rows.map((r) => (r.TimerId === id ? { ...r, Alerted: true } : r));
    }
    default:
      return rows;
  }
}

/** Applies a socket event to the cached list; reads the list again when it is not loaded or misses the timer. */
export function applyTimerEventToCache(qc: QueryClient, e: SocketEvent): void {
  if (!isTimerEvent(e)) return;
  const before = qc.getQueryData<RunningTimer[]>(timerKeys.running);
  const racing = qc.isFetching({ queryKey: timerKeys.running }) > 0;
  const after = before && applyTimerEvent(before, e);
  if (!after || racing) {
    if (after) qc.setQueryData(timerKeys.running, after);
    void refetchAfterEvent(qc, timerKeys.running);
    return;
  }
  if (after !== before) qc.setQueryData(timerKeys.running, after);
}

/** Display state of a timer at `nowMs`: 'alarm' once alerted or run out, 'expiring' in its last TIMER_EXPIRING_SECONDS, else 'running'. */
export function timerState(r: RunningTimer, nowMs: number, expiringSeconds: number): 'running' | 'expiring' | 'alarm' {
  const left = secondsLeft(r, nowMs);
  if (r.Alerted || left <= 0) return 'alarm';
  return left <= expiringSeconds ? 'expiring' : 'running';
}

/**
 * Whole seconds until expiry, from 0 to the timer's duration: the panel's clock ticks once a
 * second, so a timer that starts (or is pinged) just after a tick would otherwise show one second
 * more than its duration.
 */
export function secondsLeft(r: RunningTimer, nowMs: number): number {
  return Math.min(r.DurationSeconds, Math.max(0, Math.ceil((Date.parse(r.ExpiresAtUTC) - nowMs) / 1000)));
}

/** Whole seconds since the latest ping (never below 0). */
export function pingAgeSeconds(r: RunningTimer, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - Date.parse(r.LastPingUTC)) / 1000));
}
