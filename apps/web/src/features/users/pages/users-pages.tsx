/** Page group "users" (lazy): employees list and employee page. Built in a later issue. */
import { notAvailablePage } from '../../../shared/components/NotAvailablePanel';

export const pages = {
  employees: notAvailablePage('employees'),
  employee: notAvailablePage('employee'),
};
