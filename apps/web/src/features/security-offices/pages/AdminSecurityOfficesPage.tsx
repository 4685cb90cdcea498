/** /admin/security-offices (spec §2 Admin area): every security office; add and update (addsecurityoffice) with the organisations it monitors. */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { StatusId, ZSecurityOfficeDetails, type SecurityOfficeRow } from '@vigil/contract';
import { EntityList } from '../../../shared/crud/EntityList';
import { EntityFormDialog, type FieldDef } from '../../../shared/crud/EntityForm';
import { addressFields, addressValues, browserZone, identityFields, statusOptions } from '../../../shared/crud/fields';
import { useAdminOrganizationOptions } from '../../../shared/lookups/api';
import { adminSecurityOfficeList, useSaveSecurityOffice } from '../api';
import { securityOfficeColumns } from '../columns';

export default function AdminSecurityOfficesPage() {
  const { t } = useTranslation();
  const organizations = useAdminOrganizationOptions();
  const [editing, setEditing] = useState<SecurityOfficeRow | 'new' | null>(null);
  const save = useSaveSecurityOffice();
  const fields: FieldDef[] = [
    ...identityFields(t),
    { name: 'statusId', label: t('management.fields.status'), kind: 'select', options: statusOptions(t) },
    { name: 'isMonitoring', label: t('management.fields.isMonitoring'), kind: 'switch' },
    ...addressFields(t, true, 'admin'),
    { name: 'organizationIds', label: t('management.fields.managing'), kind: 'multiselect', options: organizations, wide: true },
  ];
  const s = editing && editing !== 'new' ? editing : null;
  return (
    <>
      <EntityList<SecurityOfficeRow>
        testId="admin-security-offices"
        title={t('management.titles.securityOffices')}
        source={adminSecurityOfficeList}
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
            render: (r) => r.Admins.map((a) => `${a.AdminName} ${a.AdminSurname}`).join(', '),
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
            : { name: '', code: '', statusId: String(StatusId.Active), isMonitoring: true, timeZone: browserZone(), organizationIds: [] }
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
