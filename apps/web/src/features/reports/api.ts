/**
 * Report data for the console (spec §7 Reports): TanStack Query hooks for one server page of a
 * report and the branch list behind the filter bar; exports go through shared/api/download.ts.
 * Pages never call fetch themselves.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BranchOfficeRow } from '@vigil/contract';
import { apiPost } from '../../shared/api/client';

export const reportKeys = {
  all: ['reports'] as const,
  page: (path: string, body: Record<string, unknown>) => [...reportKeys.all, path, body] as const,
  branches: (organizationId: number | undefined) => [...reportKeys.all, 'branches', organizationId ?? null] as const,
};

/** A page of a report as the screens use it: rows and the total of rows matching the filters. */
export interface ReportRows<R> {
  rows: R[];
  total: number;
}

/**
 * One server page of a report. `pick` reads the rows out of `body` (resultobject, temp_surveyobject, …).
 * Failures keep the thrown ApiError; the screen shows the report's §8 text.
 */
export function useReportPage<R>(path: string, body: Record<string, unknown>, pick: (b: Record<string, unknown>) => R[], enabled = true) {
  return useQuery({
    queryKey: reportKeys.page(path, body),
    queryFn: async ({ signal }): Promise<ReportRows<R>> => {
      const b = await apiPost<Record<string, unknown>>(path, body, { signal });
      return { rows: pick(b), total: Number(b.total ?? 0) };
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A single JSON answer of a report call (summary, details). */
export function useReportCall<T>(path: string, body: Record<string, unknown>, pick: (b: Record<string, unknown>) => T, enabled = true) {
  return useQuery({
    queryKey: reportKeys.page(path, body),
    queryFn: async ({ signal }) => pick(await apiPost<Record<string, unknown>>(path, body, { signal })),
    enabled,
  });
}

/** Branches in scope (for the region and branch filters), optionally of one organisation. */
export function useScopeBranches(organizationId: number | undefined) {
  return useQuery({
    queryKey: reportKeys.branches(organizationId),
    queryFn: () =>
      apiPost<{ organizationobject: BranchOfficeRow[] }>('/api/client/getofficesv2', {
        case: 'GET-ALL-BRANCH-OFFICES',
        organizationId,
      }).then((b) => b.organizationobject ?? []),
    staleTime: 60_000,
  });
}
