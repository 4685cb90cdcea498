/**
 * Client organisations (spec §3 Organisation; §7 getorganizations, and the admin getorganizations,
 * getorganizationbyid, addclient, editclient). The dealer's list is the shared organisation list
 * (shared/organization: the selection every screen acts on); the platform admin's list, detail and
 * writes are here. Keys live under crudKeys.all.
 */
import { useQuery } from '@tanstack/react-query';
import { RoleId } from '@vigil/contract';
import type { z } from 'zod';
import type {
  OrganizationDetail,
  OrganizationRow,
  OrganizationSummary,
  ZAddClientRequest,
  ZAddEmployeeRequest,
  ZEditClientRequest,
  ZGetOrganizationByIdRequest,
  ZOrganizationListRequest,
} from '@vigil/contract';
import { apiPost } from '../../shared/api/client';
import { downloadFile } from '../../shared/api/download';
import { crudKeys, listFilterFields, useCrudMutation, type ListFilter, type ListSource } from '../../shared/crud/api';
import { fetchOrganizations } from '../../shared/organization/api';

const PATHS = {
  adminList: '/api/admin/getorganizations',
  adminDetail: '/api/admin/getorganizationbyid',
  add: '/api/admin/addclient',
  edit: '/api/admin/editclient',
  manageEmployees: '/api/admin/manageemployees',
} as const;

type AdminListRequest = z.input<typeof ZOrganizationListRequest>;
export type AddClientRequest = z.input<typeof ZAddClientRequest>;
export type EditClientRequest = z.input<typeof ZEditClientRequest>;

/** Answer body of the admin list: a page of rows and the number of matches. */
interface AdminListBody {
  organizationobject: OrganizationRow[];
  total: number;
}
/** Answer body of getorganizationbyid, addclient and editclient. */
interface DetailBody {
  organizationobject: OrganizationDetail;
}

export const organizationAdminKeys = {
  all: [...crudKeys.all, 'organizations'] as const,
  clients: () => [...organizationAdminKeys.all, 'clients'] as const,
  adminList: () => [...organizationAdminKeys.all, 'admin'] as const,
  detail: (id: number) => [...organizationAdminKeys.all, 'detail', id] as const,
};

/** The dealer's organisations (role 12): every one in one page. */
export const clientList: ListSource<OrganizationSummary> = {
  key: organizationAdminKeys.clients(),
  page: () => fetchOrganizations().then((rows) => ({ rows, total: rows.length })),
};

const adminRequest = (q: ListFilter<'statusId'>) => listFilterFields(q) satisfies AdminListRequest;

/** Platform admin: every organisation, filtered by status. */
export const adminOrganizationList: ListSource<OrganizationRow, 'statusId'> = {
  key: organizationAdminKeys.adminList(),
  page: (q, signal) =>
    apiPost<AdminListBody>(PATHS.adminList, { ...adminRequest(q), offset: q.offset, limit: q.limit } satisfies AdminListRequest, {
      signal,
    }).then((b) => ({ rows: b.organizationobject, total: b.total })),
  exportCsv: (q) => downloadFile(PATHS.adminList, adminRequest(q), { format: 'csv' }),
};

/** Platform admin: one organisation with contacts, dealers and security offices; `id` null = none. */
export function useAdminOrganization(id: number | null) {
  return useQuery({
    queryKey: organizationAdminKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      apiPost<DetailBody>(PATHS.adminDetail, { organizationId: id ?? 0 } satisfies z.input<typeof ZGetOrganizationByIdRequest>, {
        signal,
      }).then((b) => b.organizationobject),
    enabled: id !== null,
  });
}

/** Platform admin: add a client organisation (with its head office). */
export function useAddClient() {
  return useCrudMutation((req: AddClientRequest) => apiPost<DetailBody>(PATHS.add, req));
}

/** Platform admin: edit a client organisation. */
export function useEditClient() {
  return useCrudMutation((req: EditClientRequest) => apiPost<DetailBody>(PATHS.edit, req));
}

/** An organisation administrator to add (admin manageemployees ADD-EMPLOYEE with role 2). */
export type AddOrganizationAdminRequest = Omit<z.input<typeof ZAddEmployeeRequest>, 'case' | 'version' | 'roleId'> & {
  organizationId: number;
};

/**
 * Platform admin: an organisation's administrator (role 2), e.g. a new client's first one, added
 * from the client's page (issue 19) through admin manageemployees ADD-EMPLOYEE; Pending until the
 * activation mailed when sendEmail. Refreshes the client's detail (its Admins).
 */
export function useAddOrganizationAdmin() {
  return useCrudMutation((req: AddOrganizationAdminRequest) =>
    apiPost<unknown>(PATHS.manageEmployees, {
      ...req,
      case: 'ADD-EMPLOYEE',
      version: 'new',
      roleId: RoleId.OrganizationAdmin,
    } satisfies z.input<typeof ZAddEmployeeRequest>),
  );
}
