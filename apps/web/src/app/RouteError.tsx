/** Router error element: the generic message and a reload button (no stack traces). */
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button } from '@mui/material';

export function RouteError() {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 3 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {t('app.retry')}
          </Button>
        }
      >
        {t('errors.generic')}
      </Alert>
    </Box>
  );
}
