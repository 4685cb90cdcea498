/**
 * The head office (spec §3 Head office; §7 getoffices GET-HEAD-OFFICE and UPDATE-HEAD-OFFICE-*, the
 * /mainoffice calls): details with contacts, week schedule, holidays and timers of the
 * organisation in scope; getstatistics, the organisation's branch structure for the page's chart.
 * Keys live under crudKeys.all.
 */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BranchStructure, HeadOfficeDetail, ZGetOfficesRequest, ZGetStatisticsRequest } from '@vigil/contract';
import { apiPost } from '../../shared/api/client';
import { crudKeys, useCrudMutation } from '../../shared/crud/api';
import type { OfficeScheduleSavers } from '../../shared/crud/OfficeTabs';
import type { OrgScope } from '../../shared/organization/org-scope';

const PATH = '/api/client/getoffices';

/** The head office cases of getoffices (GET-HEAD-OFFICE, UPDATE-HEAD-OFFICE-*). */
type HeadOfficeRequest = Extract<z.input<typeof ZGetOfficesRequest>, { case: `${string}HEAD-OFFICE${string}` }>;
/** The details form's fields (UPDATE-HEAD-OFFICE-DETAILS without case and organisation). */
export type HeadOfficeDetailsValues = Omit<Extract<HeadOfficeRequest, { case: 'UPDATE-HEAD-OFFICE-DETAILS' }>, 'case' | 'organizationId'>;

/** Answer body of every head office case. */
interface HeadOfficeBody {
  officeobject: HeadOfficeDetail;
}

export const headOfficeKeys = {
  all: [...crudKeys.all, 'head-office'] as const,
  detail: (scope: OrgScope) => [...headOfficeKeys.all, scope] as const,
  statistics: (scope: OrgScope) => [...headOfficeKeys.all, 'statistics', scope] as const,
};

/**
 * The branch structure of the organisation in `scope` (getstatistics, spec §7; body.statisticsobject):
 * regions with branch counts by status and type, and totals. Under crudKeys, so a management write
 * (a branch added, a status changed) redraws the chart.
 */
export function useBranchStructure(scope: OrgScope, enabled: boolean) {
  return useQuery({
    queryKey: headOfficeKeys.statistics(scope),
    queryFn: ({ signal }) =>
      apiPost<{ statisticsobject: BranchStructure }>(
        '/api/client/getstatistics',
        { case: 'GET-BRANCH-STRUCTURE', ...scope } satisfies z.input<typeof ZGetStatisticsRequest>,
        { signal },
      ).then((b) => b.statisticsobject),
    enabled,
  });
}

function call(req: HeadOfficeRequest, signal?: AbortSignal): Promise<HeadOfficeDetail> {
  return apiPost<HeadOfficeBody>(PATH, req, signal ? { signal } : {}).then((b) => b.officeobject);
}

/** The head office of the organisation in `scope`; waits while `enabled` is false. */
export function useHeadOffice(scope: OrgScope, enabled: boolean) {
  return useQuery({
    queryKey: headOfficeKeys.detail(scope),
    queryFn: ({ signal }) => call({ case: 'GET-HEAD-OFFICE', ...scope }, signal),
    enabled,
  });
}

/** The head office writes: details, and the schedule savers of OfficeTabs. */
export function useHeadOfficeSavers(scope: OrgScope): OfficeScheduleSavers & { details: (v: HeadOfficeDetailsValues) => Promise<unknown> } {
  const save = useCrudMutation(call);
  return {
    details: (v) => save.mutateAsync({ case: 'UPDATE-HEAD-OFFICE-DETAILS', ...scope, ...v }),
    week: (v) => save.mutateAsync({ case: 'UPDATE-HEAD-OFFICE-WEEKSCHEDULE', ...scope, ...v }),
    holidays: (v) => save.mutateAsync({ case: 'UPDATE-HEAD-OFFICE-HOLIDAYS', ...scope, ...v }),
    timers: (v) => save.mutateAsync({ case: 'UPDATE-HEAD-OFFICE-TIMERS', ...scope, ...v }),
  };
}
