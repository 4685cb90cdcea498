/** Test helper: a socket event with defaults. */
import type { SocketEvent } from '@vigil/contract';

export function ev(fields: Partial<SocketEvent> & Pick<SocketEvent, 'type' | 'id'>): SocketEvent {
  return {
    BranchOfficeId: 7,
    OrganizationId: 1,
    RegionalOfficeId: 2,
    BranchOfficeName: 'Tirana Center',
    BranchTimeZone: 'Europe/Tirane',
    BranchAction: null,
    NotificationType: null,
    IsTestNotification: false,
    IsClosedBySystemData: false,
    SecurityAlert: false,
    UserId: 5,
    Name: 'Ana',
    Surname: 'Hoxha',
    Latitude: null,
    Longitude: null,
    MessageContent: null,
    NotificationTimeAddedUTC: '2026-03-01T10:00:00.000Z',
    LoggedAtUTC: '2026-03-01T10:00:00.050Z',
    Payload: {},
    ...fields,
  };
}
