/**
 * Page group "client" (lazy): the dealer's organisations (/clients; choosing one sets the selected
 * organisation used by every screen) and the head office (/mainoffice) with contacts, week
 * schedule, holidays and timers — both on the generic scaffold.
 */
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import { Alert, Chip, Stack, Typography } from '@mui/material';
import { formatPhoneInternational, ZHeadOfficeDetails, type HeadOfficeDetail, type OrganizationSummary } from '@vigil/contract';
import { useErrorText } from '../../../shared/api/use-error-text';
import { useSelectedOrganization } from '../../../shared/organization/api';
import { useCall, useSave } from '../../../shared/crud/api';
import { EntityList } from '../../../shared/crud/EntityList';
import { OfficeTabs } from '../../../shared/crud/OfficeTabs';
import { addressFields, addressValues, contactFields, contactValues, identityFields } from '../../../shared/crud/fields';
import { useCanManage, useOrgBody } from '../../branches/pages/BranchesPage';

/** /clients (role 12): the organisations the dealer serves; a click selects one. */
function ClientsPage() {
  const { t } = useTranslation();
  const org = useSelectedOrganization();
  return (
    <EntityList<OrganizationSummary>
      testId="clients"
      title={t('management.titles.clients')}
      path="/api/client/getorganizations"
      baseBody={{}}
      pick={(b) => {
        const list = b.organizationobject as OrganizationSummary[];
        return { rows: list, total: list.length };
      }}
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
          render: (r) => (r.StatusId === 1 ? t('management.status.Active') : t('management.status.Inactive')),
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

/** /mainoffice: the head office with contacts, week schedule, holidays and timers. */
function MainOfficePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { body: orgBody, ready } = useOrgBody();
  const canManage = useCanManage();
  const q = useCall('/api/client/getoffices', { case: 'GET-HEAD-OFFICE', ...orgBody }, (b) => b.officeobject as HeadOfficeDetail, ready);
  const save = useSave('/api/client/getoffices');
  const h = q.data;
  return (
    <Stack sx={{ gap: 2 }} data-testid="mainoffice">
      <Typography variant="h5" component="h1">
        {h ? h.Name : t('management.titles.mainoffice')}
      </Typography>
      {q.isError && <Alert severity="error">{errorText(q.error)}</Alert>}
      {!canManage && <Alert severity="info">{t('management.readOnly')}</Alert>}
      {h && (
        <OfficeTabs
          key={h.Id}
          testId="mainoffice"
          schedule={h}
          details={{
            schema: ZHeadOfficeDetails,
            fields: [...identityFields(t), ...addressFields(t), ...contactFields(t)],
            defaultValues: {
              ...addressValues(h),
              code: h.Code,
              timeZone: h.TimeZone,
              ...contactValues('primary', h.PrimaryContact),
              ...contactValues('secondary', h.SecondaryContact),
            },
            save: (v: FieldValues) => save.mutateAsync({ case: 'UPDATE-HEAD-OFFICE-DETAILS', ...orgBody, ...v }),
          }}
          saveSchedule={(part, v) => save.mutateAsync({ case: `UPDATE-HEAD-OFFICE-${part}`, ...orgBody, ...v })}
        />
      )}
    </Stack>
  );
}

export const pages = {
  clients: ClientsPage,
  mainoffice: MainOfficePage,
};
