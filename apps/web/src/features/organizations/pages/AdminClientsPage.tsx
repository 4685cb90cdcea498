/**
 * /admin/clients (spec §2 Admin area; role 1 through /api/admin/*): the organisations list, add
 * (addclient) and edit (editclient) with the security offices monitoring them and their dealers —
 * the generic EntityList and EntityFormDialog with the contract schema; on an existing client, its
 * administrators and the form that adds one (a new client's first admins; issue 19).
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, Chip } from '@mui/material';
import { StatusId, ZAddClientRequest, formatPhoneInternational, type OrganizationRow } from '@vigil/contract';
import { useErrorText } from '../../../shared/api/use-error-text';
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
import { useAdminSecurityOfficeOptions, useDealerOptions } from '../../../shared/lookups/api';
import { ClientAdmins } from '../components/ClientAdmins';
import { adminOrganizationList, useAddClient, useAdminOrganization, useEditClient } from '../api';

export default function AdminClientsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const securityOffices = useAdminSecurityOfficeOptions();
  const dealers = useDealerOptions();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const add = useAddClient();
  const edit = useEditClient();
  const detail = useAdminOrganization(typeof editing === 'number' ? editing : null);
  const fields: FieldDef[] = [
    ...identityFields(t, false),
    { name: 'statusId', label: t('management.fields.status'), kind: 'select', options: statusOptions(t) },
    ...addressFields(t, true, 'admin'),
    ...contactFields(t),
    {
      name: 'securityOfficeIds',
      label: t('management.fields.monitoringSecurityOffices'),
      kind: 'multiselect',
      options: securityOffices,
      wide: true,
    },
    { name: 'dealerIds', label: t('management.fields.dealers'), kind: 'multiselect', options: dealers, wide: true },
  ];
  const d = detail.data;
  const open = editing === 'new' || (typeof editing === 'number' && !!d && d.OrganizationId === editing);
  const defaults =
    editing === 'new' || !d
      ? { name: '', statusId: String(StatusId.Active), timeZone: browserZone(), securityOfficeIds: [], dealerIds: [] }
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
      <EntityList<OrganizationRow, 'statusId'>
        testId="admin-clients"
        title={t('management.titles.clients')}
        source={adminOrganizationList}
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
        before={editing !== 'new' && d ? <ClientAdmins client={d} /> : undefined}
        onSubmit={async (v) => {
          if (editing === 'new') await add.mutateAsync(v);
          else if (editing !== null) await edit.mutateAsync({ ...v, organizationId: editing });
          setEditing(null);
        }}
      />
    </>
  );
}
