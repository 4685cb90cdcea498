/**
 * The TanStack Query client: no retries of 4xx answers, no refetch on focus. Its cache never
 * outlives the session: when the stored session ends (logout, a 401, a failed startup check, the
 * socket's auth error) every cached answer is dropped at once. The client is created when the
 * first page using queries loads (issue 20: the sign-in pages do not load it).
 */
import { QueryClient } from '@tanstack/react-query';
import { getSession, subscribeSession } from '../session/session-store';
import { ApiError } from './client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
    mutations: { retry: false },
  },
});

subscribeSession(() => {
  if (getSession() === null) queryClient.clear();
});
