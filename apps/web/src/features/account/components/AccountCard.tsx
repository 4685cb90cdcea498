/**
 * The card of the public account pages (spec §2 /validateToken, /resetpassword; §9 activation card
 * width: 300, 350 or 400 px on extra-small screens, 500 px small to large, 600 px extra-large).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import ShieldIcon from '@mui/icons-material/Shield';
import { PRODUCT_NAME_DEFAULT } from '@vigil/contract';
import { LanguageSelect } from '../../../shared/components/LanguageSelect';

export function AccountCard({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100', p: 1 }}>
      <Card
        elevation={3}
        data-testid={testId}
        sx={(theme) => ({
          width: 300,
          maxWidth: '100%',
          // Extra-small screens: 300, 350 or 400 px as the screen allows (bounded, so no rule overrides another).
          [`@media (min-width: 380px) and (max-width: 439.95px)`]: { width: 350 },
          [`@media (min-width: 440px) and (max-width: ${theme.breakpoints.values.sm - 0.05}px)`]: { width: 400 },
          [theme.breakpoints.between('sm', 'xl')]: { width: 500 },
          [theme.breakpoints.up('xl')]: { width: 600 },
        })}
      >
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Stack sx={{ alignItems: 'center', gap: 1, mb: 3 }}>
            <ShieldIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />
            <Typography variant="h5" component="div" sx={{ fontWeight: 700 }}>
              {t('app.productName', { product: PRODUCT_NAME_DEFAULT })}
            </Typography>
            <Typography variant="h6" component="h1" sx={{ textAlign: 'center' }}>
              {title}
            </Typography>
          </Stack>
          {children}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
            <LanguageSelect />
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
