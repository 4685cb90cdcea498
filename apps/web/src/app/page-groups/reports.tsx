/** Page group "reports" (lazy): the report catalogue with the summary, and every report screen (spec §2, §7 Reports). */
import { notAvailablePage } from '../../shared/components/NotAvailablePanel';
import ReportsCatalogPage from '../../features/reports/pages/ReportsCatalogPage';
import {
  ActivityReportPage,
  CheckInOutPage,
  DailyReportPage,
  SurveyReportPage,
  TimerReportPage,
} from '../../features/reports/pages/report-screens';

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
