/**
 * Active sessions (spec §3 Active session, §7 getactivesessions; docs/API.md "Active sessions"):
 * the open web and mobile sessions of the users in the caller's scope (employeeScope), with
 * WorksIn and TaskingInfo, never a token; organisation admins end a session of their organisation
 * (audited): it is refused at its next call and its console socket closes at once (endSession).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { SessionKey, type ActiveSession } from '@vigil/contract';
import { assertCanManage, canManage, employeeScope, manageableUser } from '../../plugins/authorization.js';
import { AppError, badRequest } from '../../plugins/errors.js';
import { endSession, type AuthContext } from '../../plugins/session.js';
import { writeAudit } from '../audit/audit.service.js';
import { presentSession } from './active-sessions.presenter.js';
import { activeTasksOf, openSessions, worksInOf } from './active-sessions.repository.js';

/** The open sessions the caller may see, newest activity first (at most 2,000). */
export async function listActiveSessions(app: FastifyInstance, auth: AuthContext): Promise<ActiveSession[]> {
  const list = await openSessions(app.db, employeeScope(auth));
  const worksIn = await worksInOf(app.db, [...new Set(list.map((s) => s.userId))]);
  const branchIds = [...new Set(worksIn.map((w) => w.branchOfficeId).filter((b): b is number => b != null))];
  const tasks = new Map((await activeTasksOf(app.db, branchIds)).map((t) => [t.branchOfficeId, t]));
  const manage = canManage(auth);
  return list.map((s) => {
    const mine = worksIn.filter((w) => w.userId === s.userId);
    const task = mine.map((w) => (w.branchOfficeId != null ? tasks.get(w.branchOfficeId) : undefined)).find((t) => t) ?? null;
    return presentSession(s, mine, task, {
      canEnd: manage && s.userId !== auth.userId && s.organizationId != null,
      isCurrent: s.sessionId === auth.sessionId,
    });
  });
}

/**
 * END-SESSION: ends session `sessionId` of a user of an organisation the caller administers.
 * @throws 403 not an organisation admin; 404 sessions.errors.notFound (unknown, ended, or out of
 * scope); 400 sessions.errors.own (one of the caller's own sessions: use Logout).
 */
export async function endActiveSession(app: FastifyInstance, a: { auth: AuthContext; ip?: string }, sessionId: number) {
  assertCanManage(a.auth);
  const [s] = await openSessions(app.db, sql`s.id = ${sessionId} and ${employeeScope(a.auth)}`);
  if (!s) throw new AppError(404, SessionKey.NotFound);
  if (s.userId === a.auth.userId) throw badRequest(SessionKey.Own, 'SessionId');
  try {
    await manageableUser(app.db, a.auth, s.userId);
  } catch {
    throw new AppError(404, SessionKey.NotFound);
  }
  await endSession(app, s.sessionId);
  await writeAudit(app.db, {
    actorUserId: a.auth.userId,
    action: 'end-session',
    entity: 'sessions',
    entityId: s.sessionId,
    before: { userId: s.userId, sessionType: s.sessionType },
    ip: a.ip,
  });
  return { SessionId: s.sessionId };
}
