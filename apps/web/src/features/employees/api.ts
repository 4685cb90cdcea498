/**
 * Employees (users; spec §3 User, §7 Employees and profile: getallemployees, getemployee,
 * manageemployees, managerolestatus; admin getallemployees): the lists, one employee, add, update,
 * resend activation, status changes and the CSV import (preview, then import of a clean file).
 * Keys live under crudKeys.all.
 */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  EmployeeRow,
  GetOfficesV2Body,
  GetOfficesV2Request,
  ImportResult,
  ZGetAllEmployeesRequest,
  ZGetEmployeeRequest,
  ZManageEmployeesRequest,
  ZManageRoleStatusRequest,
  KnownOperator,
  ZGetKnownOperatorsRequest,
} from '@vigil/contract';
import { apiPost } from '../../shared/api/client';
import { downloadFile } from '../../shared/api/download';
import { crudKeys, listFilterFields, useCrudMutation, type ListFilter, type ListSource } from '../../shared/crud/api';
import { LOOKUP_LIMIT, type Option } from '../../shared/lookups/api';
import type { OrgScope } from '../../shared/organization/org-scope';
import type { TextOption } from './employee-form';

const PATHS = {
  list: '/api/client/getallemployees',
  adminList: '/api/admin/getallemployees',
  detail: '/api/client/getemployee',
  manage: '/api/client/manageemployees',
  roleStatus: '/api/client/managerolestatus',
  adminManage: '/api/admin/manageemployees',
  adminRoleStatus: '/api/admin/managerolestatus',
  branches: '/api/client/getofficesv2',
  operators: '/api/client/getknownoperators',
} as const;

type ListRequest = z.input<typeof ZGetAllEmployeesRequest>;
type ManageRequest = z.input<typeof ZManageEmployeesRequest>;
export type AddEmployeeRequest = Extract<ManageRequest, { case: 'ADD-EMPLOYEE' }>;
export type UpdateEmployeeRequest = Extract<ManageRequest, { case: 'UPDATE-EMPLOYEE' }>;
export type RoleStatusRequest = z.input<typeof ZManageRoleStatusRequest>;

/** Answer body of the list calls: a page of rows and the number of matches. */
interface ListBody {
  personobject: EmployeeRow[];
  total: number;
}
/** Answer body of getemployee, ADD-EMPLOYEE, UPDATE-EMPLOYEE and managerolestatus. */
interface PersonBody {
  personobject: EmployeeRow;
}

export const employeeKeys = {
  all: [...crudKeys.all, 'employees'] as const,
  list: (scope: OrgScope) => [...employeeKeys.all, 'list', scope] as const,
  adminList: () => [...employeeKeys.all, 'admin'] as const,
  detail: (id: number) => [...employeeKeys.all, 'detail', id] as const,
  branchOptions: (scope: OrgScope) => [...employeeKeys.all, 'branch-options', scope] as const,
  operators: () => [...employeeKeys.all, 'operators'] as const,
};

function source<F extends string>(path: string, key: readonly unknown[], scope: OrgScope): ListSource<EmployeeRow, F> {
  const request = (q: ListFilter<F>) => ({ case: 'GET-ALL-EMPLOYEES', ...scope, ...listFilterFields(q) }) satisfies ListRequest;
  return {
    key,
    page: (q, signal) =>
      apiPost<ListBody>(path, { ...request(q), offset: q.offset, limit: q.limit } satisfies ListRequest, { signal }).then((b) => ({
        rows: b.personobject,
        total: b.total,
      })),
    exportCsv: (q) => downloadFile(path, request(q), { format: 'csv' }),
  };
}

/** The employees of the organisation in `scope`, filtered by role and status. */
export function employeeList(scope: OrgScope): ListSource<EmployeeRow, 'roleId' | 'statusId'> {
  return source(PATHS.list, employeeKeys.list(scope), scope);
}

/** Platform admin: every employee, filtered by organisation, role and status. */
export const adminEmployeeList: ListSource<EmployeeRow, 'organizationId' | 'roleId' | 'statusId'> = source(
  PATHS.adminList,
  employeeKeys.adminList(),
  {},
);

/** One employee; waits while `id` is not a valid id. */
export function useEmployee(id: number) {
  return useQuery({
    queryKey: employeeKeys.detail(id),
    queryFn: ({ signal }) =>
      apiPost<PersonBody>(PATHS.detail, { case: 'GET-EMPLOYEE-BY-ID', employeeId: id } satisfies z.input<typeof ZGetEmployeeRequest>, {
        signal,
      }).then((b) => b.personobject),
    enabled: id > 0,
  });
}

/** Add an employee (ADD-EMPLOYEE, version new); resolves with the new row. */
export function useAddEmployee() {
  return useCrudMutation((req: AddEmployeeRequest) => apiPost<PersonBody>(PATHS.manage, req).then((b) => b.personobject));
}

/** Update an employee (UPDATE-EMPLOYEE, version new). */
export function useUpdateEmployee() {
  return useCrudMutation((req: UpdateEmployeeRequest) => apiPost<PersonBody>(PATHS.manage, req).then((b) => b.personobject));
}

/** A new activation link for a Pending employee (RESEND-ACTIVATION; the answer has no body). */
export function useResendActivation() {
  return useCrudMutation((employeeId: number) =>
    apiPost<undefined>(PATHS.manage, { case: 'RESEND-ACTIVATION', employeeId } satisfies ManageRequest),
  );
}

/** Change an employee's role and/or status (managerolestatus). */
export function useSetRoleStatus() {
  return useCrudMutation((req: RoleStatusRequest) => apiPost<PersonBody>(PATHS.roleStatus, req).then((b) => b.personobject));
}

/**
 * The CSV import of the organisation in `scope`: `preview` checks every row and imports nothing
 * (IMPORT-EMPLOYEES-PREVIEW); otherwise a clean file is imported (IMPORT-EMPLOYEES).
 */
export function useImportEmployees(scope: OrgScope) {
  return useCrudMutation((v: { csv: string; preview: boolean }) =>
    apiPost<ImportResult>(
      PATHS.manage,
      v.preview
        ? ({ case: 'IMPORT-EMPLOYEES-PREVIEW', csv: v.csv, ...scope } satisfies ManageRequest)
        : ({ case: 'IMPORT-EMPLOYEES', csv: v.csv, ...scope } satisfies ManageRequest),
    ),
  );
}

/** The organisation's branches for the WorksIn select (getofficesv2, up to LOOKUP_LIMIT). */
export function useBranchOptions(scope: OrgScope, enabled: boolean): Option[] {
  const q = useQuery({
    queryKey: employeeKeys.branchOptions(scope),
    queryFn: ({ signal }) =>
      apiPost<GetOfficesV2Body>(
        PATHS.branches,
        { case: 'GET-ALL-BRANCH-OFFICES', ...scope, offset: 0, limit: LOOKUP_LIMIT } satisfies GetOfficesV2Request,
        { signal },
      ),
    enabled,
  });
  return (q.data?.organizationobject ?? []).map((x) => ({ value: x.BranchOfficeId, label: x.Name }));
}

/**
 * The platform admin's writes (spec §2 /admin/employees; §7 admin manageemployees, managerolestatus)
 * for any organisation: add (organizationId required), update, resend activation (Pending users),
 * temporary password (SEND-TEMPORARY-PASSWORD, Active users; mailed to the user, never shown here)
 * and role/status changes. Each resolves with the server's description or the employee row.
 */
export function useAdminEmployeeWrites() {
  return {
    add: useCrudMutation((req: AddEmployeeRequest) => apiPost<PersonBody>(PATHS.adminManage, req).then((b) => b.personobject)),
    update: useCrudMutation((req: UpdateEmployeeRequest) => apiPost<PersonBody>(PATHS.adminManage, req).then((b) => b.personobject)),
    resend: useCrudMutation((employeeId: number) =>
      apiPost<undefined>(PATHS.adminManage, { case: 'RESEND-ACTIVATION', employeeId } satisfies ManageRequest),
    ),
    temporaryPassword: useCrudMutation((employeeId: number) =>
      apiPost<undefined>(PATHS.adminManage, { case: 'SEND-TEMPORARY-PASSWORD', employeeId } satisfies ManageRequest),
    ),
    roleStatus: useCrudMutation((req: RoleStatusRequest) => apiPost<PersonBody>(PATHS.adminRoleStatus, req).then((b) => b.personobject)),
  };
}

/** The SMS operators for a user's CarrierInfo (getknownoperators `operators`, spec §3 Operator), as select options by brand. */
export function useOperatorOptions(enabled: boolean): TextOption[] {
  const q = useQuery({
    queryKey: employeeKeys.operators(),
    queryFn: ({ signal }) =>
      apiPost<{ operators: KnownOperator[] }>(
        PATHS.operators,
        { case: 'GET-BRANCH-OFFICE-TYPES' } satisfies z.input<typeof ZGetKnownOperatorsRequest>,
        { signal },
      ).then((b) => b.operators),
    enabled,
    staleTime: Infinity,
  });
  return (q.data ?? []).map((o) => ({ value: o.Brand, label: `${o.Brand} (${o.SmsDomain})` }));
}
