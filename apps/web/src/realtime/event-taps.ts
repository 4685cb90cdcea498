/**
 * Reads that live events keep current (the branch board, the alarm history) must not lose an event
 * applied while the read is on its way. The server read its answer at some moment during the
 * request: an event committed after that moment is not in the answer, yet its socket message may
 * be applied to the cache before the answer arrives, and the answer then replaces what it changed
 * (a branch back to its colour before a panic, an acknowledged alarm waiting again).
 *
 * `readKeepingEvents` collects every event dispatched from a read's start to its answer
 * (`noteDispatched`, called by handlers.ts dispatchEvents for each frame of events) and gives them
 * to `apply` with the answer. Each `apply` applies events by what they say (a row takes a move by
 * its time, an alarm list by notification id), so an event already in the answer changes nothing.
 */
import type { SocketEvent } from '@vigil/contract';

/** The events dispatched so far for each read on its way (oldest first). */
const reads = new Set<SocketEvent[]>();

/** Notes the events of one dispatched frame (in id order) for every read on its way. */
export function noteDispatched(events: readonly SocketEvent[]): void {
  for (const seen of reads) seen.push(...events);
}

/** The events dispatched from its start until `stop` (readKeepingEvents; a read whose answer is applied later). */
export interface EventCollector {
  /** The events dispatched so far, oldest first. */
  readonly events: readonly SocketEvent[];
  /** Stops collecting (idempotent). */
  stop(): void;
}

/** Starts collecting the events dispatched from now on. */
export function collectEvents(): EventCollector {
  const seen: SocketEvent[] = [];
  reads.add(seen);
  return { events: seen, stop: () => void reads.delete(seen) };
}

/**
 * Runs `read`, then answers `apply(answer, events)` with the events dispatched while it was on its
 * way (none: the answer as it is). A failed read fails the same way.
 */
export async function readKeepingEvents<T>(read: () => Promise<T>, apply: (answer: T, events: readonly SocketEvent[]) => T): Promise<T> {
  const collector = collectEvents();
  try {
    const answer = await read();
    return collector.events.length === 0 ? answer : apply(answer, collector.events);
  } finally {
    collector.stop();
  }
}

/** How many reads are on their way (tests). */
export function readsOnTheirWay(): number {
  return reads.size;
}
