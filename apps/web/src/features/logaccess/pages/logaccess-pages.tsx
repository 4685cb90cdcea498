/** Page group "logaccess" (lazy): the VaultTrak report with its child detail route. Built in a later issue. */
import { Outlet } from 'react-router';
import { Stack } from '@mui/material';
import { NotAvailablePanel, notAvailablePage } from '../../../shared/components/NotAvailablePanel';

function LogAccessPage() {
  return (
    <Stack sx={{ gap: 2 }}>
      <NotAvailablePanel screen="logaccess" />
      <Outlet />
    </Stack>
  );
}

export const pages = {
  logaccess: LogAccessPage,
  logaccessDetail: notAvailablePage('logaccessDetail'),
};
