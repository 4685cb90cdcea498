/**
 * Data access of the generic list / edit scaffold: a paged list query (server-side paging,
 * previous page kept while the next loads), a mutation that refreshes lists, and the CSV
 * download of a list call (`format: 'csv'`, streamed by the server).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../api/client';
import { downloadFile, saveBlob } from '../api/download';

/** Query keys: every management list lives under ['crud', path]. */
export const crudKeys = {
  all: ['crud'] as const,
  call: (path: string, body: unknown) => ['crud', path, body] as const,
};

/** A page of a list call: rows and the total number of matches. */
export interface Page<R> {
  rows: R[];
  total: number;
}

/** Calls `path` with `body` and picks rows/total from the answer's body. */
export function usePagedList<R>(
  path: string,
  body: Record<string, unknown>,
  pick: (b: Record<string, unknown>) => Page<R>,
  enabled = true,
) {
  return useQuery({
    queryKey: crudKeys.call(path, body),
    queryFn: async ({ signal }) => pick(await apiPost<Record<string, unknown>>(path, body, { signal })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Calls `path` with `body` once (detail calls) and picks the result. */
export function useCall<T>(path: string, body: Record<string, unknown>, pick: (b: Record<string, unknown>) => T, enabled = true) {
  return useQuery({
    queryKey: crudKeys.call(path, body),
    queryFn: async ({ signal }) => pick(await apiPost<Record<string, unknown>>(path, body, { signal })),
    enabled,
  });
}

/** A write call; on success every management list and detail is refetched. */
export function useSave(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => apiPost<Record<string, unknown>>(path, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: crudKeys.all }),
  });
}

/**
 * Downloads the CSV export of a list call (the same filters, every row) through the one download
 * helper and hands it to the browser as `filename`.
 */
export async function downloadCsv(path: string, body: Record<string, unknown>, filename: string): Promise<void> {
  const file = await downloadFile(path, body, { format: 'csv', fallbackName: filename });
  saveBlob(filename, file.blob);
}
