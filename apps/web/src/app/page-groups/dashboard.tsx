/** Page group "dashboard" (lazy): the branch board and its notifications child. */
import DashboardPage from '../../features/dashboard/pages/DashboardPage';
import NotificationsPage from '../../features/notifications/pages/NotificationsPage';

export const pages = {
  dashboard: DashboardPage,
  notifications: NotificationsPage,
};
