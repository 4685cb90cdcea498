/**
 * The live side of the incident view (issue 13, /alarm/:id): an incident in the query cache
 * (['alarm-incident', id], the getalarmincident answer) takes every socket event at its branch
 * from the alarm on into its timeline, in id order, as the server would list it; an ALARM-ACK or
 * ALARM-NOTE of the alarm itself also updates the alarm's acknowledgement, notes and figures.
 * Pure functions; the handler (handlers.ts) writes their result into the cache.
 */
import { SocketEventType, incidentFigures, type AlarmIncident, type SocketEvent } from '@vigil/contract';

export const incidentKeys = {
  all: ['alarm-incident'] as const,
  of: (alarmId: number) => ['alarm-incident', alarmId] as const,
};

/** Kinds the timeline leaves out (the server's list leaves them out too). */
const LEFT_OUT: ReadonlySet<string> = new Set([SocketEventType.TimerPing, SocketEventType.EnsStatus]);

/** True when `e` belongs to the timeline of `inc`: at its branch, from the alarm on, of a kind it lists. */
export function concernsIncident(inc: AlarmIncident, e: SocketEvent): boolean {
  return e.BranchOfficeId === inc.Branch.BranchOfficeId && e.id >= inc.Alarm.NotificationId && !LEFT_OUT.has(e.type);
}

/** True when who is at the branch or its status may have changed: the page reads the incident again. */
export function readsIncidentAgain(e: SocketEvent): boolean {
  return e.type === SocketEventType.CheckIn || e.type === SocketEventType.CheckOut || e.type === SocketEventType.BranchAction;
}

/** The incident after event `e` (the same object when `e` does not concern it or is already listed). */
export function applyEventToIncident(inc: AlarmIncident | undefined, e: SocketEvent): AlarmIncident | undefined {
  if (!inc || !concernsIncident(inc, e)) return inc;
  const list = inc.Timeline;
  if (list.some((x) => x.id === e.id)) return inc;
  const at = list.findIndex((x) => x.id > e.id);
  const Timeline = at < 0 ? [...list, e] : [...list.slice(0, at), e, ...list.slice(at)];
  let Alarm = inc.Alarm;
  if (e.type === SocketEventType.AlarmAcknowledged && e.Payload.NotificationId === Alarm.NotificationId && !Alarm.Acknowledged)
    Alarm = { ...Alarm, Acknowledged: e.Payload.Acknowledged };
  if (
    e.type === SocketEventType.AlarmNote &&
    e.Payload.NotificationId === Alarm.NotificationId &&
    !Alarm.Notes.some((n) => n.NoteId === e.Payload.Note.NoteId)
  )
    Alarm = { ...Alarm, Notes: [...Alarm.Notes, e.Payload.Note] };
  const Figures = Alarm === inc.Alarm ? inc.Figures : incidentFigures(Alarm, inc.Figures.ShownAtUTC);
  return { ...inc, Alarm, Figures, Timeline };
}

/** Most events held for one read on its way. */
const HELD_MAX = 1000;
/** Events received while an incident's read is on its way, by alarm id. */
const held = new Map<number, SocketEvent[]>();

/** A read of incident `alarmId` starts: events from now on are held for its answer. */
export function startIncidentRead(alarmId: number): void {
  held.set(alarmId, []);
}

/** Holds `e` for the read of incident `alarmId` on its way (none: nothing to do). */
export function holdForIncidentRead(alarmId: number, e: SocketEvent): void {
  const list = held.get(alarmId);
  if (list && list.length < HELD_MAX) list.push(e);
}

/** The answer of a read of incident `alarmId` with the events held meanwhile applied (in id order, once each). */
export function finishIncidentRead(alarmId: number, answer: AlarmIncident): AlarmIncident {
  const list = held.get(alarmId) ?? [];
  held.delete(alarmId);
  return list.reduce<AlarmIncident>((inc, e) => applyEventToIncident(inc, e)!, answer);
}
