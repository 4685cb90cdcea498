/**
 * Acknowledging safely (issue 13): while the pointer is over the alarm list its order is held, so
 * nothing moves under the pointer after a click. Rows keep the places they had when the pointer
 * entered (an acknowledged row stays where it was); alarms that arrive meanwhile go below them.
 */

/**
 * The list shown: `sorted` as is when `held` is null; else the alarms of `held` (ids in their
 * order when the hold began) still present, then the others in `sorted` order. `added` counts those.
 */
export function heldOrder<T extends { notificationId: number }>(
  sorted: readonly T[],
  held: readonly number[] | null,
): { list: T[]; added: number } {
  if (!held) return { list: [...sorted], added: 0 };
  const byId = new Map(sorted.map((a) => [a.notificationId, a] as const));
  const kept = held.flatMap((id) => {
    const a = byId.get(id);
    return a ? [a] : [];
  });
  const inHold = new Set(held);
  const fresh = sorted.filter((a) => !inHold.has(a.notificationId));
  return { list: [...kept, ...fresh], added: fresh.length };
}
