/**
 * Active sessions (spec §3 Active session, §7 getactivesessions; the "Active sessions (online
 * users)" screen of the §2 catalogue): who is signed in, on the web and the mobile app, in the
 * caller's scope. The session token is never sent to anyone: `SessionId` is an opaque number that
 * names the session for ending it. docs/API.md "Active sessions".
 */
import { z } from 'zod';
import { zId } from './numbers.js';
import type { TaskingType, TaskStatus } from './task-lists.js';

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
export interface SessionWorksIn {
  RegionalOfficeId: number | null;
  RegionalOfficeName: string | null;
  BranchOfficeId: number | null;
  BranchOfficeName: string | null;
  SecurityOfficeId: number | null;
  SecurityOfficeName: string | null;
}

/** Spec §3 TaskingInfo: the active task of the user's branch (ACTIVATED, RUNNING or PAUSED), if any. */
export interface TaskingInfo {
  TaskId: number;
  BranchOfficeId: number;
  BranchOfficeName: string;
  TemplateName: string;
  TaskingType: TaskingType;
  Status: TaskStatus;
  ItemsDone: number;
  ItemsTotal: number;
  /** ISO UTC; null until started. */
  StartedAt: string | null;
}

/** Spec §3 Active session, without Token. Instants ISO UTC. */
export interface ActiveSession {
  /** Opaque id of the session (not a credential). */
  SessionId: number;
  /** WEB or MOBILE. */
  SessionType: string;
  /** When the session began. */
  Date: string;
  UserId: number;
  Name: string;
  Surname: string;
  RoleId: number;
  RoleName: string;
  OrganizationId: number | null;
  OrganizationName: string | null;
  PhoneNumber: string | null;
  Email: string;
  /** Last activity of the session. */
  UtcTimestamp: string;
  WorksIn: SessionWorksIn[];
  TaskingInfo: TaskingInfo | null;
  /** A video call in progress (calls are not built yet: always false). */
  IsVideoChatRunning: boolean;
  /** The first branch and region the user works in, for the list. */
  BranchOfficeName: string | null;
  RegionalOfficeName: string | null;
  LastLogin: string | null;
  /** Whether the caller may end it (an organisation admin of the user's organisation; never its own). */
  CanEnd: boolean;
  /** True for the caller's own session. */
  IsCurrent: boolean;
}

/** Answer body of getactivesessions. */
export interface ActiveSessionsAnswer {
  sessions: ActiveSession[];
}
