/** Page group "users" (lazy, spec §2): the employees list and the employee page. */
export { pages } from '../../features/employees/pages/EmployeesPage';
