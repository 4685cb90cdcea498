/** Page group "client" (lazy): client organisations and head office. Built in a later issue. */
import { notAvailablePage } from '../../../shared/components/NotAvailablePanel';

export const pages = {
  clients: notAvailablePage('clients'),
  mainoffice: notAvailablePage('mainoffice'),
};
