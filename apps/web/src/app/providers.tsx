/**
 * App-wide providers: theme (with MUI's own texts in the UI language) and query client. The global
 * date range is the signed-in shell's (app/page-groups/shell.tsx), not loaded before sign-in.
 */
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import { CssBaseline } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { queryClient } from '../shared/api/query-client';
import { muiLocale } from '../shared/i18n/mui-locale';
import { theme } from './theme';

export function Providers({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the language changes
  const localized = useMemo(() => createTheme(theme, muiLocale(t)), [t, i18n.language]);
  return (
    <ThemeProvider theme={localized}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ThemeProvider>
  );
}
