/**
 * A shared clock (ms since the epoch) that moves every `periodMs`: one timer per period for all the
 * components reading it, and each reader subscribes on its own (useSyncExternalStore), so a tick
 * redraws exactly the readers — e.g. the ticking texts of hundreds of memoised rows (issue 20) —
 * without redrawing their rows or walking the tree as a context change would. With `enabled`
 * false the reader does not subscribe (an idle panel draws nothing new).
 */
import { useSyncExternalStore } from 'react';

interface Clock {
  now: number;
  listeners: Set<() => void>;
  timer: ReturnType<typeof setInterval> | null;
}

const clocks = new Map<number, Clock>();

function clockOf(periodMs: number): Clock {
  let c = clocks.get(periodMs);
  if (!c) {
    c = { now: Date.now(), listeners: new Set(), timer: null };
    clocks.set(periodMs, c);
  }
  return c;
}

function subscribe(periodMs: number, listener: () => void): () => void {
  const c = clockOf(periodMs);
  c.listeners.add(listener);
  if (!c.timer) {
    c.timer = setInterval(() => {
      c.now = Date.now();
      for (const l of c.listeners) l();
    }, periodMs);
  }
  return () => {
    c.listeners.delete(listener);
    if (c.listeners.size === 0 && c.timer) {
      clearInterval(c.timer);
      c.timer = null;
    }
  };
}

/** The time now; while no timer runs for this period, it is brought up to date when read (at most one period old otherwise). */
function snapshot(periodMs: number): number {
  const c = clockOf(periodMs);
  if (!c.timer && Date.now() - c.now >= periodMs) c.now = Date.now();
  return c.now;
}

const noop = () => () => undefined;

/** The shared clock of `periodMs` (see the module comment). */
export function useTick(periodMs: number, enabled = true): number {
  return useSyncExternalStore(
    enabled ? (l) => subscribe(periodMs, l) : noop,
    () => snapshot(periodMs),
    () => snapshot(periodMs),
  );
}
