/** Page group "reports" (lazy): the report catalogue with the summary, and every report screen (spec §2, §7 Reports). */
import { notAvailablePage } from '../../shared/components/NotAvailablePanel';
import ChatRecordingsPage from '../../features/chat/pages/ChatRecordingsPage';
import ChatRecordingPage from '../../features/chat/pages/ChatRecordingPage';
import ReportsCatalogPage from '../../features/reports/pages/ReportsCatalogPage';
import TaskListReportPage from '../../features/reports/pages/TaskListReportPage';
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
  chatrecordings: ChatRecordingsPage,
  tasklistreports: TaskListReportPage,
  videorecordings: notAvailablePage('videorecordings'),
  chatrecording: ChatRecordingPage,
  videorecording: notAvailablePage('videorecording'),
};
