/**
 * The demo mailbox's call (platform admin; docs/API.md POST /api/admin/outbox), apart
 * from the public account pages' calls (api.ts), which load no query client (issue 20).
 */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OutboxMessage, ZOutboxRequest } from '@vigil/contract';
import { apiPost } from '../../shared/api/client';

export const accountKeys = {
  outbox: ['account', 'outbox'] as const,
};

/** The demo mailbox (platform admin): newest messages first. */
export function useOutbox() {
  return useQuery({
    queryKey: accountKeys.outbox,
    queryFn: () =>
      apiPost<{ outboxobject: OutboxMessage[] }>('/api/admin/outbox', { case: 'GET-OUTBOX', limit: 100 } satisfies z.input<
        typeof ZOutboxRequest
      >).then((b) => b.outboxobject),
  });
}
