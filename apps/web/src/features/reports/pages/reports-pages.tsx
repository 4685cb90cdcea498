/** Page group "reports" (lazy). Built in a later issue; they will read useDateRange(). */
import { notAvailablePage } from '../../../shared/components/NotAvailablePanel';

export const pages = {
  reports: notAvailablePage('reports'),
  daily: notAvailablePage('daily'),
  activities: notAvailablePage('activities'),
  checkinout: notAvailablePage('checkinout'),
  surveyreports: notAvailablePage('surveyreports'),
  timerreports: notAvailablePage('timerreports'),
  chatrecordings: notAvailablePage('chatrecordings'),
  videorecordings: notAvailablePage('videorecordings'),
  chatrecording: notAvailablePage('chatrecording'),
  videorecording: notAvailablePage('videorecording'),
};
