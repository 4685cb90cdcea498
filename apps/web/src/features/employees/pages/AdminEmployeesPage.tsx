/** /admin/employees (spec §2 Admin area): every employee (admin getallemployees) with filters, search, paging and CSV. */
import { useTranslation } from 'react-i18next';
import type { EmployeeRow } from '@vigil/contract';
import { EntityList } from '../../../shared/crud/EntityList';
import { statusOptions } from '../../../shared/crud/fields';
import { useAdminOrganizationOptions } from '../../../shared/lookups/api';
import { adminEmployeeList } from '../api';
import { employeeColumns, roleOptions } from '../columns';

export default function AdminEmployeesPage() {
  const { t } = useTranslation();
  const organizations = useAdminOrganizationOptions();
  return (
    <EntityList<EmployeeRow, 'organizationId' | 'roleId' | 'statusId'>
      testId="admin-employees"
      title={t('management.titles.employees')}
      source={adminEmployeeList}
      rowKey={(r) => r.UserId}
      csvName="employees.csv"
      filters={[
        { name: 'organizationId', label: t('management.fields.organization'), options: organizations },
        { name: 'roleId', label: t('management.fields.role'), options: roleOptions() },
        { name: 'statusId', label: t('management.fields.status'), options: statusOptions(t) },
      ]}
      columns={employeeColumns(t)}
    />
  );
}
