/**
 * A form's one call at a time without the query client (issue 20 "First page": the sign-in forms
 * load no TanStack Query code). The same shape as useMutation's `mutate(variables, { onSuccess,
 * onError })`, `isPending`, `isSuccess`, `isError`, `data` and `error`, for calls whose answer
 * nothing caches: `isPending` is true from `mutate` until the call settles, then the matching
 * callback runs with the answer or the error (the public account and survey pages use it too).
 */
import { useCallback, useState } from 'react';

export interface ActionCallbacks<R> {
  onSuccess?: (result: R) => void;
  onError?: (error: unknown) => void;
}

/** The state of the last call (narrowed by its flags, as useMutation's result). */
export type ActionState<R> =
  | { isPending: boolean; isSuccess: false; isError: false; data: undefined; error: null }
  | { isPending: false; isSuccess: true; isError: false; data: R; error: null }
  | { isPending: false; isSuccess: false; isError: true; data: undefined; error: unknown };

/** `mutate` and the state of the last call. */
export type Action<V, R> = ActionState<R> & {
  mutate: (variables: V, callbacks?: ActionCallbacks<R>) => void;
};

const IDLE = { isPending: false, isSuccess: false, isError: false, data: undefined, error: null } as const;

export function useAction<V, R>(call: (variables: V) => Promise<R>): Action<V, R> {
  const [state, setState] = useState<ActionState<R>>(IDLE);
  const mutate = useCallback(
    (variables: V, callbacks?: ActionCallbacks<R>) => {
      setState({ ...IDLE, isPending: true });
      call(variables).then(
        (result) => {
          setState({ isPending: false, isSuccess: true, isError: false, data: result, error: null });
          callbacks?.onSuccess?.(result);
        },
        (error: unknown) => {
          setState({ isPending: false, isSuccess: false, isError: true, data: undefined, error });
          callbacks?.onError?.(error);
        },
      );
    },
    [call],
  );
  return { mutate, ...state };
}
