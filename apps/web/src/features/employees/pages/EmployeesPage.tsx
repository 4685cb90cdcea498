/**
 * /employees (spec §2 Main area): the employees list (getallemployees: filters, search, server-side
 * paging, CSV), adding employees and the CSV import. Forms use the generic scaffold with the
 * contract's ZEmployeeDetails.
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { useNavigate } from 'react-router';
import { Button, Stack } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { ZEmployeeDetails, type EmployeeRow } from '@vigil/contract';
import { EntityFormDialog } from '../../../shared/crud/EntityForm';
import { EntityList } from '../../../shared/crud/EntityList';
import { statusOptions } from '../../../shared/crud/fields';
import { useCanManage, useOrgScope } from '../../../shared/organization/org-scope';
import { employeeList, useAddEmployee } from '../api';
import { employeeColumns, roleOptions } from '../columns';
import { ImportDialog } from '../components/ImportDialog';
import { EMPTY_EMPLOYEE, employeeFields } from '../employee-form';
import { useWorksInOptions } from '../use-works-in-options';

export default function EmployeesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { scope, ready } = useOrgScope();
  const canManage = useCanManage();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const options = useWorksInOptions(scope, ready && canManage);
  const add = useAddEmployee();
  return (
    <Stack sx={{ gap: 1 }}>
      {canManage && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button startIcon={<UploadFileIcon />} onClick={() => setImporting(true)} disabled={!ready} data-testid="employees-import">
            {t('management.employee.import')}
          </Button>
        </Stack>
      )}
      <EntityList<EmployeeRow, 'roleId' | 'statusId'>
        testId="employees"
        title={t('management.titles.employees')}
        source={employeeList(scope)}
        enabled={ready}
        rowKey={(r) => r.UserId}
        onRowClick={(r) => void navigate(`/employees/${r.UserId}`)}
        csvName="employees.csv"
        loadErrorKey="errors.retrievingUsers"
        filters={[
          { name: 'roleId', label: t('management.fields.role'), options: roleOptions() },
          { name: 'statusId', label: t('management.fields.status'), options: statusOptions(t) },
        ]}
        columns={employeeColumns(t)}
        {...(canManage ? { onAdd: () => setAdding(true), addLabel: t('management.employee.add') } : {})}
      />
      <EntityFormDialog
        open={adding}
        title={t('management.employee.add')}
        onClose={() => setAdding(false)}
        testId="employee-add"
        schema={ZEmployeeDetails}
        defaultValues={EMPTY_EMPLOYEE}
        fields={employeeFields(t, options, true)}
        onSubmit={async (v) => {
          const r = await add.mutateAsync({ case: 'ADD-EMPLOYEE', version: 'new', ...scope, ...v });
          setAdding(false);
          void navigate(`/employees/${r.UserId}`);
        }}
      />
      <ImportDialog open={importing} onClose={() => setImporting(false)} scope={scope} />
    </Stack>
  );
}
