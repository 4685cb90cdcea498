/**
 * The real-time channel (spec §7 "Real-time channel": path /_socket, first message `init` with the
 * token and user id). Every event is a committed row of the event log with a monotonically
 * increasing `id`; a client that reconnects sends the last id it saw and receives exactly what it
 * missed, in order, then the live stream.
 *
 * Each kind of event is declared here once (EVENT_KINDS: its stored kind and its message type)
 * with its typed payload (EventPayloads). An event message is the activity row of its event as
 * REST gives it (activity.ts; a NOTIFICATION carries the whole NotificationRow of notifications.ts)
 * plus the message's own fields: `type`, `id`, `LoggedAtUTC` and `Payload`.
 */
import type { ActivityNotificationFields } from './activity.js';
import type { EnsChannel, EnsCounts, EnsDeliveryStatus, EnsReply } from './ens.js';
import type { NotificationAcknowledgement, NotificationNote, NotificationRow } from './notifications.js';
import type { ChatMessagePayload, ChatSessionPayload } from './chat.js';
import type { CallMediaSocketAnswer, CallMediaSocketError, CallPayload } from './calls.js';
import type { TaskingType, TaskStatus } from './task-lists.js';

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

/**
 * Every kind of event of the log: `kind` as stored (events.kind) and `type` as the socket message
 * names it (spec §7 incoming types START, CHECKINOUT, STOP-CHECKINOUT-PINGS and the branch action
 * notices; the others are ours). A new kind is added here, with its payload in EventPayloads.
 */
export const EVENT_KINDS = {
  /** Open, Close, Service (spec §4), and the supervisor's system Close. */
  BranchAction: { kind: 'BRANCH_ACTION', type: 'BRANCH-ACTION' },
  /** Alarms, duress, anomalies (Not Opened, Not Closed), expired timers (spec §9 notification types). */
  Notification: { kind: 'NOTIFICATION', type: 'NOTIFICATION' },
  TimerStart: { kind: 'TIMER_START', type: 'START' },
  TimerPing: { kind: 'TIMER_PING', type: 'CHECKINOUT' },
  TimerStop: { kind: 'TIMER_STOP', type: 'STOP-CHECKINOUT-PINGS' },
  CheckIn: { kind: 'CHECKIN', type: 'CHECK-IN' },
  CheckOut: { kind: 'CHECKOUT', type: 'CHECK-OUT' },
  /** The first acknowledgement of an alarm (the alarm panel). */
  AlarmAcknowledged: { kind: 'ALARM_ACK', type: 'ALARM-ACK' },
  /** An operator's note on an alarm. */
  AlarmNote: { kind: 'ALARM_NOTE', type: 'ALARM-NOTE' },
  /** A vault opened or closed (VaultTrak, POST /api/mobile/vaultaccess). */
  VaultAccess: { kind: 'VAULT_ACCESS', type: 'VAULT-ACCESS' },
  /** The chat family (spec §7): a chat session started or changed state (audience 'security' + the caller). */
  ChatSession: { kind: 'CHAT_SESSION', type: 'CHAT-SESSION' },
  /** The chat family: a message of a chat session (its participants; while incoming also the consoles in scope). */
  ChatMessage: { kind: 'CHAT_MESSAGE', type: 'CHAT-MESSAGE' },
  /** A video call placed or changed state (spec §4 Phone call status; audience 'security' + the caller). */
  Call: { kind: 'CALL', type: 'VIDEO-CALL' },
  /** A step of a task list run at a branch (task-lists.ts): activated, started, item, paused, resumed, completed, force-ended, dropped. */
  Task: { kind: 'TASK', type: 'TASK' },
  /** An emergency notification sent (spec §7 EMERGENCY-NOTIFICATION): consoles in scope, and each recipient's sockets (the app's push). */
  EmergencyNotification: { kind: 'ENS', type: 'EMERGENCY-NOTIFICATION' },
  /** Per-recipient delivery states of an ENS notification changed (ours): consoles in scope. */
  EnsStatus: { kind: 'ENS_STATUS', type: 'ENS-STATUS' },
} as const;
type EventName = keyof typeof EVENT_KINDS;
const EVENT_NAMES = Object.keys(EVENT_KINDS) as EventName[];

/** The stored kind of each event, by name: `EventKind.Notification` is 'NOTIFICATION'. */
export const EventKind = Object.fromEntries(EVENT_NAMES.map((n) => [n, EVENT_KINDS[n].kind])) as {
  readonly [N in EventName]: (typeof EVENT_KINDS)[N]['kind'];
};
export type EventKind = (typeof EventKind)[EventName];

/** The message type of each event, by name: `SocketEventType.AlarmAcknowledged` is 'ALARM-ACK'. */
export const SocketEventType = Object.fromEntries(EVENT_NAMES.map((n) => [n, EVENT_KINDS[n].type])) as {
  readonly [N in EventName]: (typeof EVENT_KINDS)[N]['type'];
};
export type SocketEventType = (typeof SocketEventType)[EventName];

const KIND_TO_TYPE = new Map<string, SocketEventType>(EVENT_NAMES.map((n) => [EVENT_KINDS[n].kind, EVENT_KINDS[n].type]));
/** The message type of a stored kind; undefined for a kind the contract does not declare. */
export function socketEventTypeOf(kind: string): SocketEventType | undefined {
  return KIND_TO_TYPE.get(kind);
}

// ---------------------------------------------------------------------------------------------
// Payloads: what the event stores beyond its activity fields (the activity detail's `Packet`).
// Coordinates WGS 84 degrees, accuracy metres, durations seconds, instants UTC ISO.

/** Scheduled instants of the day a supervisor action is about (UTC ISO; `localDate` branch-local). */
export interface ScheduledTimes {
  timeZone: string;
  localDate: string;
  opensAt: string;
  closesAt: string;
  openingDeadline: string;
  closingDeadline: string;
  autoCloseAt: string | null;
}

/** What the supervisor writes on its events (Not Opened, Not Closed, the system Close): a key that makes it idempotent. */
export interface SupervisorPayloadFields {
  /** `${branchId}:${localDate}:${type}`. */
  idempotencyKey?: string;
  type?: 'not-opened' | 'not-closed' | 'auto-close';
  scheduled?: ScheduledTimes;
}

/** BRANCH-ACTION: where the action came from and the checklist answered with it (task lists are a later issue). */
export interface BranchActionPayload extends SupervisorPayloadFields {
  source?: 'mobile' | 'console' | 'supervisor';
  checklist?: { TemplateDetailsAutoId: number; done: boolean }[];
  /** Demo data: an opening after an incident (the incident's kind), or after hours with a reason. */
  afterIncident?: string;
  afterHours?: boolean;
  reason?: string;
}

/** NOTIFICATION: a silent duress alarm names the action it was raised during; a timer alarm names its timer. */
export interface NotificationPayload extends SupervisorPayloadFields {
  source?: 'supervisor';
  /** A duress alarm raised by the panic code instead of the PIN (never shown on the device). */
  silent?: boolean;
  /** The action the panic code was entered for ('Open', 'Timer stop', 'Vault OPEN', …). */
  during?: string;
  timerId?: number;
  timerForAction?: string;
  /** A timer ran out (Timer Expired). */
  alerted?: boolean;
  /** An ENS recipient answered "I need help" to this ENS notification. */
  ensId?: number;
  /** A survey answer that ended the survey with notification (branch action 'Survey'). */
  survey?: SurveyNotificationPayload;
}

/** The survey answer a 'Survey' notification is about (surveys: an option flagged EndSurveyWithNotification). */
export interface SurveyNotificationPayload {
  surveyId: number;
  surveyName: string;
  submissionId: number;
  questionId: number;
  question: string;
  answer: string;
  recommendation: string | null;
  /** Who answered: a staff user's or an external respondent's name. */
  respondent: string;
}

/** CHECK-IN: the check-in's id, the device's accuracy, and whether it was inside the geofence (null when the branch has no position). */
export interface CheckInPayload {
  checkInId: number;
  horizontalAccuracy: number;
  insideGeofence: boolean | null;
}

/** CHECK-OUT: the check-in it ends, and who ended it. */
export interface CheckOutPayload {
  checkInId: number;
  checkedOutBy: number;
  horizontalAccuracy: number;
}

/** START: a personal (lone-worker) timer started. */
export interface TimerStartPayload {
  timerId: number;
  timerForAction: string;
  durationSeconds: number;
  /** When it raises an alarm unless stopped. */
  expiresAt: string;
}

/** CHECKINOUT: a location ping of a running timer. */
export interface TimerPingPayload {
  timerId: number;
  horizontalAccuracy: number | null;
}

/** STOP-CHECKINOUT-PINGS: a timer stopped; `safeStopped` false when it had already raised its alarm. */
export interface TimerStopPayload {
  timerId: number;
  safeStopped: boolean;
}

/** ALARM-ACK: the acknowledged notification and its acknowledgement, the object its NotificationRow.Acknowledged holds. */
export interface AlarmAcknowledgedPayload {
  NotificationId: number;
  Acknowledged: NotificationAcknowledgement;
}

/** ALARM-NOTE: the notification and the note, the object its NotificationRow.Notes gains. */
export interface AlarmNotePayload {
  NotificationId: number;
  Note: NotificationNote;
}

/** VAULT-ACCESS: which vault, opened or closed. */
export interface VaultAccessPayload {
  vaultName: string;
  action: 'OPEN' | 'CLOSE';
}

/** TASK: the step and the task's progress after it (task-lists.ts Task, without its items). */
export interface TaskPayload {
  Step: 'ACTIVATED' | 'STARTED' | 'ITEM-STARTED' | 'ITEM-DONE' | 'PAUSED' | 'RESUMED' | 'COMPLETED' | 'FORCE-ENDED' | 'DROPPED';
  TaskId: number;
  TemplateAutoId: number | null;
  TemplateName: string;
  TaskingType: TaskingType;
  Status: TaskStatus;
  Done: number;
  Total: number;
  /** Seconds: expected total (sum of the items' TimeInterval), and worked so far (pauses excluded). */
  ExpectedSeconds: number;
  ElapsedSeconds: number;
  StartedAtUTC: string | null;
  /** The item of an ITEM-* step. */
  Item?: { TemplateDetailsAutoId: number; name: string; DurationSeconds: number | null; TimeInterval: number };
  /** Names of the items finished later than their expected duration so far. */
  LateItems: string[];
}

/** EMERGENCY-NOTIFICATION: the ENS notification (its text is the row's MessageContent). */
export interface EmergencyNotificationPayload {
  EnsId: number;
  MessageTitle: string;
  MessageTemplateId: number | null;
  Recipients: number;
}

/** One change of ENS-STATUS: a recipient's channel reached `Status` (Channel null: the recipient as a whole, e.g. a reply). */
export interface EnsStatusChange {
  UserId: number;
  Channel: EnsChannel | null;
  Status: EnsDeliveryStatus;
  Reply?: EnsReply | null;
  AtUTC: string;
}

/** ENS-STATUS: what changed, and the notification's counts after the change. */
export interface EnsStatusPayload {
  EnsId: number;
  Changes: EnsStatusChange[];
  Counts: EnsCounts;
}

/** The payload of each event, by the names of EVENT_KINDS (a kind without one here does not compile). */
interface PayloadsByName {
  BranchAction: BranchActionPayload;
  Notification: NotificationPayload;
  TimerStart: TimerStartPayload;
  TimerPing: TimerPingPayload;
  TimerStop: TimerStopPayload;
  CheckIn: CheckInPayload;
  CheckOut: CheckOutPayload;
  AlarmAcknowledged: AlarmAcknowledgedPayload;
  AlarmNote: AlarmNotePayload;
  VaultAccess: VaultAccessPayload;
  ChatSession: ChatSessionPayload;
  ChatMessage: ChatMessagePayload;
  Call: CallPayload;
  Task: TaskPayload;
  EmergencyNotification: EmergencyNotificationPayload;
  EnsStatus: EnsStatusPayload;
}
/** The payload of each stored kind: `EventPayloads['ALARM_ACK']` is AlarmAcknowledgedPayload. */
export type EventPayloads = { [N in EventName as (typeof EVENT_KINDS)[N]['kind']]: PayloadsByName[N] };

// ---------------------------------------------------------------------------------------------
// Messages

/** The fields of an event message that are about the message: its type, its id in the log, when the row was logged. */
export interface EventMessageHeader<T extends SocketEventType = SocketEventType> {
  type: T;
  /** The event's id in the log (the row's NotificationId). */
  id: number;
  /** When the row was written to the event log, inside the committing transaction (UTC ISO). */
  LoggedAtUTC: string;
}

/** The message of one kind: header, the row REST gives for the event, and the payload. */
type MessageOf<N extends EventName, Row> = EventMessageHeader<(typeof EVENT_KINDS)[N]['type']> & Row & { Payload: PayloadsByName[N] };

/**
 * Server → client: one event of the log. Its fields are the activity row of the event exactly as
 * REST presents it (a NOTIFICATION: the NotificationRow of getnotificationsv2 as it was logged, i.e.
 * unread, not acknowledged, no notes), plus the header and the kind's payload.
 */
export type SocketEvent = {
  [N in EventName]: MessageOf<N, N extends 'Notification' ? NotificationRow : ActivityNotificationFields>;
}[EventName];
/** The message of one type, e.g. `SocketEventOf<'ALARM-ACK'>`. */
export type SocketEventOf<T extends SocketEventType> = Extract<SocketEvent, { type: T }>;
/** A NOTIFICATION message: a NotificationRow with the message's header and payload. */
export type NotificationEvent = SocketEventOf<'NOTIFICATION'>;

/**
 * Who receives an event of the log by scope: 'all' — every console whose scope holds its branch (or,
 * for an event of no branch, its organisation); 'security' — only the security-office consoles
 * (roles 5 and 8) in that scope (chats, calls); 'none' — nobody by scope. Independently, the users
 * listed as an event's recipients receive it on every socket they hold, console or mobile (a mobile
 * session's socket receives only those): a chat's caller, an ENS message's recipient.
 */
export type EventAudience = 'all' | 'security' | 'none';

/** Server → client control messages. */
export type SocketControl =
  /** Sent after init: the socket is live; `lastEventId` is the newest id the client now has. */
  | { type: 'ready'; lastEventId: number; replayed: number }
  /** Every 15 s, so the client can detect a dead connection. */
  | { type: 'heartbeat'; lastEventId: number }
  /** Security officers online now (spec §4 officer online state). */
  | { type: 'onlineConsoles'; users: { UserId: number; Name: string; Surname: string; RoleId: number }[] }
  /** The init was refused (bad or expired token); the client signs out. */
  | { type: 'error'; code: string }
  /** Replies to a console's call-media-offer (calls.ts; docs/API.md "Call media"). */
  | CallMediaSocketAnswer
  | CallMediaSocketError;

export type SocketMessage = SocketEvent | SocketControl;

/** Heartbeat period and the silence after which a client treats the socket as dead, ms. */
export const SOCKET_HEARTBEAT_MS = 15_000;
export const SOCKET_DEAD_AFTER_MS = 40_000;
