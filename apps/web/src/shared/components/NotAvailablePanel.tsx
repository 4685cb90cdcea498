/**
 * The one panel for screens that a later issue builds: "This screen is not available yet" and
 * the screen's name. Never shows invented data.
 */
import { useTranslation } from '../i18n/translator';
import { Paper, Stack, Typography } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/Construction';

export interface NotAvailablePanelProps {
  /** Key under `screens.` in the catalogue. */
  screen: string;
}

export function NotAvailablePanel({ screen }: NotAvailablePanelProps) {
  const { t } = useTranslation();
  const name = t(`screens.${screen}`);
  return (
    <Paper variant="outlined" data-testid="not-available" data-screen={screen} sx={{ p: 4, textAlign: 'center' }}>
      <Stack sx={{ alignItems: 'center', gap: 1 }}>
        <ConstructionIcon color="action" fontSize="large" />
        <Typography variant="h6" component="h1">
          {name}
        </Typography>
        <Typography>{t('app.notAvailableYet')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('app.notAvailableYetDetail', { screen: name })}
        </Typography>
      </Stack>
    </Paper>
  );
}

/** A route page that shows only the not-available panel for `screen`. */
export function notAvailablePage(screen: string) {
  function NotAvailablePage() {
    return <NotAvailablePanel screen={screen} />;
  }
  NotAvailablePage.displayName = `NotAvailable(${screen})`;
  return NotAvailablePage;
}
