/** Page group "users" (lazy, spec §2): the employees list and the employee page. */
import EmployeesPage from '../../features/employees/pages/EmployeesPage';
import EmployeePage from '../../features/employees/pages/EmployeePage';

export const pages = {
  employees: EmployeesPage,
  employee: EmployeePage,
};
