/**
 * Operator chat (spec §3 Chat session, Chat message; §4 Chat session states; §7 Chat calls; §9
 * accuracy '10.12'). A mobile user (roles 6, 7, 9, 10, 11, 13) opens a session for one of its
 * branches; the operator consoles (roles 5 and 8) of the security offices monitoring the branch's
 * organisation see it arrive, the first to answer takes it (first-wins), may hold and resume it,
 * and finish it; the caller may terminate it. Security officers also talk to each other
 * (officer-to-officer sessions, startchatso). Message content is HTML, sanitised on the server
 * when stored and in the browser when shown.
 *
 * Paths of the console calls are `/api/client/<call>` (the spec names the calls, not their paths);
 * the mobile calls are `/api/mobile/chat/*` (docs/API.md "Mobile: chat"). Coordinates are WGS 84
 * degrees, accuracy metres, instants UTC ISO, durations seconds.
 */
import { z } from 'zod';
import { ValidationKey } from './errors.js';
import { ZReportBase } from './reports.js';

/** Spec §4 chat session states; `closed` sessions leave the lists and stay as transcripts. */
export const CHAT_STATUSES = ['incoming', 'active', 'hold', 'closed'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

/** The console's opening message once it answers (spec §4). */
export const CHAT_OPENING_TEXT = 'What is your emergency?';
/** The fixed accuracy the console sends with its officer-to-officer calls (spec §9). */
export const CONSOLE_CHAT_ACCURACY = '10.12';
/** Longest message content accepted, characters (before sanitising). */
export const CHAT_MESSAGE_MAX = 4000;

/** Catalogue keys of the chat errors (packages/i18n/chat.*.json; spec §8 "Retrieval and saving errors … chats"). */
export const ChatErrorCode = {
  /** 404: no such session in the caller's scope. */
  NotFound: 'chat.errors.notFound',
  /** 409: another operator answered first; `{{name}}` has it. */
  Taken: 'chat.errors.taken',
  /** 409: the session is closed. */
  Closed: 'chat.errors.closed',
  /** 409: the change does not apply in the session's state (hold of a held session, …). */
  WrongState: 'chat.errors.wrongState',
  /** 403: only the operator who answered may do that. */
  NotYours: 'chat.errors.notYours',
  /** 400: the content is empty once sanitised. */
  EmptyMessage: 'chat.errors.emptyMessage',
  /** 404: not a security officer of the caller's offices (startchatso). */
  OfficerNotFound: 'chat.errors.officerNotFound',
  /** 500 fallback texts. */
  Retrieve: 'chat.errors.retrieve',
  Save: 'chat.errors.save',
} as const;
export type ChatErrorCode = (typeof ChatErrorCode)[keyof typeof ChatErrorCode];

const ZId = z.coerce.number().int().positive();
const ZLat = z.coerce.number().min(-90).max(90);
const ZLng = z.coerce.number().min(-180).max(180);
/** A ChatSessionId (UUID). */
export const ZChatSessionId = z.uuid({ error: ValidationKey.Formatted });
const ZContent = z
  .string()
  .max(CHAT_MESSAGE_MAX, { error: ValidationKey.Max })
  .refine((s) => s.trim().length > 0, { error: ValidationKey.Required });

/** spec §3 Chat message. `MsgContent` is sanitised HTML. */
export const ZChatMessage = z.strictObject({
  MsgAutoId: z.number(),
  MsgFromUserId: z.number(),
  /** UTC ISO. */
  MsgSentTimestamp: z.string(),
  MsgContent: z.string(),
  /** Sent from a console (true) or from the mobile app (false). */
  FromConsole: z.boolean(),
  /** Sender's names (for the officer-to-officer history and transcripts). */
  FromName: z.string().nullable(),
  FromSurname: z.string().nullable(),
});
export type ChatMessage = z.output<typeof ZChatMessage>;

/** A position of the caller: at start, or with a later message. */
export const ZChatLocation = z.strictObject({
  Latitude: z.number(),
  Longitude: z.number(),
  /** metres */
  HorizontalAccuracy: z.number().nullable(),
  AtUTC: z.string(),
});
export type ChatLocation = z.output<typeof ZChatLocation>;

/**
 * spec §3 Chat session as the console and the app receive it (lists, socket events, details).
 * `MessagesArray` is filled by getSessionDetailsBySessionId and the mobile `chat/session` call; the
 * lists and events carry it empty.
 */
export const ZChatSession = z.strictObject({
  ChatRoomId: z.number(),
  SessionAutoId: z.number(),
  ChatSessionId: z.string(),
  /** 'mobile': a caller and the security office; 'console': two security officers (startchatso). */
  SessionKind: z.enum(['mobile', 'console']),
  ChatStatus: z.enum(CHAT_STATUSES),
  StartTimeUTC: z.string(),
  AnsweredTimeUTC: z.string().nullable(),
  StopTimeUTC: z.string().nullable(),
  /** seconds from start to answer (to now while incoming); null for console sessions */
  WaitingSeconds: z.number().nullable(),
  /** seconds from answer to stop (to now while open); null until answered */
  HandlingSeconds: z.number().nullable(),
  URLForMedia: z.string().nullable(),
  InitiatedBy: z.number(),
  FinishedBy: z.number().nullable(),
  Latitude: z.number().nullable(),
  Longitude: z.number().nullable(),
  HorizontalAccuracy: z.number().nullable(),
  Locations: z.array(ZChatLocation),
  MobileCallerId: z.number(),
  MobileCallerName: z.string(),
  MobileSessionType: z.string(),
  AppVersion: z.string().nullable(),
  OS: z.string().nullable(),
  PhoneModel: z.string().nullable(),
  MobileClient: z.strictObject({
    Name: z.string(),
    Surname: z.string(),
    PhoneNumber: z.string().nullable(),
  }),
  CallerProfile: z.strictObject({
    UserId: z.number(),
    Name: z.string(),
    Surname: z.string(),
    Email: z.string(),
    PhoneNumber: z.string().nullable(),
    RoleId: z.number(),
    RoleNameDisplay: z.string(),
  }),
  SecurityOfficerId: z.number().nullable(),
  SecurityOfficerName: z.string().nullable(),
  /** For a console session: the other officer. */
  PeerUserId: z.number().nullable(),
  OrganizationId: z.number().nullable(),
  OrganizationName: z.string().nullable(),
  RegionalOfficeName: z.string().nullable(),
  BranchOfficeId: z.number().nullable(),
  BranchOfficeName: z.string().nullable(),
  /** IANA zone of the branch (transcript times are shown in it). */
  BranchTimeZone: z.string().nullable(),
  MessagesArray: z.array(ZChatMessage),
});
export type ChatSession = z.output<typeof ZChatSession>;

/** Payload of a CHAT-SESSION socket event: the session after a transition (its MessagesArray empty). */
export const ZChatSessionPayload = z.strictObject({
  session: ZChatSession,
  /** What happened: started, answered, hold, resumed, finished (by the console), terminated (by the caller). */
  change: z.enum(['started', 'answered', 'hold', 'resumed', 'finished', 'terminated']),
});
export type ChatSessionPayload = z.output<typeof ZChatSessionPayload>;

/** Payload of a CHAT-MESSAGE socket event. */
export const ZChatMessagePayload = z.strictObject({
  ChatSessionId: z.string(),
  ChatRoomId: z.number(),
  SessionKind: z.enum(['mobile', 'console']),
  Message: ZChatMessage,
});
export type ChatMessagePayload = z.output<typeof ZChatMessagePayload>;

// ---- Console calls (POST /api/client/<name>, roles 5 and 8; others 403) ----------------------

/** getSessions: the open sessions (incoming, active, hold) of the caller's scope, oldest first. Answer `{chatobject: ChatSession[]}`. */
export const ZGetSessionsRequest = z.object({ case: z.string().optional() });
/** getSessionDetailsBySessionId: one session of the scope (open or closed) with MessagesArray. Answer `{chatobject: ChatSession}`. */
export const ZGetSessionDetailsRequest = z.object({ param_session_id: ZChatSessionId });
/** answerchatfromconsole: first-wins; 409 chat.errors.taken naming who has it. Answer `{chatobject: ChatSession}`. */
export const ZAnswerChatRequest = z.object({ param_chat_session_id: ZChatSessionId });
/** writeinchat: a console message into a session it answered (or an officer-to-officer session). Answer `{message: ChatMessage}`. */
export const ZWriteInChatRequest = z.object({
  param_chat_session_id: ZChatSessionId,
  param_content: ZContent,
  param_type: z.literal('TEXT').default('TEXT'),
  param_console: z.union([z.boolean(), z.string()]).optional(),
});
/** holdchat: `hold: true` holds an active session, `false` resumes it (the answering operator only). */
export const ZHoldChatRequest = z.object({
  chat_room_id: ZId,
  hold: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
});
/** finishChat: closes a session (the answering operator; an incoming one by any operator in scope). */
export const ZFinishChatRequest = z.object({ param_chat_session_id: ZChatSessionId });
/**
 * startchatso: opens (or reopens) the officer-to-officer session with `param_userid2`, a security
 * officer of the caller's offices; answers it with its whole history. The console sends its fixed
 * accuracy '10.12' and session type WEB (spec §7, §9).
 */
export const ZStartChatSoRequest = z.object({
  param_userid2: ZId,
  param_longitude: ZLng.optional(),
  param_latitude: ZLat.optional(),
  param_accuracy: z.union([z.string(), z.number()]).optional(),
  param_mobile_session_type: z.string().max(20).default('WEB'),
});
/** employeebyemail GET-EMPLOYEES-FOR-CONSOLE: the security officers of the caller's offices (not itself), optionally filtered by e-mail. */
export const ZEmployeesForConsoleRequest = z.object({
  case: z.literal('GET-EMPLOYEES-FOR-CONSOLE'),
  email: z.string().max(200).optional(),
});
/** A row of GET-EMPLOYEES-FOR-CONSOLE (spec §2 Console dialog). */
export const ZConsoleOfficer = z.strictObject({
  UserId: z.number(),
  Name: z.string(),
  Surname: z.string(),
  RoleId: z.number(),
  RoleNameDisplay: z.string(),
  Email: z.string(),
  PhoneNumber: z.string().nullable(),
});
export type ConsoleOfficer = z.output<typeof ZConsoleOfficer>;

/** Sort keys of the chat recordings report. */
export const CHAT_RECORDING_SORTS = ['start', 'waiting', 'handling', 'caller', 'branch'] as const;
/** getchatrecordings: the closed sessions (transcripts) of the scope, a report like the others (spec §2 /chatrecordings). */
export const ZChatRecordingsRequest = ZReportBase.extend({
  case: z.literal('GET-CHAT-RECORDINGS').default('GET-CHAT-RECORDINGS'),
  search: z.string().max(100).optional(),
  sortBy: z.enum(CHAT_RECORDING_SORTS).default('start'),
});
export type ChatRecordingsRequest = z.infer<typeof ZChatRecordingsRequest>;
/** A row of the chat recordings report: times UTC and branch-local (`…Local`), figures in seconds and hh:mm:ss. */
export const ZChatRecordingRow = z.strictObject({
  ChatRoomId: z.number(),
  ChatSessionId: z.string(),
  StartTimeUTC: z.string(),
  StartTimeLocal: z.string(),
  AnsweredTimeUTC: z.string().nullable(),
  StopTimeUTC: z.string().nullable(),
  StopTimeLocal: z.string().nullable(),
  WaitingSeconds: z.number().nullable(),
  HandlingSeconds: z.number().nullable(),
  Waiting: z.string(),
  Handling: z.string(),
  MobileCallerId: z.number(),
  MobileCallerName: z.string(),
  SecurityOfficerName: z.string().nullable(),
  FinishedBy: z.number().nullable(),
  FinishedByName: z.string().nullable(),
  OrganizationName: z.string().nullable(),
  RegionalOfficeName: z.string().nullable(),
  BranchOfficeId: z.number().nullable(),
  BranchOfficeName: z.string().nullable(),
  BranchTimeZone: z.string().nullable(),
  Messages: z.number(),
});
export type ChatRecordingRow = z.output<typeof ZChatRecordingRow>;

// ---- Mobile calls (POST /api/mobile/chat/*, bearer token, roles 6, 7, 9, 10, 11, 13) ----------

/** chat/start: opens a session for a branch of the caller with its position. Answer `{chatobject: ChatSession}`. */
export const ZMobileChatStartRequest = z.object({
  branchOfficeId: ZId,
  latitude: ZLat,
  longitude: ZLng,
  horizontalAccuracy: z.coerce.number().min(0).max(100_000),
  appVersion: z.string().max(40).optional(),
  os: z.string().max(60).optional(),
  phoneModel: z.string().max(80).optional(),
  /** A first message, sent with the start. */
  content: ZContent.optional(),
});
/** chat/write: a message from the caller; an optional new position is added to the session's Locations. */
export const ZMobileChatWriteRequest = z.object({
  chatSessionId: ZChatSessionId,
  content: ZContent,
  latitude: ZLat.optional(),
  longitude: ZLng.optional(),
  horizontalAccuracy: z.coerce.number().min(0).max(100_000).optional(),
});
/** chat/finish: the caller terminates its session. chat/session: the caller's session with its messages. */
export const ZMobileChatSessionRequest = z.object({ chatSessionId: ZChatSessionId });

/** hh:mm:ss of a number of seconds ('' for null). */
export function chatDuration(seconds: number | null): string {
  if (seconds == null) return '';
  const s = Math.max(0, Math.round(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/**
 * The one DOMPurify configuration of chat content, used by the server when a message is stored and
 * by the console when it is shown (spec §3 "MsgContent (rendered as HTML)"): simple formatting and
 * links only; scripts, event handlers, styles, images and every other element are removed.
 */
export const CHAT_SANITIZE_CONFIG = {
  ALLOWED_TAGS: ['b', 'strong', 'i', 'em', 'u', 's', 'br', 'p', 'div', 'span', 'ul', 'ol', 'li', 'a', 'code', 'pre', 'blockquote'],
  ALLOWED_ATTR: ['href', 'title'],
  ALLOW_DATA_ATTR: false,
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:)/i,
};

// ---------------------------------------------------------------------------------------------
// Answer bodies of the routes (each route's schema.response is envelopeOf(body); docs/API.md)

/** Answer body of POST /api/client/getSessions. */
export const ZGetSessionsBody = z.strictObject({ chatobject: z.array(ZChatSession) });
export type GetSessionsBody = z.output<typeof ZGetSessionsBody>;

/** Answer body of POST /api/client/getSessionDetailsBySessionId, POST /api/client/answerchatfromconsole, POST /api/client/holdchat, POST /api/client/finishChat, POST /api/client/startchatso, POST /api/mobile/chat/start, POST /api/mobile/chat/finish, POST /api/mobile/chat/session. */
export const ZGetSessionDetailsBySessionIdBody = z.strictObject({ chatobject: ZChatSession });
export type GetSessionDetailsBySessionIdBody = z.output<typeof ZGetSessionDetailsBySessionIdBody>;

/** Answer body of POST /api/client/writeinchat, POST /api/mobile/chat/write. */
export const ZWriteinchatBody = z.strictObject({ message: ZChatMessage });
export type WriteinchatBody = z.output<typeof ZWriteinchatBody>;

/** Answer body of POST /api/client/employeebyemail. */
export const ZEmployeebyemailBody = z.strictObject({ personobject: z.array(ZConsoleOfficer) });
export type EmployeebyemailBody = z.output<typeof ZEmployeebyemailBody>;

/** Answer body of POST /api/client/getchatrecordings. */
export const ZGetchatrecordingsBody = z.strictObject({
  resultobject: z.array(ZChatRecordingRow),
  total: z.number(),
  offset: z.number(),
  limit: z.number(),
});
export type GetchatrecordingsBody = z.output<typeof ZGetchatrecordingsBody>;
