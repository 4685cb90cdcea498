/** MUI X date pickers with Luxon in the UI language. Wrap any screen that renders pickers (kept out of the main bundle). */
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/translator';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterLuxon } from '@mui/x-date-pickers/AdapterLuxon';
import { pickersLocale } from '../i18n/mui-locale';

export function DatePickersProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <LocalizationProvider dateAdapter={AdapterLuxon} adapterLocale={i18n.language} localeText={pickersLocale(t)}>
      {children}
    </LocalizationProvider>
  );
}
