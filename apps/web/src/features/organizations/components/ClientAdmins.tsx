/**
 * The client's administrators on the platform admin's client page (spec §3 Organisation Admins;
 * issue 19): who administers the organisation, with status, and a form that adds one (role 2,
 * activation mailed) — how a new client gets its first admins.
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { Box, Button, Chip, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { StatusId, ZEmployeeDetails, formatPhoneInternational, type OrganizationDetail } from '@vigil/contract';
import { EntityForm, type FieldDef } from '../../../shared/crud/EntityForm';
import { useAddOrganizationAdmin } from '../api';

const ZAdminPerson = ZEmployeeDetails.pick({ name: true, surname: true, email: true, phoneNumber: true, langId: true, sendEmail: true });
const STATUS_NAME: Record<number, string> = { [StatusId.Active]: 'Active', [StatusId.Pending]: 'Pending' };

export function ClientAdmins({ client }: { client: OrganizationDetail }) {
  const { t } = useTranslation();
  const add = useAddOrganizationAdmin();
  const [adding, setAdding] = useState(false);
  const fields: FieldDef[] = [
    { name: 'name', label: t('management.fields.name'), maxLength: 100 },
    { name: 'surname', label: t('management.employee.surname'), maxLength: 100 },
    { name: 'email', label: t('management.fields.email') },
    { name: 'phoneNumber', label: t('management.fields.phoneNumber'), kind: 'phone' },
    {
      name: 'langId',
      label: t('management.employee.language'),
      kind: 'select',
      options: [
        { value: 'en', label: 'English' },
        { value: 'sq', label: 'Shqip' },
      ],
    },
    { name: 'sendEmail', label: t('management.employee.sendEmail'), kind: 'switch' },
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="client-admins">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="subtitle1" component="h2">
          {t('management.clientAdmins.title')}
        </Typography>
        {!adding && (
          <Button startIcon={<PersonAddIcon />} onClick={() => setAdding(true)} data-testid="client-admins-add">
            {t('management.clientAdmins.add')}
          </Button>
        )}
      </Box>
      {client.Admins.length === 0 ? (
        <Typography color="text.secondary" data-testid="client-admins-empty">
          {t('management.clientAdmins.none')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {client.Admins.map((a) => (
            <ListItem key={a.UserId} disableGutters data-testid="client-admins-row">
              <ListItemText
                primary={`${a.Name} ${a.Surname}`}
                secondary={[a.Email, formatPhoneInternational(a.PhoneNumber)].filter(Boolean).join(' · ')}
              />
              <Chip
                size="small"
                color={a.StatusId === StatusId.Active ? 'success' : 'default'}
                label={t(`management.status.${STATUS_NAME[a.StatusId] ?? 'Inactive'}`)}
              />
            </ListItem>
          ))}
        </List>
      )}
      {adding && (
        <EntityForm
          testId="client-admin-add"
          schema={ZAdminPerson}
          defaultValues={{ name: '', surname: '', email: '', phoneNumber: '', langId: 'en', sendEmail: true }}
          fields={fields}
          submitLabel={t('management.clientAdmins.add')}
          onSubmit={async (v) => {
            await add.mutateAsync({
              ...v,
              organizationId: client.OrganizationId,
              geofenceValidation: false,
              regionalOfficeIds: [],
              branchOfficeIds: [],
              securityOfficeIds: [],
            });
            setAdding(false);
          }}
          onCancel={() => setAdding(false)}
        />
      )}
    </Paper>
  );
}
