/**
 * Data access of the generic list / edit scaffold. A feature's api.ts describes each of its lists
 * as a ListSource (query key, the page call, the CSV export) and its writes with useCrudMutation;
 * the scaffold's components (EntityList, EntityForm, OfficeTabs) never see a path or a raw body.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ListPage } from '@vigil/contract';
import type { DownloadedFile } from '../api/download';

/** Every management list, detail and lookup lives under ['crud', …]: a write refetches them all. */
export const crudKeys = {
  all: ['crud'] as const,
};

/**
 * What a list screen asks for: the search text, the select filters (by name; '' = all is left out)
 * and the page (offset and limit in rows). Filter values are the select's text; the contract's
 * request schemas coerce them.
 */
export interface ListQuery<F extends string = never> {
  search?: string | undefined;
  filters: Partial<Record<F, string>>;
  offset: number;
  limit: number;
}

/** The same filters without the page: what a CSV export of the whole filtered list takes. */
export type ListFilter<F extends string = never> = Omit<ListQuery<F>, 'offset' | 'limit'>;

/**
 * A list call as a feature's api.ts describes it: the query key prefix (under crudKeys.all), one
 * page of rows and the total of matches, and the CSV export of every matching row (absent: the
 * list has no export). `F` names the select filters the call accepts.
 */
export interface ListSource<R, F extends string = never> {
  key: QueryKey;
  page: (q: ListQuery<F>, signal: AbortSignal) => Promise<ListPage<R>>;
  exportCsv?: (q: ListFilter<F>) => Promise<DownloadedFile>;
}

/** One page of `source` for `q`; the previous page stays shown while the next loads. */
export function useListPage<R, F extends string>(source: ListSource<R, F>, q: ListQuery<F>, enabled = true) {
  return useQuery({
    queryKey: [...source.key, q],
    queryFn: ({ signal }) => source.page(q, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A management write: on success every list, detail and lookup under crudKeys.all is refetched. */
export function useCrudMutation<V, T>(write: (v: V) => Promise<T>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => qc.invalidateQueries({ queryKey: crudKeys.all }),
  });
}

/** The search and filter fields of a list request: the search text when there is one, then the filters. */
export function listFilterFields<F extends string>(q: ListFilter<F>): Partial<Record<F, string>> & { search?: string } {
  return { ...q.filters, ...(q.search ? { search: q.search } : {}) };
}
