/**
 * App-wide providers: the theme (with MUI's own texts in the UI language). The query client and the
 * global date range are the signed-in shell's (app/page-groups/shell.tsx), not loaded before
 * sign-in (issue 20 "First page"; the public pages that use queries get it from the route table).
 */
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from '../shared/i18n/translator';
import { CssBaseline } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { muiLocale } from '../shared/i18n/mui-locale';
import { theme } from './theme';

export function Providers({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the language changes
  const localized = useMemo(() => createTheme(theme, muiLocale(t)), [t, i18n.language]);
  return (
    <ThemeProvider theme={localized}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
