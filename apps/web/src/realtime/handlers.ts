/**
 * Per-feature handlers of socket events. Each writes into the TanStack Query cache (no
 * component-local event lists): the branch board rows, the alarm list ['alarms'], the chat
 * sessions ['chat', …], the video calls ['calls', …], the running tasks ['tasks', 'active'], the running timers ['timers', 'running'],
 * the ENS list and details ['ens'], the open incident views ['alarm-incident', id],
 * the tone and the pop-ups (alert-popups.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  SocketEventType,
  notificationCategory,
  type AlarmIncident,
  type AlertCategory,
  type GetOfficesV2Body,
  type SocketEvent,
} from '@vigil/contract';
import { branchKeys } from '../features/branches/api';
import { applyEnsEvent } from '../features/ens/api';
import { applyNotificationEvent } from '../features/notifications/live';
import { applyChatEvent } from '../features/chat/live';
import { applyCallEvent } from '../features/calls/live';
import { getSession } from '../shared/session/session-store';
import { refetchAfterEvent } from '../shared/api/refetch-after-event';
import { applyTaskEvent, taskListKeys, type BoardTask } from '../features/task-lists/api';
import { applyTimerEventToCache } from '../features/timers/api';
import { playAlertTone } from '../shared/sound/alert-sound';
import { alertWanted } from '../shared/sound/alert-preferences';
import { applyEventToBoard, applyEventsToBoard, movesBoard } from './board-events';
import { popupHandler } from './alert-popups';
import { alarmKeys, applyEventToAlarms, soundsAlert, type Alarm } from './alarm-events';
import { applyEventToIncident, concernsIncident, holdForIncidentRead, incidentKeys, readsIncidentAgain } from './incident-events';
import type { EventContext } from './socket-client';
import { noteDispatched } from './event-taps';

export type EventHandler = (e: SocketEvent, ctx: EventContext) => void;

export function boardHandler(qc: QueryClient): EventHandler {
  return (e) => {
    if (!movesBoard(e)) return;
    qc.setQueriesData<GetOfficesV2Body>({ queryKey: branchKeys.all }, (body) => applyEventToBoard(body, e));
  };
}

/**
 * The board rows from all the events of a frame at once (one pass over the rows; see
 * applyEventsToBoard): what dispatchEvents uses instead of boardHandler per event.
 */
export function applyBoardEvents(qc: QueryClient, list: readonly SocketEvent[]): void {
  const moves = list.filter(movesBoard);
  if (moves.length === 0) return;
  qc.setQueriesData<GetOfficesV2Body>({ queryKey: branchKeys.all }, (body) => applyEventsToBoard(body, moves));
}

export function alarmsHandler(qc: QueryClient): EventHandler {
  return (e) => {
    const before = qc.getQueryData<Alarm[]>(alarmKeys.all);
    const after = applyEventToAlarms(before, e);
    if (after !== before) qc.setQueryData<Alarm[]>(alarmKeys.all, after);
  };
}

/**
 * The open incident views (['alarm-incident', id]): every event at the alarm's branch joins the
 * timeline; a check-in, check-out or branch action also reads the incident again (who is there,
 * the status now). An event arriving while a view is being read is held for that read's answer.
 */
export function incidentHandler(qc: QueryClient): EventHandler {
  return (e) => {
    for (const q of qc.getQueryCache().findAll({ queryKey: incidentKeys.all })) {
      holdForIncidentRead(Number(q.queryKey[1]), e);
      const inc = q.state.data as AlarmIncident | undefined;
      if (inc === undefined || !concernsIncident(inc, e)) continue;
      qc.setQueryData<AlarmIncident>(q.queryKey, (d) => applyEventToIncident(d, e));
      if (readsIncidentAgain(e)) void qc.invalidateQueries({ queryKey: q.queryKey, exact: true });
    }
  };
}

/** Live notifications: on top of the open notifications lists and into the bell's unread list. */
export function notificationsHandler(qc: QueryClient): EventHandler {
  return (e) => applyNotificationEvent(qc, e);
}

/** Live chat: sessions and messages into the chat caches; a new incoming chat sounds the alert. */
export function chatHandler(qc: QueryClient, play: () => boolean = playAlertTone): EventHandler {
  return (e) => {
    if (applyChatEvent(qc, e) && alertWanted('chat', 'Sound')) play();
  };
}

/** Live video calls: each VIDEO-CALL event into the call caches as this user sees it; a placed call sounds the alert. */
export function callsHandler(qc: QueryClient, play: () => boolean = playAlertTone): EventHandler {
  return (e) => {
    if (applyCallEvent(qc, e, getSession()?.UserId ?? 0)) play();
  };
}

/** Task progress: the board's running tasks (['tasks', 'active']) follow every TASK event. */
export function tasksHandler(qc: QueryClient): EventHandler {
  return (e) => {
    if (e.type !== SocketEventType.Task) return;
    // Not loaded yet (or its first answer still on the way, possibly read before this event was
    // committed): read it again, with a read that starts now, rather than lose the event.
    if (qc.getQueryData<BoardTask[]>(taskListKeys.active) === undefined) {
      void refetchAfterEvent(qc, taskListKeys.active);
      return;
    }
    // A read already on its way may have started before this event committed and would overwrite
    // the row with the older state: read again once the event is applied.
    const racing = qc.isFetching({ queryKey: taskListKeys.active }) > 0;
    qc.setQueryData<BoardTask[]>(taskListKeys.active, (rows) => applyTaskEvent(rows, e));
    if (racing) void refetchAfterEvent(qc, taskListKeys.active);
  };
}

/** Live lone-worker timers (['timers', 'running']): START adds, CHECKINOUT appends, STOP removes, the expiry alarm marks Alerted. */
export function timersHandler(qc: QueryClient): EventHandler {
  return (e) => applyTimerEventToCache(qc, e);
}

/** Live ENS list and detail (emergency notifications and their per-recipient states). */
export function ensHandler(qc: QueryClient): EventHandler {
  return (e) => applyEnsEvent(qc, e);
}

/**
 * The alarm tone for a sounding alarm event, as the user's notification settings allow (category
 * switched on and allowed, outside do-not-disturb); panic (incl. duress) and emergency (incl. ENS
 * "I need help") always sound for roles 5 and 8.
 */
export function soundHandler(
  play: () => boolean = playAlertTone,
  wanted: (c: AlertCategory) => boolean = (c) => alertWanted(c, 'Sound'),
): EventHandler {
  return (e) => {
    if (!soundsAlert(e) || e.type !== SocketEventType.Notification) return;
    const c = notificationCategory(e.NotificationType, e.BranchAction);
    if (wanted(c)) play();
  };
}

/**
 * Every handler of a socket event, in order. With `board` false the board handler is left out:
 * the caller applies the board once per batch (applyBoardEvents, dispatchEvents).
 */
export function cacheHandlers(qc: QueryClient, board = true): EventHandler[] {
  // The alarm list is fed only by events: keep it for the whole session.
  qc.setQueryDefaults(alarmKeys.all, { gcTime: Infinity, staleTime: Infinity });
  return [
    ...(board ? [boardHandler(qc)] : []),
    alarmsHandler(qc),
    incidentHandler(qc),
    notificationsHandler(qc),
    chatHandler(qc),
    callsHandler(qc),
    tasksHandler(qc),
    timersHandler(qc),
    ensHandler(qc),
    soundHandler(),
    popupHandler(),
  ];
}

export function dispatchEvent(handlers: readonly EventHandler[], e: SocketEvent, ctx: EventContext): void {
  for (const h of handlers) {
    try {
      h(e, ctx);
    } catch (err) {
      console.error('realtime handler failed', err);
    }
  }
}

/**
 * The events of one frame (frame-batch.ts), oldest first: noted for the reads on their way
 * (event-taps.ts), then the board takes them all in one pass (applyBoardEvents), then each event
 * goes through `handlers` (made by cacheHandlers(qc, false)).
 */
export function dispatchEvents(qc: QueryClient, handlers: readonly EventHandler[], items: readonly [SocketEvent, EventContext][]): void {
  const events = items.map(([e]) => e);
  // Reads on their way apply these again to their answers (event-taps.ts).
  noteDispatched(events);
  try {
    applyBoardEvents(qc, events);
  } catch (err) {
    console.error('realtime handler failed', err);
  }
  for (const [e, ctx] of items) dispatchEvent(handlers, e, ctx);
}
