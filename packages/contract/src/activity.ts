/**
 * The activity of the event log as every feature shows it (spec §3 Activity notification). A
 * branch action, a notification, a check-in or a timer step carries these fields whether it is
 * read from the activity report (reports.ts), a notification list (notifications.ts) or received
 * live on /_socket (realtime.ts); the server presents them with one function for all three.
 */

/**
 * The fields of an activity notification (spec §3 Activity notification) that the activity report,
 * the notification lists and the socket's event messages share. Times UTC ISO 8601; coordinates
 * WGS 84 degrees.
 */
export interface ActivityNotificationFields {
  /** The event's id in the log (monotonically increasing). */
  NotificationId: number;
  BranchAction: string | null;
  /** Spec §9 notification type: 0 anomaly; 2, 15 alarm; 10, 11, 12 emergency; null for plain actions. */
  NotificationType: number | null;
  RegionalOfficeId: number | null;
  RegionalOfficeName: string | null;
  UserId: number | null;
  Name: string | null;
  Surname: string | null;
  BranchOfficeId: number | null;
  BranchOfficeName: string | null;
  /** Zone abbreviation of the branch at the event's instant, e.g. CET or CEST. */
  BranchOfficeDst: string | null;
  /** IANA zone of the branch, e.g. Europe/Tirane. */
  BranchOfficeTimeZone: string | null;
  BranchOfficeTypeDisplay: string | null;
  OrganizationId: number | null;
  OrganizationName: string | null;
  IsClosedBySystemData: boolean;
  IsTestNotification: boolean;
  NotificationTimeAddedUTC: string;
  SecurityAlert: boolean;
  Latitude: number | null;
  Longitude: number | null;
  MessageContent: string | null;
}
