/** Columns of an employee list and the role filter (client and admin screens; spec §3 User). */
import type { TFunction } from 'i18next';
import { RoleId, ROLES, formatInZone, formatPhoneInternational, type EmployeeRow } from '@vigil/contract';
import type { Column } from '../../shared/crud/EntityList';
import type { Option } from '../../shared/lookups/api';

export function employeeColumns(t: TFunction): Column<EmployeeRow>[] {
  return [
    { key: 'name', label: t('management.fields.fullName'), render: (r) => `${r.Name} ${r.Surname}` },
    { key: 'email', label: t('management.fields.email'), render: (r) => r.Email },
    { key: 'phone', label: t('management.fields.phoneNumber'), render: (r) => formatPhoneInternational(r.PhoneNumber) },
    { key: 'role', label: t('management.fields.role'), render: (r) => r.RoleNameDisplay },
    { key: 'org', label: t('management.fields.organization'), render: (r) => r.OrganizationName ?? '' },
    {
      key: 'works',
      label: t('management.fields.worksIn'),
      render: (r) => r.WorksIn.map((w) => w.BranchOfficeName ?? w.RegionalOfficeName ?? w.SecurityOfficeName).join(', '),
    },
    { key: 'status', label: t('management.fields.status'), render: (r) => t(`management.status.${r.Status}`) },
    {
      key: 'lastLogin',
      label: t('management.fields.lastLogin'),
      render: (r) => (r.LastLogin ? formatInZone(r.LastLogin, r.OfficeTimeZone) : ''),
    },
  ];
}

/** Role filter options: every role but the platform admin. */
export const roleOptions = (): Option[] =>
  ROLES.filter((r) => r.Id !== RoleId.PlatformAdmin).map((r) => ({ value: r.Id, label: r.RoleNameDisplay }));
