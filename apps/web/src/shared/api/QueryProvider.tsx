/**
 * The query client's provider, put around what reads or writes through TanStack Query: the
 * signed-in shell (app/page-groups/shell.tsx) and the forced password change (app/SessionGate.tsx).
 * Issue 20 "First page": it is not in the app-wide providers, and the public pages use none (their
 * calls: shared/api/use-load.ts, use-action.ts), so they load no TanStack Query code.
 */
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client';

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
