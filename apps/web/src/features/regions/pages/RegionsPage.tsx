/** /regions (spec §2 Main area): the regional offices list, the add dialog, and (with ?id=) the region editor. */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { useSearchParams } from 'react-router';
import { StatusId, ZRegionalDetails, formatPhoneInternational, type OfficeRow } from '@vigil/contract';
import { EntityList } from '../../../shared/crud/EntityList';
import { EntityFormDialog, type FieldDef } from '../../../shared/crud/EntityForm';
import { addressFields, browserZone, identityFields, statusOptions } from '../../../shared/crud/fields';
import { StatusChip } from '../../../shared/crud/StatusChip';
import { useCanManage, useOrgScope } from '../../../shared/organization/org-scope';
import { regionList, useAddRegion } from '../api';
import RegionPage from './RegionPage';

export default function RegionsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { scope, ready } = useOrgScope();
  const canManage = useCanManage();
  const [adding, setAdding] = useState(false);
  const add = useAddRegion();
  const id = Number(params.get('id'));
  const fields: FieldDef[] = [
    ...identityFields(t),
    { name: 'statusId', label: t('management.fields.status'), kind: 'select', options: statusOptions(t) },
    ...addressFields(t),
  ];
  if (id > 0) return <RegionPage id={id} fields={fields} onBack={() => setParams({})} />;
  return (
    <>
      <EntityList<OfficeRow, 'statusId'>
        testId="regions"
        title={t('management.titles.regions')}
        source={regionList(scope)}
        enabled={ready}
        rowKey={(r) => r.Id}
        onRowClick={(r) => setParams({ id: String(r.Id) })}
        onAdd={canManage ? () => setAdding(true) : undefined}
        addLabel={t('management.actions.addRegion')}
        csvName="regions.csv"
        filters={[{ name: 'statusId', label: t('management.fields.status'), options: statusOptions(t) }]}
        columns={[
          { key: 'name', label: t('management.fields.name'), render: (r) => r.Name },
          { key: 'code', label: t('management.fields.code'), render: (r) => r.Code },
          { key: 'city', label: t('management.fields.city'), render: (r) => r.City ?? '' },
          { key: 'phone', label: t('management.fields.phoneNumber'), render: (r) => formatPhoneInternational(r.PhoneNumber) },
          { key: 'branches', label: t('management.fields.branches'), render: (r) => r.BranchCount },
          { key: 'status', label: t('management.fields.status'), render: (r) => <StatusChip status={r.Status} /> },
        ]}
      />
      <EntityFormDialog
        open={adding}
        testId="region-add"
        title={t('management.actions.addRegion')}
        schema={ZRegionalDetails}
        defaultValues={{ name: '', code: '', statusId: String(StatusId.Active), timeZone: browserZone() }}
        fields={fields}
        onClose={() => setAdding(false)}
        onSubmit={async (v) => {
          await add.mutateAsync({ ...scope, ...v });
          setAdding(false);
        }}
      />
    </>
  );
}
