/** Page group "admin" (lazy): the platform administrator's screens (spec §2 Admin area). Built in a later issue. */
import { notAvailablePage } from '../../../shared/components/NotAvailablePanel';

export const pages = {
  adminEmployees: notAvailablePage('adminEmployees'),
  adminClients: notAvailablePage('adminClients'),
  adminSecurityOffices: notAvailablePage('adminSecurityOffices'),
};
