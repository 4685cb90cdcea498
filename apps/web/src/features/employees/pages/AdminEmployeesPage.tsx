/**
 * /admin/employees (spec §2 Admin area; issue 19): every employee (admin getallemployees) with
 * filters, search, paging and CSV; the platform admin adds an employee to any organisation and,
 * from a row, edits it, changes role and status, resends the activation or sends a temporary
 * password (AdminEmployeeDialog), all on the admin calls.
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { ZAddEmployeeRequest, type EmployeeRow } from '@vigil/contract';
import { EntityFormDialog } from '../../../shared/crud/EntityForm';
import { EntityList } from '../../../shared/crud/EntityList';
import { statusOptions } from '../../../shared/crud/fields';
import { useAdminOrganizationOptions } from '../../../shared/lookups/api';
import { adminEmployeeList, useAdminEmployeeWrites } from '../api';
import { employeeColumns, roleOptions } from '../columns';
import { AdminEmployeeDialog } from '../components/AdminEmployeeDialog';
import { EMPTY_EMPLOYEE, employeeFields } from '../employee-form';

/** The add form's schema: the employee's data and the organisation (required by the server for the admin). */
const ZAdminAdd = ZAddEmployeeRequest.omit({ case: true, version: true });
const NO_WORKS_IN = { regions: [], branches: [], securityOffices: [] };

export default function AdminEmployeesPage() {
  const { t } = useTranslation();
  const organizations = useAdminOrganizationOptions();
  const writes = useAdminEmployeeWrites();
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<EmployeeRow | null>(null);
  const worksInNames = new Set(['regionalOfficeIds', 'branchOfficeIds', 'securityOfficeIds']);
  return (
    <>
      <EntityList<EmployeeRow, 'organizationId' | 'roleId' | 'statusId'>
        testId="admin-employees"
        title={t('management.titles.employees')}
        source={adminEmployeeList}
        rowKey={(r) => r.UserId}
        onRowClick={setSelected}
        onAdd={() => setAdding(true)}
        addLabel={t('management.employee.add')}
        csvName="employees.csv"
        loadErrorKey="errors.retrievingUsers"
        filters={[
          { name: 'organizationId', label: t('management.fields.organization'), options: organizations },
          { name: 'roleId', label: t('management.fields.role'), options: roleOptions() },
          { name: 'statusId', label: t('management.fields.status'), options: statusOptions(t) },
        ]}
        columns={employeeColumns(t)}
      />
      <EntityFormDialog
        open={adding}
        title={t('management.employee.add')}
        onClose={() => setAdding(false)}
        testId="admin-employee-add"
        schema={ZAdminAdd}
        defaultValues={{ ...EMPTY_EMPLOYEE, organizationId: '' }}
        fields={[
          { name: 'organizationId', label: t('management.fields.organization'), kind: 'select', options: organizations, wide: true },
          ...employeeFields(t, NO_WORKS_IN, true).filter((f) => !worksInNames.has(f.name)),
        ]}
        onSubmit={async (v) => {
          const r = await writes.add.mutateAsync({ case: 'ADD-EMPLOYEE', version: 'new', ...v });
          setAdding(false);
          setSelected(r);
        }}
      />
      <AdminEmployeeDialog employee={selected} onClose={() => setSelected(null)} />
    </>
  );
}
