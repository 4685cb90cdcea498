/**
 * Test helper: a socket event message with defaults, shaped as the server presents it (contract
 * realtime.ts): the activity row of the event (a NOTIFICATION: the whole NotificationRow as
 * logged, its Category from notificationCategory like the server's presenter), then the payload.
 */
import {
  type BranchOfficeRow,
  SocketEventType,
  notificationCategory,
  type NotificationRow,
  type SocketEvent,
  type SocketEventOf,
  type SocketEventType as EventType,
} from '@vigil/contract';

type EvFields<T extends EventType> = { type: T; id: number; LoggedAtUTC?: string } & Partial<NotificationRow> & {
    Payload?: SocketEventOf<T>['Payload'];
  };

export function ev<T extends EventType>(fields: EvFields<T>): SocketEventOf<T> {
  const row = {
    NotificationId: fields.id,
    BranchAction: null,
    NotificationType: null,
    RegionalOfficeId: 2,
    RegionalOfficeName: 'North',
    UserId: 5,
    Name: 'Ana',
    Surname: 'Hoxha',
    BranchOfficeId: 7,
    BranchOfficeName: 'Tirana Center',
    BranchOfficeDst: 'CET',
    BranchOfficeTimeZone: 'Europe/Tirane',
    BranchOfficeTypeDisplay: 'Branch',
    OrganizationId: 1,
    OrganizationName: 'Org',
    IsClosedBySystemData: false,
    IsTestNotification: false,
    NotificationTimeAddedUTC: '2026-03-01T10:00:00.000Z',
    SecurityAlert: false,
    Latitude: null,
    Longitude: null,
    MessageContent: null,
    ...fields,
  };
  const notification =
    fields.type === SocketEventType.Notification
      ? {
          Category: notificationCategory(row.NotificationType, row.BranchAction),
          IsRead: false,
          Acknowledged: null,
          Notes: [],
        }
      : {};
  const message = { LoggedAtUTC: '2026-03-01T10:00:00.050Z', ...notification, ...row, Payload: fields.Payload ?? {} };
  return message as SocketEvent as SocketEventOf<T>;
}

/** A promise answered by hand (a server's answer given when the test says). */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A board row with the fields the live board reads. */
export function boardRow(id: number, action: string, at: string): BranchOfficeRow {
  return { BranchOfficeId: id, BranchAction: action, BranchActionTime: at, Name: `B${id}` } as BranchOfficeRow;
}

/** A socket event as a frame item (frame-batch.ts), not replayed. */
export function live(e: SocketEvent): [SocketEvent, { replay: boolean }] {
  return [e, { replay: false }];
}
