/**
 * Socket events applied once per animation frame (issue 20: 5,000 branches, 200 events/s). The
 * socket may deliver hundreds of frames a second; each event written into the query cache on its
 * own would make every subscribed view (board, map, alarm panel, bell) render once per frame
 * received. Events are queued in arrival (id) order and handed over together at the next
 * animation frame (in a task of its own queued then: nextFrame), inside one TanStack Query
 * notification batch, so the views render at most once per frame however many events arrived;
 * the console's connection also spaces the flushes of a burst by MIN_FLUSH_INTERVAL_MS
 * (throttledFrames). A hidden tab gets no animation frames: a timer
 * (FALLBACK_MS) flushes then, so nothing waits for the tab to come back (the tone and pop-ups of
 * an alarm included).
 */
import { notifyManager } from '@tanstack/react-query';

/** Longest wait for a flush when no animation frame comes (hidden tab), ms. */
export const FALLBACK_MS = 100;

/** When to flush: the next animation frame, or FALLBACK_MS, whichever comes first. Answers a cancel. */
export type FlushScheduler = (flush: () => void) => () => void;

/**
 * The browser's scheduler (see FlushScheduler): in a task of its own queued at the next animation
 * frame, so that applying the events and the render React runs right after them (its updates are
 * synchronous, finished in the same task's microtasks) never share the frame's task with the map's
 * own animation-frame drawing, the style, layout and paint of the page: together they made tasks of
 * 57-87 ms under 200 events/s at 5,000 branches, against 22-30 ms for the flush alone (issue 20:
 * no task over 50 ms; the frame after draws what the flush changed). Without requestAnimationFrame,
 * the timer alone.
 */
export const nextFrame: FlushScheduler = (flush) => {
  let task: ReturnType<typeof setTimeout> | null = null;
  const timer = setTimeout(flush, FALLBACK_MS);
  const frame =
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => {
          task = setTimeout(flush, 0);
        })
      : null;
  return () => {
    clearTimeout(timer);
    if (task !== null) clearTimeout(task);
    if (frame !== null) cancelAnimationFrame(frame);
  };
};

/**
 * A scheduler that flushes at once, inside its own call: under throttledFrames, the first item
 * after a quiet moment goes straight through and a burst waits for the interval (the branch map).
 */
export const atOnce: FlushScheduler = (flush) => {
  flush();
  return () => undefined;
};

/** Fewest milliseconds between two flushes of a burst (at most 10 flushes a second). */
export const MIN_FLUSH_INTERVAL_MS = 100;

/**
 * `base` (the next frame), but never sooner than `minIntervalMs` after the previous flush began:
 * a lone event is applied at the next frame, as before; a burst (200 events/s at 5,000 branches)
 * is applied ten times a second instead of at every frame, so the views render, lay out and
 * paint ten times a second and the main thread keeps time for input (issue 20: no task over
 * 50 ms). An alarm of a burst waits at most `minIntervalMs` more. Answers a cancel.
 * `now` is the clock in ms (performance.now by default; tests give their own).
 */
export function throttledFrames(
  minIntervalMs: number = MIN_FLUSH_INTERVAL_MS,
  base: FlushScheduler = nextFrame,
  now: () => number = () => performance.now(),
): FlushScheduler {
  let lastFlush = -Infinity;
  return (flush) => {
    const fire = () => {
      lastFlush = now();
      flush();
    };
    const wait = lastFlush + minIntervalMs - now();
    if (wait <= 0) return base(fire);
    let cancelBase: (() => void) | null = null;
    const timer = setTimeout(() => (cancelBase = base(fire)), wait);
    return () => {
      clearTimeout(timer);
      cancelBase?.();
    };
  };
}

/** A queue of items handed to `apply` in order, all those of a frame in one call. */
export interface FrameBatch<T> {
  /** Queues one item; the first of a frame schedules the flush. */
  push(item: T): void;
  /** Applies what is queued now (used on stop, so nothing received is dropped). */
  flush(): void;
  /** Cancels a scheduled flush and drops nothing: call flush() first to apply the queue. */
  cancel(): void;
}

/**
 * Batches items for `apply` (called with the items of one frame, oldest first, inside
 * notifyManager.batch so query observers are told once). An exception in `apply` is logged and
 * the batch is still consumed. `schedule` may also flush at once, inside its own call (a
 * throttledFrames over a scheduler that runs at once: the first item after a quiet moment goes
 * straight through).
 */
export function frameBatch<T>(apply: (items: T[]) => void, schedule: FlushScheduler = nextFrame): FrameBatch<T> {
  let queue: T[] = [];
  let scheduled = false;
  let cancelScheduled: (() => void) | null = null;
  const flush = () => {
    cancelScheduled?.();
    cancelScheduled = null;
    scheduled = false;
    if (queue.length === 0) return;
    const items = queue;
    queue = [];
    try {
      notifyManager.batch(() => apply(items));
    } catch (err) {
      console.error('realtime batch failed', err);
    }
  };
  return {
    push(item) {
      queue.push(item);
      if (scheduled) return;
      scheduled = true;
      const cancel = schedule(flush);
      // Still due unless the scheduler flushed already.
      if (scheduled) cancelScheduled = cancel;
    },
    flush,
    cancel() {
      cancelScheduled?.();
      cancelScheduled = null;
      scheduled = false;
    },
  };
}
