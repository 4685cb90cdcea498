/** Page group "management" (lazy): regions, locations, security offices, task lists, surveys. Built in a later issue. */
import { notAvailablePage } from '../../../shared/components/NotAvailablePanel';

export const pages = {
  regions: notAvailablePage('regions'),
  branches: notAvailablePage('branches'),
  securityOffices: notAvailablePage('securityOffices'),
  taskList: notAvailablePage('taskList'),
  surveyList: notAvailablePage('surveyList'),
  surveyDetail: notAvailablePage('surveyDetail'),
};
