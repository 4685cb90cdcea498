/**
 * Page group "management" (lazy, spec §2): regions, locations (branches), security offices; task
 * lists and surveys show the not-available panel until their features land.
 */
import { notAvailablePage } from '../../shared/components/NotAvailablePanel';
import RegionsPage from '../../features/regions/pages/RegionsPage';
import BranchesPage from '../../features/branches/pages/BranchesPage';
import SecurityOfficesPage from '../../features/security-offices/pages/SecurityOfficesPage';

export const pages = {
  regions: RegionsPage,
  branches: BranchesPage,
  securityOffices: SecurityOfficesPage,
  taskList: notAvailablePage('taskList'),
  surveyList: notAvailablePage('surveyList'),
  surveyDetail: notAvailablePage('surveyDetail'),
};
