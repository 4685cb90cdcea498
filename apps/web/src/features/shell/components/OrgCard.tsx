/** The dealer's (role 12) selected organisation: name, phone and address, and a chooser when there are several. */
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, Card, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import { useSelectedOrganization } from '../../../shared/organization/api';
import { formatPhoneInternational } from '@vigil/contract';

export function OrgCard() {
  const { t } = useTranslation();
  const { organizations, selected, select, isLoading, isError } = useSelectedOrganization();
  const address = selected ? [selected.Address, selected.City, selected.Country].filter(Boolean).join(', ') : '';
  return (
    <Card variant="outlined" data-testid="org-card" sx={{ mx: 1.5, my: 1 }}>
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="overline" color="text.secondary">
          {t('shell.organization')}
        </Typography>
        {isError && <Alert severity="error">{t('errors.retrievingOrganizations')}</Alert>}
        {isLoading && <Typography variant="body2">{t('app.loading')}</Typography>}
        {!isLoading && !isError && !selected && <Typography variant="body2">{t('shell.noOrganization')}</Typography>}
        {selected && organizations.length > 1 && (
          <TextField
            select
            size="small"
            fullWidth
            label={t('shell.selectOrganization')}
            value={selected.OrganizationId}
            onChange={(e) => select(Number(e.target.value))}
            sx={{ my: 1 }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'org-select' } as Record<string, string> } }}
          >
            {organizations.map((o) => (
              <MenuItem key={o.OrganizationId} value={o.OrganizationId}>
                {o.Name}
              </MenuItem>
            ))}
          </TextField>
        )}
        {selected && (
          <>
            <Typography variant="subtitle2" data-testid="org-name">
              {selected.Name}
            </Typography>
            {selected.PhoneNumber && (
              <Typography variant="body2" data-testid="org-phone">
                {formatPhoneInternational(selected.PhoneNumber)}
              </Typography>
            )}
            {address && (
              <Typography variant="body2" color="text.secondary" data-testid="org-address">
                {address}
              </Typography>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
