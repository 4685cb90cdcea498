/**
 * The activity of the event log as every feature shows it (spec §3 Activity notification). A
 * branch action, a notification, a check-in or a timer step carries these fields whether it is
 * read from the activity report (reports.ts), a notification list (notifications.ts) or received
 * live on /_socket (realtime.ts); the server presents them with one function for all three.
 */
import { z } from 'zod';

/**
 * The fields of an activity notification (spec §3 Activity notification) that the activity report,
 * the notification lists and the socket's event messages share. Times UTC ISO 8601; coordinates
 * WGS 84 degrees.
 */
export const ZActivityNotificationFields = z.strictObject({
  /** The event's id in the log (monotonically increasing). */
  NotificationId: z.number(),
  BranchAction: z.string().nullable(),
  /** Spec §9 notification type: 0 anomaly; 2, 15 alarm; 10, 11, 12 emergency; null for plain actions. */
  NotificationType: z.number().nullable(),
  RegionalOfficeId: z.number().nullable(),
  RegionalOfficeName: z.string().nullable(),
  UserId: z.number().nullable(),
  Name: z.string().nullable(),
  Surname: z.string().nullable(),
  BranchOfficeId: z.number().nullable(),
  BranchOfficeName: z.string().nullable(),
  /** Zone abbreviation of the branch at the event's instant, e.g. CET or CEST. */
  BranchOfficeDst: z.string().nullable(),
  /** IANA zone of the branch, e.g. Europe/Tirane. */
  BranchOfficeTimeZone: z.string().nullable(),
  BranchOfficeTypeDisplay: z.string().nullable(),
  OrganizationId: z.number().nullable(),
  OrganizationName: z.string().nullable(),
  IsClosedBySystemData: z.boolean(),
  IsTestNotification: z.boolean(),
  NotificationTimeAddedUTC: z.string(),
  SecurityAlert: z.boolean(),
  Latitude: z.number().nullable(),
  Longitude: z.number().nullable(),
  MessageContent: z.string().nullable(),
});
export type ActivityNotificationFields = z.output<typeof ZActivityNotificationFields>;
