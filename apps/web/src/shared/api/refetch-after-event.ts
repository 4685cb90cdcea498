/**
 * Reading a cached list again because a live event changed it (the socket handlers of the running
 * tasks and timers). The next answer must come from a read that starts after the event: a read
 * already on its way may have run before the event was committed.
 *
 * `invalidateQueries` alone does not guarantee that. TanStack Query cancels an in-flight fetch
 * for the refetch only when the query already has data; while its FIRST answer is on the way (no
 * data yet) the refetch joins that fetch, whose older answer then stands and the event is lost —
 * the task-list board's "No task is running" under load (issue 17). So a first fetch on its way is
 * cancelled before the refetch.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Refetches the query of `queryKey` (exact) with a read that starts now; resolves when it has answered. */
export async function refetchAfterEvent(qc: QueryClient, queryKey: QueryKey): Promise<void> {
  const firstOnItsWay = qc
    .getQueryCache()
    .findAll({ queryKey, exact: true })
    .some((q) => q.state.fetchStatus !== 'idle' && q.state.data === undefined);
  if (firstOnItsWay) await qc.cancelQueries({ queryKey, exact: true });
  await qc.invalidateQueries({ queryKey, exact: true });
}

/**
 * After a live event was applied to the query of `queryKey` (exact): when a read of it is on its way,
 * reads it again once that read is done (refetchAfterEvent). The read may have run before the event
 * was committed, and its answer would replace what the event changed — for lists whose rows have
 * no order of their own to tell an older state from a newer one (chat sessions, video calls).
 */
export function readAgainIfOnItsWay(qc: QueryClient, queryKey: QueryKey): void {
  if (qc.isFetching({ queryKey, exact: true }) > 0) void refetchAfterEvent(qc, queryKey);
}
