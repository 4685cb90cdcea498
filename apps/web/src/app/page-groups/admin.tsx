/**
 * Page group "admin" (lazy, spec §2 Admin area): the platform administrator's screens — employees,
 * client organisations and security offices, each with the links to the demo mailbox (account
 * lifecycle) and the task list library under them — the mailbox and the library (task lists).
 */
import type { ComponentType } from 'react';
import { Stack } from '@mui/material';
import AdminEmployeesPage from '../../features/employees/pages/AdminEmployeesPage';
import AdminClientsPage from '../../features/organizations/pages/AdminClientsPage';
import AdminSecurityOfficesPage from '../../features/security-offices/pages/AdminSecurityOfficesPage';
import OutboxPage, { OutboxLink } from '../../features/account/pages/OutboxPage';
import AdminTaskLibraryPage, { TaskLibraryLink } from '../../features/task-lists/pages/AdminTaskLibraryPage';

/** An admin page with the link to the demo mailbox (account lifecycle) under it. */
function withOutboxLink(Page: ComponentType): ComponentType {
  function AdminPage() {
    return (
      <Stack sx={{ gap: 2 }}>
        <Page />
        <Stack direction="row" sx={{ gap: 3 }}>
          <OutboxLink />
          <TaskLibraryLink />
        </Stack>
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
  adminTaskLists: AdminTaskLibraryPage,
};
