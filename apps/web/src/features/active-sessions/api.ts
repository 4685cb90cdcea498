/** Active sessions client (docs/API.md "Active sessions"; spec §7 getactivesessions). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActiveSessionsAnswer, GetActiveSessionsRequest } from '@vigil/contract';
import { postEnvelope, apiPost } from '../../shared/api/client';

const PATH = '/api/client/getactivesessions';
export const sessionKeys = { list: ['active-sessions'] as const };

/** The open sessions in scope, read again every 30 s. */
export function useActiveSessions() {
  return useQuery({
    queryKey: sessionKeys.list,
    queryFn: ({ signal }) =>
      apiPost<ActiveSessionsAnswer>(PATH, { case: 'GET-ACTIVE-SESSIONS' } satisfies GetActiveSessionsRequest, { signal }).then(
        (b) => b.sessions,
      ),
    refetchInterval: 30_000,
  });
}

/** END-SESSION: resolves with the server's description; refetches the list. */
export function useEndSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (SessionId: number) => {
      const env = await postEnvelope<unknown>(PATH, { case: 'END-SESSION', SessionId } satisfies GetActiveSessionsRequest);
      if (!env.success) throw new Error(env.description ?? 'error');
      return env.description ?? '';
    },
    onSettled: () => qc.invalidateQueries({ queryKey: sessionKeys.list }),
  });
}
