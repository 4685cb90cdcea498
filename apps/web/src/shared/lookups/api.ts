/**
 * Option lists of the selects that the forms of several features share (spec §7 Offices and
 * organisations; admin calls): the organisation's regions and security offices (branch form,
 * employee WorksIn) and, for the platform admin, every security office, organisation and dealer
 * (client, security office and employee screens). Each is one call of up to LOOKUP_LIMIT rows,
 * cached under crudKeys.all so a management write refreshes it.
 */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  RoleId,
  type EmployeeRow,
  type OfficeRow,
  type OrganizationRow,
  type SecurityOfficeRow,
  type ZGetAllEmployeesRequest,
  type ZGetOfficesRequest,
  type ZOrganizationListRequest,
  type ZSecurityOfficeListRequest,
} from '@vigil/contract';
import { apiPost } from '../api/client';
import { crudKeys } from '../crud/api';
import type { OrgScope } from '../organization/org-scope';

/** Most rows a select offers. */
export const LOOKUP_LIMIT = 1000;

/** A select option: the id and the text shown. */
export interface Option {
  value: number;
  label: string;
}

const PATHS = {
  regions: '/api/client/getoffices',
  securityOffices: '/api/client/getallsecurityoffices',
  adminSecurityOffices: '/api/admin/getAllSecurityOffices',
  adminOrganizations: '/api/admin/getorganizations',
  adminEmployees: '/api/admin/getallemployees',
} as const;

export const lookupKeys = {
  all: [...crudKeys.all, 'lookups'] as const,
  regions: (scope: OrgScope) => [...lookupKeys.all, 'regions', scope] as const,
  securityOffices: (scope: OrgScope) => [...lookupKeys.all, 'security-offices', scope] as const,
  admin: (what: 'security-offices' | 'organizations' | 'dealers') => [...lookupKeys.all, 'admin', what] as const,
};

const first = { offset: 0, limit: LOOKUP_LIMIT };

/** The organisation's regional offices (getoffices GET-REGIONAL-OFFICES). */
export function useRegionOptions(scope: OrgScope, enabled: boolean): Option[] {
  const q = useQuery({
    queryKey: lookupKeys.regions(scope),
    queryFn: ({ signal }) =>
      apiPost<{ officeobject: OfficeRow[] }>(
        PATHS.regions,
        { case: 'GET-REGIONAL-OFFICES', ...scope, ...first } satisfies z.input<typeof ZGetOfficesRequest>,
        {
          signal,
        },
      ),
    enabled,
  });
  return (q.data?.officeobject ?? []).map((x) => ({ value: x.Id, label: x.Name }));
}

/** The security offices monitoring the organisation (getallsecurityoffices). */
export function useSecurityOfficeOptions(scope: OrgScope, enabled: boolean): Option[] {
  const q = useQuery({
    queryKey: lookupKeys.securityOffices(scope),
    queryFn: ({ signal }) =>
      apiPost<{ securityofficeobject: SecurityOfficeRow[] }>(
        PATHS.securityOffices,
        { ...scope, ...first } satisfies z.input<typeof ZSecurityOfficeListRequest>,
        { signal },
      ),
    enabled,
  });
  return (q.data?.securityofficeobject ?? []).map((x) => ({ value: x.SecurityOfficeId, label: x.Name }));
}

/** Platform admin: every security office (getAllSecurityOffices). */
export function useAdminSecurityOfficeOptions(): Option[] {
  const q = useQuery({
    queryKey: lookupKeys.admin('security-offices'),
    queryFn: ({ signal }) =>
      apiPost<{ securityofficeobject: SecurityOfficeRow[] }>(
        PATHS.adminSecurityOffices,
        first satisfies z.input<typeof ZSecurityOfficeListRequest>,
        { signal },
      ),
  });
  return (q.data?.securityofficeobject ?? []).map((s) => ({ value: s.SecurityOfficeId, label: s.Name }));
}

/** Platform admin: every organisation (admin getorganizations). */
export function useAdminOrganizationOptions(): Option[] {
  const q = useQuery({
    queryKey: lookupKeys.admin('organizations'),
    queryFn: ({ signal }) =>
      apiPost<{ organizationobject: OrganizationRow[] }>(
        PATHS.adminOrganizations,
        first satisfies z.input<typeof ZOrganizationListRequest>,
        { signal },
      ),
  });
  return (q.data?.organizationobject ?? []).map((o) => ({ value: o.OrganizationId, label: o.Name }));
}

/** Platform admin: every dealer (role 12; admin getallemployees), as "Name Surname <email>". */
export function useDealerOptions(): Option[] {
  const q = useQuery({
    queryKey: lookupKeys.admin('dealers'),
    queryFn: ({ signal }) =>
      apiPost<{ personobject: EmployeeRow[] }>(
        PATHS.adminEmployees,
        { case: 'GET-ALL-EMPLOYEES', roleId: RoleId.Dealer, ...first } satisfies z.input<typeof ZGetAllEmployeesRequest>,
        { signal },
      ),
  });
  return (q.data?.personobject ?? []).map((d) => ({ value: d.UserId, label: `${d.Name} ${d.Surname} <${d.Email}>` }));
}
