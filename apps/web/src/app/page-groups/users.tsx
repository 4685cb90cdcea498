/** Page group "users" (lazy, spec §2): the employees list and the employee page; active sessions (online users), notification settings. */
import EmployeesPage from '../../features/employees/pages/EmployeesPage';
import EmployeePage from '../../features/employees/pages/EmployeePage';
import ActiveSessionsPage from '../../features/active-sessions/pages/ActiveSessionsPage';
import NotificationSettingsPage from '../../features/notification-settings/pages/NotificationSettingsPage';

export const pages = {
  employees: EmployeesPage,
  employee: EmployeePage,
  activeSessions: ActiveSessionsPage,
  notificationSettings: NotificationSettingsPage,
};
