/**
 * Page group "admin" (lazy, spec §2 Admin area): the platform administrator's screens — employees,
 * client organisations and security offices, each with the link to the demo mailbox (account
 * lifecycle) under it — and the mailbox itself.
 */
import type { ComponentType } from 'react';
import { Stack } from '@mui/material';
import AdminEmployeesPage from '../../features/employees/pages/AdminEmployeesPage';
import AdminClientsPage from '../../features/organizations/pages/AdminClientsPage';
import AdminSecurityOfficesPage from '../../features/security-offices/pages/AdminSecurityOfficesPage';
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
