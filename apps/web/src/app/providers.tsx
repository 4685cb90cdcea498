/** App-wide providers: theme, query client, global date range. */
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { DateRangeProvider } from '../shared/date-range/date-range-context';
import { queryClient } from '../shared/api/query-client';
import { theme } from './theme';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <DateRangeProvider>{children}</DateRangeProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
