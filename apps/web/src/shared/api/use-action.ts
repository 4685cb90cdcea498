/**
 * A form's one call at a time without the query client (issue 20 "First page": the sign-in forms
 * load no TanStack Query code). The same shape as useMutation's `mutate(variables, { onSuccess,
 * onError })` and `isPending`, for calls whose answer nothing caches: `isPending` is true from
 * `mutate` until the call settles, then the matching callback runs with the answer or the error.
 */
import { useCallback, useState } from 'react';

export interface ActionCallbacks<R> {
  onSuccess?: (result: R) => void;
  onError?: (error: unknown) => void;
}

export interface Action<V, R> {
  mutate: (variables: V, callbacks?: ActionCallbacks<R>) => void;
  isPending: boolean;
}

export function useAction<V, R>(call: (variables: V) => Promise<R>): Action<V, R> {
  const [isPending, setPending] = useState(false);
  const mutate = useCallback(
    (variables: V, callbacks?: ActionCallbacks<R>) => {
      setPending(true);
      call(variables).then(
        (result) => {
          setPending(false);
          callbacks?.onSuccess?.(result);
        },
        (error: unknown) => {
          setPending(false);
          callbacks?.onError?.(error);
        },
      );
    },
    [call],
  );
  return { mutate, isPending };
}
