/** Page group "reports" (lazy): the report catalogue with the summary, and every report screen (spec §2, §7 Reports). */
import ChatRecordingsPage from '../../features/chat/pages/ChatRecordingsPage';
import ChatRecordingPage from '../../features/chat/pages/ChatRecordingPage';
import VideoRecordingsPage from '../../features/calls/pages/VideoRecordingsPage';
import VideoRecordingPage from '../../features/calls/pages/VideoRecordingPage';
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
  videorecordings: VideoRecordingsPage,
  chatrecording: ChatRecordingPage,
  videorecording: VideoRecordingPage,
};
