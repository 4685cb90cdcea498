/**
 * Event ordering of the socket: every event has a monotonically increasing id; the client keeps
 * the last id it applied and drops anything at or below it (a replay after a reconnect may
 * overlap what was already seen).
 */
export interface Identified {
  id: number;
}

/** True when an event with this id is new, given the last id seen (null before any). */
export function isNewEvent(lastId: number | null, id: number): boolean {
  return Number.isFinite(id) && (lastId === null || id > lastId);
}

/** The events of a batch that are new, in id order, each once. */
export function newEvents<T extends Identified>(lastId: number | null, events: readonly T[]): T[] {
  const out: T[] = [];
  let last = lastId;
  for (const e of [...events].sort((a, b) => a.id - b.id)) {
    if (!isNewEvent(last, e.id)) continue;
    out.push(e);
    last = e.id;
  }
  return out;
}
