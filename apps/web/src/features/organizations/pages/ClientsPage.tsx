/**
 * /clients (spec §2 Main area; role 12): the organisations the dealer serves. A click selects one;
 * the selected organisation is the one every screen acts on (shared/organization).
 */
import { useTranslation } from '../../../shared/i18n/translator';
import { Chip } from '@mui/material';
import { StatusId, formatPhoneInternational, type OrganizationSummary } from '@vigil/contract';
import { EntityList } from '../../../shared/crud/EntityList';
import { useSelectedOrganization } from '../../../shared/organization/api';
import { clientList } from '../api';

export default function ClientsPage() {
  const { t } = useTranslation();
  const org = useSelectedOrganization();
  return (
    <EntityList<OrganizationSummary>
      testId="clients"
      title={t('management.titles.clients')}
      source={clientList}
      rowKey={(r) => r.OrganizationId}
      onRowClick={(r) => org.select(r.OrganizationId)}
      columns={[
        { key: 'name', label: t('management.fields.name'), render: (r) => r.Name },
        { key: 'city', label: t('management.fields.city'), render: (r) => r.City ?? '' },
        { key: 'country', label: t('management.fields.country'), render: (r) => r.Country ?? '' },
        { key: 'phone', label: t('management.fields.phoneNumber'), render: (r) => formatPhoneInternational(r.PhoneNumber) },
        {
          key: 'status',
          label: t('management.fields.status'),
          render: (r) => (r.StatusId === StatusId.Active ? t('management.status.Active') : t('management.status.Inactive')),
        },
        {
          key: 'selected',
          label: '',
          render: (r) =>
            org.selected?.OrganizationId === r.OrganizationId ? (
              <Chip size="small" color="primary" label={t('management.selected')} data-testid="clients-selected" />
            ) : (
              ''
            ),
        },
      ]}
    />
  );
}
