/**
 * A synthetic socket event built from an HTTP answer, so a console's own action (a branch mode set,
 * an alarm acknowledged) updates the query cache at once through the same reducer as the live
 * event, before the socket echo arrives (which the reducers then ignore as a repeat). Used by the
 * branches and alarms features, so it lives in shared/.
 */
import type { SocketEvent } from '@vigil/contract';

/** An event of `type` with id 0, the given fields, and every other field empty; times now (UTC ISO). */
export function localEvent(type: SocketEvent['type'], fields: Partial<SocketEvent>): SocketEvent {
  return {
    type,
    id: 0,
    BranchOfficeId: null,
    OrganizationId: null,
    RegionalOfficeId: null,
    BranchOfficeName: null,
    BranchTimeZone: null,
    BranchAction: null,
    NotificationType: null,
    IsTestNotification: false,
    IsClosedBySystemData: false,
    SecurityAlert: false,
    UserId: null,
    Name: null,
    Surname: null,
    Latitude: null,
    Longitude: null,
    MessageContent: null,
    NotificationTimeAddedUTC: new Date().toISOString(),
    LoggedAtUTC: new Date().toISOString(),
    Payload: {},
    ...fields,
  };
}
