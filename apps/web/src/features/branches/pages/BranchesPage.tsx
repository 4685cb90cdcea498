/** /branches (spec §2 Main area, "Locations"): the branch list, the add dialog, and (with ?id=) the branch editor. */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { useSearchParams } from 'react-router';
import { Alert, Chip } from '@mui/material';
import { StatusId, ZBranchDetails, formatPhoneInternational, type BranchOfficeRow } from '@vigil/contract';
import { EntityList } from '../../../shared/crud/EntityList';
import { EntityFormDialog } from '../../../shared/crud/EntityForm';
import { browserZone, statusOptions } from '../../../shared/crud/fields';
import { StatusChip } from '../../../shared/crud/StatusChip';
import { useCanManage, useOrgScope } from '../../../shared/organization/org-scope';
import { branchList, useAddBranch } from '../api';
import { branchFields, useBranchOptions } from '../branch-form';
import BranchPage from './BranchPage';

export default function BranchesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { scope, ready } = useOrgScope();
  const canManage = useCanManage();
  const [adding, setAdding] = useState(false);
  const options = useBranchOptions(scope, ready);
  const add = useAddBranch();
  const id = Number(params.get('id'));
  if (id > 0) return <BranchPage id={id} options={options} onBack={() => setParams({})} />;
  return (
    <>
      {options.typesFailed && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="branch-types-error">
          {t('errors.retrievingBranchTypes')}
        </Alert>
      )}
      <EntityList<BranchOfficeRow, 'regionalOfficeId' | 'branchOfficeTypeId' | 'statusId'>
        testId="branches"
        title={t('management.titles.branches')}
        source={branchList(scope)}
        enabled={ready}
        rowKey={(r) => r.BranchOfficeId}
        onRowClick={(r) => setParams({ id: String(r.BranchOfficeId) })}
        onAdd={canManage ? () => setAdding(true) : undefined}
        addLabel={t('management.actions.addBranch')}
        csvName="branches.csv"
        filters={[
          { name: 'regionalOfficeId', label: t('management.fields.region'), options: options.regions },
          { name: 'branchOfficeTypeId', label: t('management.fields.branchType'), options: options.types },
          { name: 'statusId', label: t('management.fields.status'), options: statusOptions(t) },
        ]}
        columns={[
          { key: 'name', label: t('management.fields.name'), render: (r) => r.Name },
          { key: 'code', label: t('management.fields.code'), render: (r) => r.Code },
          { key: 'type', label: t('management.fields.branchType'), render: (r) => r.BranchOfficeTypeDisplay },
          { key: 'region', label: t('management.fields.region'), render: (r) => r.RegionalOfficeName ?? '' },
          { key: 'city', label: t('management.fields.city'), render: (r) => r.City ?? '' },
          { key: 'phone', label: t('management.fields.phoneNumber'), render: (r) => formatPhoneInternational(r.PhoneNumber) },
          { key: 'status', label: t('management.fields.status'), render: (r) => <StatusChip status={r.Status} /> },
          {
            key: 'test',
            label: t('management.fields.testMode'),
            render: (r) =>
              r.TestMode ? <Chip size="small" color="info" label={t('management.fields.testMode')} title={r.TestNote ?? ''} /> : '',
          },
        ]}
      />
      <EntityFormDialog
        open={adding}
        testId="branch-add"
        title={t('management.actions.addBranch')}
        schema={ZBranchDetails}
        defaultValues={{
          name: '',
          code: '',
          branchOfficeTypeId: options.types[0]?.value ?? '',
          regionalOfficeId: '',
          securityOfficeId: '',
          statusId: String(StatusId.Active),
          timeZone: browserZone(),
          geofenceRadius: '200',
          testMode: false,
          testNote: '',
        }}
        fields={branchFields(t, options)}
        onClose={() => setAdding(false)}
        onSubmit={async (v) => {
          await add.mutateAsync({ case: 'ADD-BRANCH-OFFICE', ...scope, ...v });
          setAdding(false);
        }}
      />
    </>
  );
}
