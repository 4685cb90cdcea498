/**
 * Notifications (spec §7 getnotificationsv2, getnotifications; §3 Activity notification; §9
 * notification types; §4 unread → read). A notification is a NOTIFICATION event of the log; its
 * live message on /_socket (realtime.ts) is the same NotificationRow.
 */
import { z } from 'zod';
import { ZEnsDetailRequest, ZEnsListRequest, ZEnsNotification } from './ens.js';
import { ZActivityDetailExtras, ZActivityReportPage, ZActivityReportRequest } from './reports.js';
import { zId, zInteger, zOffset } from './numbers.js';
import { zDay } from './dates.js';
import { ZActivityNotificationFields } from './activity.js';

/** The notifications/[type] pages and getnotificationsv2 `type` (spec §2 Notifications: All, Alarms, Anomaly, Emergency, ENS). */
export const NOTIFICATION_LIST_TYPES = ['all', 'alarms', 'panic', 'anomaly', 'emergency', 'ens'] as const;
export type NotificationListType = (typeof NOTIFICATION_LIST_TYPES)[number];

/** GET /api/client/getnotificationsv2 query (spec §7). `id` returns one notification. Dates YYYY-MM-DD, inclusive, counted as days in the branch's zone (UTC without a branch), like the reports. */
export const ZGetNotificationsV2Query = z.object({
  type: z.enum(NOTIFICATION_LIST_TYPES).default('all'),
  id: zId().optional(),
  /** Only notifications not yet acknowledged (alarms) or read (others): "not-done". */
  notDone: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  from: zDay().optional(),
  to: zDay().optional(),
  offset: zOffset().default(0),
  limit: zInteger(1, 500).default(100),
});

/** POST /api/client/getnotifications (spec §7): details by id, mark all read, mark one read by taskid, the ENS list. */
export const ZGetNotificationsRequest = z.discriminatedUnion('case', [
  z.object({ case: z.literal('GET-REPORT-DETAILS-BY-NOTIFICATION-ID'), taskid: zId() }),
  z.object({ case: z.literal('MARK-ALL-AS-READ') }),
  z.object({ case: z.literal('MARK-AS-READ-BY-TASKID'), taskid: zId() }),
  /** The ENS list (body.temp_ens_notificationobject) and one ENS notification with its recipients: ens.ts. */
  ZEnsListRequest,
  ZEnsDetailRequest,
  /** The activity report (spec §7 GET-ALL-REPORTS, plus format): see reports.ts. */
  ZActivityReportRequest,
]);

/** Who acknowledged an alarm first, and when (UTC ISO). The row's `Acknowledged` and the ALARM-ACK message's payload. */
export const ZNotificationAcknowledgement = z.strictObject({
  UserId: z.number(),
  /** 'Name Surname' of the user. */
  Name: z.string(),
  AtUTC: z.string(),
  /** The disposition chosen (required for panic, duress, emergency; issue 13), else null. */
  Disposition: z.string().nullable(),
  /** The note given with the acknowledgement, else null. */
  Note: z.string().nullable(),
});
export type NotificationAcknowledgement = z.output<typeof ZNotificationAcknowledgement>;

/** An operator's note on an alarm (UTC ISO time; `By` is 'Name Surname'). An entry of the row's `Notes` and the ALARM-NOTE message's payload. */
export const ZNotificationNote = z.strictObject({
  NoteId: z.number(),
  Note: z.string(),
  By: z.string(),
  AtUTC: z.string(),
});
export type NotificationNote = z.output<typeof ZNotificationNote>;

/**
 * One notification (spec §3 Activity notification, plus read and acknowledgement state). Times UTC
 * ISO. A live NOTIFICATION message carries the row as it was logged: unread, not acknowledged, no
 * notes; ALARM-ACK and ALARM-NOTE messages then carry the acknowledgement and the notes.
 */
export const ZNotificationRow = ZActivityNotificationFields.extend({
  /** anomaly | alarm | emergency | panic | other (notificationCategory). */
  Category: z.enum(['anomaly', 'alarm', 'emergency', 'panic', 'other']),
  IsRead: z.boolean(),
  Acknowledged: ZNotificationAcknowledgement.nullable(),
  Notes: z.array(ZNotificationNote),
});
export type NotificationRow = z.output<typeof ZNotificationRow>;

// ---------------------------------------------------------------------------------------------
// Answer bodies of the routes (each route's schema.response is envelopeOf(body); docs/API.md)

/** Answer body of GET /api/client/getnotificationsv2. */
export const ZGetnotificationsv2Body = z.strictObject({ notificationobject: z.array(ZNotificationRow) });
export type Getnotificationsv2Body = z.output<typeof ZGetnotificationsv2Body>;

/** getnotifications GET-ENS-NOTIFICATIONS (a page) and GET-ENS-NOTIFICATION-DETAILS (one, with Recipients). */
export const ZEnsNotificationsBody = z.union([
  z.strictObject({ temp_ens_notificationobject: z.array(ZEnsNotification) }),
  z.strictObject({ temp_ens_notificationobject: ZEnsNotification }),
]);
export type EnsNotificationsBody = z.output<typeof ZEnsNotificationsBody>;

/**
 * Answer body of POST /api/client/getnotifications, by case: GET-REPORT-DETAILS-BY-NOTIFICATION-ID
 * `{notificationobject}` one row with the activity detail's extras (spec §3; without them when the
 * event has none); MARK-AS-READ-BY-TASKID `{taskid}`; MARK-ALL-AS-READ `{upToNotificationId}` (the
 * newest event id marked read); the ENS cases ({@link ZEnsNotificationsBody}); GET-ALL-REPORTS the
 * activity report page (reports.ts ZActivityReportPage).
 */
export const ZGetnotificationsBody = z.union([
  z.strictObject({ notificationobject: z.union([ZNotificationRow.extend(ZActivityDetailExtras.shape), ZNotificationRow]) }),
  z.strictObject({ taskid: z.number() }),
  z.strictObject({ upToNotificationId: z.number() }),
  ZEnsNotificationsBody,
  ZActivityReportPage,
]);
export type GetnotificationsBody = z.output<typeof ZGetnotificationsBody>;
