/**
 * Regional offices (spec §3 Regional office; §7 getoffices GET-REGIONAL-OFFICES and
 * GET-REGIONAL-OFFICE-BY-ID, addregionaloffice, manageregionaloffices): the list, one region with
 * its schedule, add and the UPDATE-REGIONAL-OFFICE-* writes. Keys live under crudKeys.all.
 */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  OfficeRow,
  OfficeSchedule,
  ZAddRegionalOfficeRequest,
  ZGetOfficesRequest,
  ZManageRegionalOfficesRequest,
} from '@vigil/contract';
import { apiPost } from '../../shared/api/client';
import { downloadFile } from '../../shared/api/download';
import { crudKeys, listFilterFields, useCrudMutation, type ListFilter, type ListSource } from '../../shared/crud/api';
import type { OfficeScheduleSavers } from '../../shared/crud/OfficeTabs';
import type { OrgScope } from '../../shared/organization/org-scope';

const PATHS = {
  offices: '/api/client/getoffices',
  add: '/api/client/addregionaloffice',
  manage: '/api/client/manageregionaloffices',
} as const;

type OfficesRequest = z.input<typeof ZGetOfficesRequest>;
type ListRequest = Extract<OfficesRequest, { case: 'GET-REGIONAL-OFFICES' }>;
export type AddRegionRequest = z.input<typeof ZAddRegionalOfficeRequest>;
type ManageRequest = z.input<typeof ZManageRegionalOfficesRequest>;
/** The details form's fields (UPDATE-REGIONAL-OFFICE-DETAILS without case and id). */
export type RegionDetailsValues = Omit<Extract<ManageRequest, { case: 'UPDATE-REGIONAL-OFFICE-DETAILS' }>, 'case' | 'regionalOfficeId'>;

/** A regional office with its week schedule, holidays and timers (GET-REGIONAL-OFFICE-BY-ID). */
export type RegionDetail = OfficeRow & OfficeSchedule;

/** Answer body of the list: a page of rows and the number of matches. */
interface ListBody {
  officeobject: OfficeRow[];
  total: number;
}
/** Answer body of the detail, add and manage calls. */
interface DetailBody {
  officeobject: RegionDetail;
}

export const regionKeys = {
  all: [...crudKeys.all, 'regions'] as const,
  list: (scope: OrgScope) => [...regionKeys.all, 'list', scope] as const,
  detail: (id: number) => [...regionKeys.all, 'detail', id] as const,
};

/** The regional offices of the organisation in `scope`, filtered by status. */
export function regionList(scope: OrgScope): ListSource<OfficeRow, 'statusId'> {
  const request = (q: ListFilter<'statusId'>) => ({ case: 'GET-REGIONAL-OFFICES', ...scope, ...listFilterFields(q) }) satisfies ListRequest;
  return {
    key: regionKeys.list(scope),
    page: (q, signal) =>
      apiPost<ListBody>(PATHS.offices, { ...request(q), offset: q.offset, limit: q.limit } satisfies ListRequest, { signal }).then((b) => ({
        rows: b.officeobject,
        total: b.total,
      })),
    exportCsv: (q) => downloadFile(PATHS.offices, request(q), { format: 'csv' }),
  };
}

/** One regional office with its schedule. */
export function useRegion(id: number) {
  return useQuery({
    queryKey: regionKeys.detail(id),
    queryFn: ({ signal }) =>
      apiPost<DetailBody>(PATHS.offices, { case: 'GET-REGIONAL-OFFICE-BY-ID', regionalOfficeId: id } satisfies OfficesRequest, {
        signal,
      }).then((b) => b.officeobject),
  });
}

/** Add a regional office to the organisation in scope. */
export function useAddRegion() {
  return useCrudMutation((req: AddRegionRequest) => apiPost<DetailBody>(PATHS.add, req));
}

/** The writes of one regional office: details, and the schedule savers of OfficeTabs. */
export function useRegionSavers(id: number): OfficeScheduleSavers & { details: (v: RegionDetailsValues) => Promise<unknown> } {
  const save = useCrudMutation((req: ManageRequest) => apiPost<DetailBody>(PATHS.manage, req));
  return {
    details: (v) => save.mutateAsync({ case: 'UPDATE-REGIONAL-OFFICE-DETAILS', regionalOfficeId: id, ...v }),
    week: (v) => save.mutateAsync({ case: 'UPDATE-REGIONAL-OFFICE-WEEKSCHEDULE', regionalOfficeId: id, ...v }),
    holidays: (v) => save.mutateAsync({ case: 'UPDATE-REGIONAL-OFFICE-HOLIDAYS', regionalOfficeId: id, ...v }),
    timers: (v) => save.mutateAsync({ case: 'UPDATE-REGIONAL-OFFICE-TIMERS', regionalOfficeId: id, ...v }),
  };
}
