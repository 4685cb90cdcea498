/**
 * Page group "management" (lazy, spec §2): regions, locations (branches), security offices, task
 * lists, surveys (the list and the builder), security phrases.
 */
import RegionsPage from '../../features/regions/pages/RegionsPage';
import BranchesPage from '../../features/branches/pages/BranchesPage';
import SecurityOfficesPage from '../../features/security-offices/pages/SecurityOfficesPage';
import TaskListsPage from '../../features/task-lists/pages/TaskListsPage';
import SurveyListPage from '../../features/surveys/pages/SurveyListPage';
import SurveyPage from '../../features/surveys/pages/SurveyPage';
import SecurityPhrasesPage from '../../features/security-phrases/pages/SecurityPhrasesPage';

export const pages = {
  regions: RegionsPage,
  branches: BranchesPage,
  securityOffices: SecurityOfficesPage,
  taskList: TaskListsPage,
  surveyList: SurveyListPage,
  surveyDetail: SurveyPage,
  securityPhrases: SecurityPhrasesPage,
};
