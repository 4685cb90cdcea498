/** Reconnect delays of the real-time socket: exponential from 1 s, capped at 30 s, with jitter. */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;

/** The un-jittered delay before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s … 30 s. */
export function backoffCeiling(attempt: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, Math.min(attempt, 16)));
}

/**
 * The delay with "equal jitter": half the ceiling plus a random share of the other half, so
 * consoles that lost the server together do not all come back in the same millisecond.
 * `random` is a number in [0, 1).
 */
export function backoffDelay(attempt: number, random: number = Math.random()): number {
  const ceiling = backoffCeiling(attempt);
  const r = Math.min(Math.max(random, 0), 1);
  return Math.round(ceiling / 2 + (ceiling / 2) * r);
}
