/** Page group "reports" (lazy): the report catalogue with the summary, and every report screen (spec §2, §7 Reports). */
import { notAvailablePage } from '../../../shared/components/NotAvailablePanel';
import ReportsCatalogPage from './ReportsCatalogPage';
import { ActivityReportPage, CheckInOutPage, DailyReportPage, SurveyReportPage, TimerReportPage } from './report-screens';

export const pages = {
  reports: ReportsCatalogPage,
  daily: DailyReportPage,
  activities: ActivityReportPage,
  checkinout: CheckInOutPage,
  surveyreports: SurveyReportPage,
  timerreports: TimerReportPage,
  chatrecordings: notAvailablePage('chatrecordings'),
  videorecordings: notAvailablePage('videorecordings'),
  chatrecording: notAvailablePage('chatrecording'),
  videorecording: notAvailablePage('videorecording'),
};
