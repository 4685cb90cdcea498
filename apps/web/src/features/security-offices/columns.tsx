/** Columns of a security office list (client and admin screens; spec §3 Security office). */
import type { TFunction } from 'i18next';
import { formatPhoneInternational, type SecurityOfficeRow } from '@vigil/contract';
import type { Column } from '../../shared/crud/EntityList';
import { StatusChip } from '../../shared/crud/StatusChip';

export function securityOfficeColumns(t: TFunction): Column<SecurityOfficeRow>[] {
  return [
    { key: 'name', label: t('management.fields.name'), render: (r) => r.Name },
    { key: 'code', label: t('management.fields.code'), render: (r) => r.Code },
    { key: 'city', label: t('management.fields.city'), render: (r) => r.City ?? '' },
    { key: 'phone', label: t('management.fields.phoneNumber'), render: (r) => formatPhoneInternational(r.PhoneNumber) },
    {
      key: 'monitoring',
      label: t('management.fields.isMonitoring'),
      render: (r) => (r.IsMonitoring ? t('management.yes') : t('management.no')),
    },
    { key: 'managing', label: t('management.fields.managing'), render: (r) => r.Managing.map((m) => m.OrganizationName).join(', ') },
    { key: 'status', label: t('management.fields.status'), render: (r) => <StatusChip status={r.Status} /> },
  ];
}
