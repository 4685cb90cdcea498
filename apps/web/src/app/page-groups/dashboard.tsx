/** Page group "dashboard" (lazy): the branch board, its notifications child and an alarm's incident view. */
import DashboardPage from '../../features/dashboard/pages/DashboardPage';
import IncidentPage from '../../features/alarms/pages/IncidentPage';
import NotificationsPage from '../../features/notifications/pages/NotificationsPage';

export const pages = {
  dashboard: DashboardPage,
  notifications: NotificationsPage,
  incident: IncidentPage,
};
