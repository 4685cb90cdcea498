/**
 * One load of a page's data without the query client (issue 20 "First page": the public account
 * and survey pages load no TanStack Query code; nothing caches their answers). The call starts
 * when the component mounts and again when `key` changes (the previous one aborted, its answer
 * ignored); not at all while `enabled` is false. The same fields as useQuery's result that those
 * pages read: `isPending` until an answer (also while disabled), then `isSuccess` with `data`, or
 * `isError` with `error`. No retries.
 */
import { useEffect, useState } from 'react';

/** A load's state (narrowed by its flags, as useQuery's result). */
export type Load<T> =
  | { isPending: true; isSuccess: false; isError: false; data: undefined; error: null }
  | { isPending: false; isSuccess: true; isError: false; data: T; error: null }
  | { isPending: false; isSuccess: false; isError: true; data: undefined; error: unknown };

const PENDING = { isPending: true, isSuccess: false, isError: false, data: undefined, error: null } as const;

/** Loads with `load(signal)` once per `key` (see above). */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>, enabled = true): Load<T> {
  const [{ state, of }, setState] = useState<{ state: Load<T>; of: string }>({ state: PENDING, of: key });
  if (of !== key) setState({ state: PENDING, of: key });
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    load(abort.signal).then(
      (data) => {
        if (!abort.signal.aborted) setState({ state: { isPending: false, isSuccess: true, isError: false, data, error: null }, of: key });
      },
      (error: unknown) => {
        if (!abort.signal.aborted)
          setState({ state: { isPending: false, isSuccess: false, isError: true, data: undefined, error }, of: key });
      },
    );
    return () => abort.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names what `load` loads
  }, [key, enabled]);
  return of === key ? state : PENDING;
}
