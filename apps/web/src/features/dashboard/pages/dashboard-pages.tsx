/** Page group "dashboard" (lazy): the branch board and its notifications child. */
import { notAvailablePage } from '../../../shared/components/NotAvailablePanel';
import DashboardPage from './DashboardPage';

export const pages = {
  dashboard: DashboardPage,
  notifications: notAvailablePage('notifications'),
};
