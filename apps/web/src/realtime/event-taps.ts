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
 * Answers `apply(answer, events)` once `answer` settles, with the events `collector` gathered until
 * then (none: the answer as it is), and stops it. A failed read fails the same way.
 */
export async function keepCollectedEvents<T>(
  answer: Promise<T>,
  collector: EventCollector,
  apply: (answer: T, events: readonly SocketEvent[]) => T,
): Promise<T> {
  try {
    const body = await answer;
    return collector.events.length === 0 ? body : apply(body, collector.events);
  } finally {
    collector.stop();
  }
}

/** Runs `read`, collecting the events dispatched while it is on its way, and answers as keepCollectedEvents. */
export function readKeepingEvents<T>(read: () => Promise<T>, apply: (answer: T, events: readonly SocketEvent[]) => T): Promise<T> {
  const collector = collectEvents();
  return keepCollectedEvents(read(), collector, apply);
}

/** How many reads are on their way (tests). */
export function readsOnTheirWay(): number {
  return reads.size;
}
