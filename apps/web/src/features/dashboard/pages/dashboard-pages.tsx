/** Page group "dashboard" (lazy): the branch board and its notifications child. */
import DashboardPage from './DashboardPage';
import NotificationsPage from '../../notifications/pages/NotificationsPage';

export const pages = {
  dashboard: DashboardPage,
  notifications: NotificationsPage,
};
