/**
 * Admin console management screens (spec §2 Admin area; role 1 through /api/admin/*): clients
 * (organisations), security offices and every employee — the generic EntityList and
 * EntityFormDialog with the contract schemas.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Chip } from '@mui/material';
import {
  formatPhoneInternational,
  ZAddClientRequest,
  ZSecurityOfficeDetails,
  type EmployeeRow,
  type OrganizationDetail,
  type OrganizationRow,
  type SecurityOfficeRow,
} from '@vigil/contract';
import { useErrorText } from '../../../shared/api/use-error-text';
import { useCall, useSave } from '../../../shared/crud/api';
import { EntityList } from '../../../shared/crud/EntityList';
import { EntityFormDialog, type FieldDef } from '../../../shared/crud/EntityForm';
import {
  addressFields,
  addressValues,
  browserZone,
  contactFields,
  contactValues,
  identityFields,
  statusOptions,
} from '../../../shared/crud/fields';
import { securityOfficeColumns } from '../../branches/pages/BranchesPage';
import { employeeColumns, roleOptions } from '../../employees/pages/EmployeesPage';

/** Every security office and every organisation, for the link selects. */
function useAdminOptions() {
  const sos = useCall('/api/admin/getAllSecurityOffices', { offset: 0, limit: 1000 }, (b) => b.securityofficeobject as SecurityOfficeRow[]);
  const orgs = useCall('/api/admin/getorganizations', { offset: 0, limit: 1000 }, (b) => b.organizationobject as OrganizationRow[]);
  const dealers = useCall(
    '/api/admin/getallemployees',
    { case: 'GET-ALL-EMPLOYEES', roleId: 12, offset: 0, limit: 1000 },
    (b) => b.personobject as EmployeeRow[],
  );
  return {
    securityOffices: (sos.data ?? []).map((s) => ({ value: s.SecurityOfficeId, label: s.Name })),
    organizations: (orgs.data ?? []).map((o) => ({ value: o.OrganizationId, label: o.Name })),
    dealers: (dealers.data ?? []).map((d) => ({ value: d.UserId, label: `${d.Name} ${d.Surname} <${d.Email}>` })),
  };
}

/** /admin/clients: organisations list, add (addclient) and edit (editclient). */
export function AdminClientsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const options = useAdminOptions();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const add = useSave('/api/admin/addclient');
  const edit = useSave('/api/admin/editclient');
  const detail = useCall(
    '/api/admin/getorganizationbyid',
    { organizationId: typeof editing === 'number' ? editing : 0 },
    (b) => b.organizationobject as OrganizationDetail,
    typeof editing === 'number',
  );
  const fields: FieldDef[] = [
    ...identityFields(t, false),
    { name: 'statusId', label: t('management.fields.status'), kind: 'select', options: statusOptions(t) },
    ...addressFields(t, true, '/api/admin/geocode'),
    ...contactFields(t),
    {
      name: 'securityOfficeIds',
      label: t('management.fields.monitoringSecurityOffices'),
      kind: 'multiselect',
      options: options.securityOffices,
      wide: true,
    },
    { name: 'dealerIds', label: t('management.fields.dealers'), kind: 'multiselect', options: options.dealers, wide: true },
  ];
  const d = detail.data;
  const open = editing === 'new' || (typeof editing === 'number' && !!d && d.OrganizationId === editing);
  const defaults =
    editing === 'new' || !d
      ? { name: '', statusId: '1', timeZone: browserZone(), securityOfficeIds: [], dealerIds: [] }
      : {
          ...addressValues(d),
          statusId: String(d.StatusId),
          timeZone: d.TimeZone,
          ...contactValues('primary', d.PrimaryContact),
          ...contactValues('secondary', d.SecondaryContact),
          securityOfficeIds: d.SecurityOffices.map((s) => s.Id),
          dealerIds: d.Dealers.filter((x) => x.DealerAssignedHere).map((x) => x.UserId),
        };
  return (
    <>
      <EntityList<OrganizationRow>
        testId="admin-clients"
        title={t('management.titles.clients')}
        path="/api/admin/getorganizations"
        baseBody={{}}
        pick={(b) => ({ rows: b.organizationobject as OrganizationRow[], total: b.total as number })}
        rowKey={(r) => r.OrganizationId}
        onRowClick={(r) => setEditing(r.OrganizationId)}
        onAdd={() => setEditing('new')}
        addLabel={t('management.actions.addClient')}
        csvName="clients.csv"
        filters={[{ name: 'statusId', label: t('management.fields.status'), options: statusOptions(t) }]}
        columns={[
          { key: 'name', label: t('management.fields.name'), render: (r) => r.Name },
          { key: 'city', label: t('management.fields.city'), render: (r) => r.City ?? '' },
          { key: 'country', label: t('management.fields.country'), render: (r) => r.Country ?? '' },
          { key: 'phone', label: t('management.fields.phoneNumber'), render: (r) => formatPhoneInternational(r.PhoneNumber) },
          { key: 'branches', label: t('management.fields.branches'), render: (r) => r.BranchCount },
          {
            key: 'status',
            label: t('management.fields.status'),
            render: (r) => (
              <Chip
                size="small"
                color={r.Active ? 'success' : 'default'}
                label={r.Active ? t('management.status.Active') : t('management.status.Inactive')}
              />
            ),
          },
        ]}
      />
      {detail.isError && <Alert severity="error">{errorText(detail.error)}</Alert>}
      <EntityFormDialog
        open={open}
        key={String(editing)}
        testId="client-form"
        title={editing === 'new' ? t('management.actions.addClient') : t('management.actions.editClient')}
        schema={ZAddClientRequest}
        defaultValues={defaults}
        fields={fields}
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          if (editing === 'new') await add.mutateAsync(v);
          else await edit.mutateAsync({ ...v, organizationId: editing });
          setEditing(null);
        }}
      />
    </>
  );
}

/** /admin/security-offices: list, add and update (addsecurityoffice) with the organisations it manages. */
export function AdminSecurityOfficesPage() {
  const { t } = useTranslation();
  const options = useAdminOptions();
  const [editing, setEditing] = useState<SecurityOfficeRow | 'new' | null>(null);
  const save = useSave('/api/admin/addsecurityoffice');
  const fields: FieldDef[] = [
    ...identityFields(t),
    { name: 'statusId', label: t('management.fields.status'), kind: 'select', options: statusOptions(t) },
    { name: 'isMonitoring', label: t('management.fields.isMonitoring'), kind: 'switch' },
    ...addressFields(t, true, '/api/admin/geocode'),
    { name: 'organizationIds', label: t('management.fields.managing'), kind: 'multiselect', options: options.organizations, wide: true },
  ];
  const s = editing && editing !== 'new' ? editing : null;
  return (
    <>
      <EntityList<SecurityOfficeRow>
        testId="admin-security-offices"
        title={t('management.titles.securityOffices')}
        path="/api/admin/getAllSecurityOffices"
        baseBody={{}}
        pick={(b) => ({ rows: b.securityofficeobject as SecurityOfficeRow[], total: b.total as number })}
        rowKey={(r) => r.SecurityOfficeId}
        onRowClick={(r) => setEditing(r)}
        onAdd={() => setEditing('new')}
        addLabel={t('management.actions.addSecurityOffice')}
        csvName="security-offices.csv"
        columns={[
          ...securityOfficeColumns(t),
          {
            key: 'admins',
            label: t('management.fields.admins'),
            render: (r: SecurityOfficeRow) => r.Admins.map((a) => `${a.AdminName} ${a.AdminSurname}`).join(', '),
          },
        ]}
      />
      <EntityFormDialog
        open={editing != null}
        key={s ? s.SecurityOfficeId : 'new'}
        testId="security-office-form"
        title={s ? t('management.actions.editSecurityOffice') : t('management.actions.addSecurityOffice')}
        schema={ZSecurityOfficeDetails}
        defaultValues={
          s
            ? {
                ...addressValues(s),
                code: s.Code,
                statusId: String(s.StatusId),
                isMonitoring: s.IsMonitoring,
                timeZone: s.TimeZone,
                organizationIds: s.Managing.map((m) => m.OrganizationId),
              }
            : { name: '', code: '', statusId: '1', isMonitoring: true, timeZone: browserZone(), organizationIds: [] }
        }
        fields={fields}
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          await save.mutateAsync(
            s ? { case: 'UPDATE-SECURITY-OFFICE', securityOfficeId: s.SecurityOfficeId, ...v } : { case: 'ADD-SECURITY-OFFICE', ...v },
          );
          setEditing(null);
        }}
      />
    </>
  );
}

/** /admin/employees: every employee (getallemployees), filters, search, paging and CSV. */
export function AdminEmployeesPage() {
  const { t } = useTranslation();
  const options = useAdminOptions();
  return (
    <EntityList<EmployeeRow>
      testId="admin-employees"
      title={t('management.titles.employees')}
      path="/api/admin/getallemployees"
      baseBody={{ case: 'GET-ALL-EMPLOYEES' }}
      pick={(b) => ({ rows: b.personobject as EmployeeRow[], total: b.total as number })}
      rowKey={(r) => r.UserId}
      csvName="employees.csv"
      filters={[
        { name: 'organizationId', label: t('management.fields.organization'), options: options.organizations },
        { name: 'roleId', label: t('management.fields.role'), options: roleOptions() },
        { name: 'statusId', label: t('management.fields.status'), options: statusOptions(t) },
      ]}
      columns={employeeColumns(t)}
    />
  );
}
