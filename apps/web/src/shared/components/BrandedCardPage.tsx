/**
 * A page holding one centred card with the product's shield, name and the page title, then the
 * page's content and the language selector: the login pages (AuthLayout) and the public account
 * pages (AccountCard) differ only in the card's width and the page's padding.
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/translator';
import { Box, Card, CardContent, Stack, Typography, type SxProps, type Theme } from '@mui/material';
import ShieldIcon from '@mui/icons-material/Shield';
import { PRODUCT_NAME_DEFAULT } from '@vigil/contract';
import { LanguageSelect } from './LanguageSelect';

export interface BrandedCardPageProps {
  title: string;
  children: ReactNode;
  /** Size rules of the card. */
  cardSx: SxProps<Theme>;
  /** Padding around the card (theme spacing units). */
  pagePadding?: number;
  testId?: string | undefined;
}

export function BrandedCardPage({ title, children, cardSx, pagePadding = 2, testId }: BrandedCardPageProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100', p: pagePadding }}
    >
      <Card elevation={3} data-testid={testId} sx={cardSx}>
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
