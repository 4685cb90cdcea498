/**
 * Active sessions (spec §3 Active session, §7 getactivesessions; the "Active sessions (online
 * users)" screen of the §2 catalogue): who is signed in, on the web and the mobile app, in the
 * caller's scope. The session token is never sent to anyone: `SessionId` is an opaque number that
 * names the session for ending it. docs/API.md "Active sessions".
 */
import { z } from 'zod';
import { zId } from './numbers.js';
import { TASKING_TYPES, TASK_STATUSES } from './task-lists.js';

/** Catalogue keys (packages/i18n sessions.*.json, section `sessions`). */
export const SessionKey = {
  NotFound: 'sessions.errors.notFound',
  /** The caller's own session: use Logout. */
  Own: 'sessions.errors.own',
  Ended: 'sessions.messages.ended',
} as const;

/**
 * POST /api/client/getactivesessions. No case (or GET-ACTIVE-SESSIONS): the list. END-SESSION
 * (ours): an organisation admin (2, 12) ends a session of a user of its organisation (audited; the
 * session's next call answers 401 and its console socket closes at once).
 */
export const ZGetActiveSessionsRequest = z.discriminatedUnion('case', [
  z.object({ case: z.literal('GET-ACTIVE-SESSIONS') }),
  z.object({ case: z.literal('END-SESSION'), SessionId: zId() }),
]);
export type GetActiveSessionsRequest = z.infer<typeof ZGetActiveSessionsRequest>;

/** Where a user works (spec §3 User WorksIn). */
export const ZSessionWorksIn = z.strictObject({
  RegionalOfficeId: z.number().nullable(),
  RegionalOfficeName: z.string().nullable(),
  BranchOfficeId: z.number().nullable(),
  BranchOfficeName: z.string().nullable(),
  SecurityOfficeId: z.number().nullable(),
  SecurityOfficeName: z.string().nullable(),
});
export type SessionWorksIn = z.output<typeof ZSessionWorksIn>;

/** Spec §3 TaskingInfo: the active task of the user's branch (ACTIVATED, RUNNING or PAUSED), if any. */
export const ZTaskingInfo = z.strictObject({
  TaskId: z.number(),
  BranchOfficeId: z.number(),
  BranchOfficeName: z.string(),
  TemplateName: z.string(),
  TaskingType: z.enum(TASKING_TYPES),
  Status: z.enum(TASK_STATUSES),
  ItemsDone: z.number(),
  ItemsTotal: z.number(),
  /** ISO UTC; null until started. */
  StartedAt: z.string().nullable(),
});
export type TaskingInfo = z.output<typeof ZTaskingInfo>;

/** Spec §3 Active session, without Token. Instants ISO UTC. */
export const ZActiveSession = z.strictObject({
  /** Opaque id of the session (not a credential). */
  SessionId: z.number(),
  /** WEB or MOBILE. */
  SessionType: z.string(),
  /** When the session began. */
  Date: z.string(),
  UserId: z.number(),
  Name: z.string(),
  Surname: z.string(),
  RoleId: z.number(),
  RoleName: z.string(),
  OrganizationId: z.number().nullable(),
  OrganizationName: z.string().nullable(),
  PhoneNumber: z.string().nullable(),
  Email: z.string(),
  /** Last activity of the session. */
  UtcTimestamp: z.string(),
  WorksIn: z.array(ZSessionWorksIn),
  TaskingInfo: ZTaskingInfo.nullable(),
  /** A video call in progress (calls are not built yet: always false). */
  IsVideoChatRunning: z.boolean(),
  /** The first branch and region the user works in, for the list. */
  BranchOfficeName: z.string().nullable(),
  RegionalOfficeName: z.string().nullable(),
  LastLogin: z.string().nullable(),
  /** Whether the caller may end it (an organisation admin of the user's organisation; never its own). */
  CanEnd: z.boolean(),
  /** True for the caller's own session. */
  IsCurrent: z.boolean(),
});
export type ActiveSession = z.output<typeof ZActiveSession>;

/** Answer body of getactivesessions. */
export const ZActiveSessionsAnswer = z.strictObject({
  sessions: z.array(ZActiveSession),
});
export type ActiveSessionsAnswer = z.output<typeof ZActiveSessionsAnswer>;

// ---------------------------------------------------------------------------------------------
// Answer bodies of the routes (each route's schema.response is envelopeOf(body); docs/API.md)

/** Answer body of POST /api/client/getactivesessions. */
export const ZGetactivesessionsBody = z.union([z.strictObject({ SessionId: z.number() }), ZActiveSessionsAnswer]);
export type GetactivesessionsBody = z.output<typeof ZGetactivesessionsBody>;
