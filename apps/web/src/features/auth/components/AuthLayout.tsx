/** The centred card of the login pages: logo, title, alert area, form, language selector. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import ShieldIcon from '@mui/icons-material/Shield';
import { PRODUCT_NAME_DEFAULT } from '@vigil/contract';
import { LanguageSelect } from '../../../shared/components/LanguageSelect';
import type { AuthAlert } from './use-auth-alert';

export interface AuthLayoutProps {
  title: string;
  alert: AuthAlert | null;
  onAlertClose: () => void;
  children: ReactNode;
}

export function AuthLayout({ title, alert, onAlertClose, children }: AuthLayoutProps) {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 420 }} elevation={3}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Stack sx={{ alignItems: 'center', gap: 1, mb: 3 }}>
            <ShieldIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />
            <Typography variant="h5" component="div" sx={{ fontWeight: 700 }}>
              {t('app.productName', { product: PRODUCT_NAME_DEFAULT })}
            </Typography>
            <Typography variant="h6" component="h1">
              {title}
            </Typography>
          </Stack>
          {alert && (
            <Alert severity={alert.severity} onClose={onAlertClose} data-testid="login-alert" sx={{ mb: 2 }} role="alert">
              {alert.text}
            </Alert>
          )}
          {children}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
            <LanguageSelect />
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
