import { useTranslation } from '../i18n/translator';
import { Box, CircularProgress, Typography } from '@mui/material';

/** A centred spinner with the "Loading…" text. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, p: 4 }}>
      <CircularProgress size={24} aria-label={t('app.loading')} />
      <Typography color="text.secondary">{t('app.loading')}</Typography>
    </Box>
  );
}
