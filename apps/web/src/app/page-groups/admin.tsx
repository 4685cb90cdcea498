/** Page group "admin" (lazy): the platform administrator's screens (spec §2 Admin area). Built in a later issue. */
import type { ComponentType } from 'react';
import { Stack } from '@mui/material';
import { AdminClientsPage, AdminEmployeesPage, AdminSecurityOfficesPage } from '../../features/organizations/pages/AdminClientsPage';
import OutboxPage, { OutboxLink } from '../../features/account/pages/OutboxPage';

/** An admin page with the link to the demo mailbox (account lifecycle) under it. */
function withOutboxLink(Page: ComponentType): ComponentType {
  function AdminPage() {
    return (
      <Stack sx={{ gap: 2 }}>
        <Page />
        <OutboxLink />
      </Stack>
    );
  }
  AdminPage.displayName = `WithOutboxLink(${Page.displayName ?? 'Page'})`;
  return AdminPage;
}

export const pages = {
  adminEmployees: withOutboxLink(AdminEmployeesPage),
  adminClients: withOutboxLink(AdminClientsPage),
  adminSecurityOffices: withOutboxLink(AdminSecurityOfficesPage),
  adminOutbox: OutboxPage,
};
