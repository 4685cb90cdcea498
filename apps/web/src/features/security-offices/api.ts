/**
 * Security offices (spec §3 Security office; §7 getallsecurityoffices, admin getAllSecurityOffices
 * and addsecurityoffice): the offices monitoring the organisation, and the platform admin's list,
 * add and update. Keys live under crudKeys.all.
 */
import type { z } from 'zod';
import type { SecurityOfficeRow, ZAddSecurityOfficeRequest, ZSecurityOfficeListRequest } from '@vigil/contract';
import { apiPost } from '../../shared/api/client';
import { downloadFile } from '../../shared/api/download';
import { crudKeys, listFilterFields, useCrudMutation, type ListFilter, type ListSource } from '../../shared/crud/api';
import type { OrgScope } from '../../shared/organization/org-scope';

const PATHS = {
  list: '/api/client/getallsecurityoffices',
  adminList: '/api/admin/getAllSecurityOffices',
  adminSave: '/api/admin/addsecurityoffice',
} as const;

type ListRequest = z.input<typeof ZSecurityOfficeListRequest>;
/** Body of ADD-SECURITY-OFFICE and UPDATE-SECURITY-OFFICE. */
export type SaveSecurityOfficeRequest = z.input<typeof ZAddSecurityOfficeRequest>;

/** Answer body of the list calls: a page of rows and the number of matches. */
interface ListBody {
  securityofficeobject: SecurityOfficeRow[];
  total: number;
}

export const securityOfficeKeys = {
  all: [...crudKeys.all, 'security-offices'] as const,
  list: (scope: OrgScope) => [...securityOfficeKeys.all, 'list', scope] as const,
  adminList: () => [...securityOfficeKeys.all, 'admin'] as const,
};

function source(path: string, key: readonly unknown[], scope: OrgScope): ListSource<SecurityOfficeRow> {
  const request = (q: ListFilter) => ({ ...scope, ...listFilterFields(q) }) satisfies ListRequest;
  return {
    key,
    page: (q, signal) =>
      apiPost<ListBody>(path, { ...request(q), offset: q.offset, limit: q.limit } satisfies ListRequest, { signal }).then((b) => ({
        rows: b.securityofficeobject,
        total: b.total,
      })),
    exportCsv: (q) => downloadFile(path, request(q), { format: 'csv' }),
  };
}

/** The security offices monitoring the organisation in `scope` (client console). */
export function securityOfficeList(scope: OrgScope): ListSource<SecurityOfficeRow> {
  return source(PATHS.list, securityOfficeKeys.list(scope), scope);
}

/** Every security office (platform admin). */
export const adminSecurityOfficeList: ListSource<SecurityOfficeRow> = source(PATHS.adminList, securityOfficeKeys.adminList(), {});

/** Platform admin: add or update a security office with the organisations it monitors. */
export function useSaveSecurityOffice() {
  return useCrudMutation((req: SaveSecurityOfficeRequest) => apiPost<{ securityofficeobject: SecurityOfficeRow }>(PATHS.adminSave, req));
}
