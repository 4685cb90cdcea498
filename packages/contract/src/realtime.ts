/**
 * The real-time channel (spec §7 "Real-time channel": path /_socket, first message `init` with the
 * token and user id). Every event is a committed row of the event log with a monotonically
 * increasing `id`; a client that reconnects sends the last id it saw and receives exactly what it
 * missed, in order, then the live stream.
 */

/** Client → server, first message. `lastEventId` absent on a first connection. */
export interface SocketInit {
  type: 'init';
  token: string;
  userId: number;
  lastEventId?: number;
  /**
   * The client accepts a frame holding a JSON array of event messages (in id order). Without it,
   * every frame is one message. Under load the server groups the events of one read of the log.
   */
  batch?: boolean;
}

/** Event message types (spec §7 incoming types; branch action notices; the alarm workflow). */
export const SocketEventType = {
  BranchAction: 'BRANCH-ACTION',
  Notification: 'NOTIFICATION',
  TimerStart: 'START',
  TimerPing: 'CHECKINOUT',
  TimerStop: 'STOP-CHECKINOUT-PINGS',
  CheckIn: 'CHECK-IN',
  CheckOut: 'CHECK-OUT',
  AlarmAcknowledged: 'ALARM-ACK',
  AlarmNote: 'ALARM-NOTE',
  /** A vault opened or closed (VaultTrak, POST /api/mobile/vaultaccess). */
  VaultAccess: 'VAULT-ACCESS',
} as const;
export type SocketEventType = (typeof SocketEventType)[keyof typeof SocketEventType];

/** Server → client: one event of the log. Times are UTC ISO 8601. */
export interface SocketEvent {
  type: SocketEventType;
  id: number;
  BranchOfficeId: number | null;
  OrganizationId: number | null;
  RegionalOfficeId: number | null;
  BranchOfficeName: string | null;
  BranchTimeZone: string | null;
  BranchAction: string | null;
  NotificationType: number | null;
  IsTestNotification: boolean;
  IsClosedBySystemData: boolean;
  SecurityAlert: boolean;
  UserId: number | null;
  Name: string | null;
  Surname: string | null;
  Latitude: number | null;
  Longitude: number | null;
  MessageContent: string | null;
  NotificationTimeAddedUTC: string;
  /** When the row was written to the event log, inside the committing transaction (UTC ISO). */
  LoggedAtUTC: string;
  /** Kind-specific details (timer id, accuracy, acknowledged event id, note text, …). */
  Payload: Record<string, unknown>;
}

/** Server → client control messages. */
export type SocketControl =
  /** Sent after init: the socket is live; `lastEventId` is the newest id the client now has. */
  | { type: 'ready'; lastEventId: number; replayed: number }
  /** Every 15 s, so the client can detect a dead connection. */
  | { type: 'heartbeat'; lastEventId: number }
  /** Security officers online now (spec §4 officer online state). */
  | { type: 'onlineConsoles'; users: { UserId: number; Name: string; Surname: string; RoleId: number }[] }
  /** The init was refused (bad or expired token); the client signs out. */
  | { type: 'error'; code: string };

export type SocketMessage = SocketEvent | SocketControl;

/** Heartbeat period and the silence after which a client treats the socket as dead, ms. */
export const SOCKET_HEARTBEAT_MS = 15_000;
export const SOCKET_DEAD_AFTER_MS = 40_000;
