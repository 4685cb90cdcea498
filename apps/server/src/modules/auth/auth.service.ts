/**
 * Sign-in, token sign-in and sign-out for the client and admin areas (spec §7 Common and
 * authentication; §6 web login by role; §8 Authentication messages).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { ErrorCode, inRoleGroup, RoleGroup, RoleId, StatusId, type LoginResult } from '@vigil/contract';
import { rows } from '../../db/client.js';
import { organizations, users } from '../../db/schema/index.js';
import { AppError, badRequest, forbidden } from '../../plugins/errors.js';
import { createSession, endSession, findSession, issueCsrfToken, setSessionCookie, type AuthContext } from '../../plugins/session.js';
import { writeAudit } from '../audit/audit.service.js';
import { verifySecret } from './passwords.js';
import { presentLoginResult, type SessionUserRow } from './auth.presenter.js';
import { spendExternalToken } from './external-token.service.js';

export type Area = 'client' | 'admin';

interface UserRow extends SessionUserRow {
  passwordHash: string | null;
  statusId: number;
  consoleAccess: boolean;
}

/** The user row behind a condition (with organisation name, status and console access). */
export async function loadUser(app: FastifyInstance, where: ReturnType<typeof sql>): Promise<UserRow | undefined> {
  const [row] = await app.db
    .select({
      userId: users.id,
      roleId: users.roleId,
      email: users.email,
      name: users.name,
      surname: users.surname,
      phoneNumber: users.phoneNumber,
      langId: users.langId,
      organizationId: users.organizationId,
      organizationName: organizations.name,
      mustChangePassword: users.mustChangePassword,
      passwordHash: users.passwordHash,
      statusId: users.statusId,
      consoleAccess: users.consoleAccess,
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(where)
    .limit(1);
  return row;
}

/**
 * Whether a user may hold a web session in `area`; throws the §8 message otherwise.
 * Role 1 only in the admin area; roles 2, 5, 6, 8, 9, 12 with console access in the client area.
 */
export function assertWebAccess(app: FastifyInstance, user: { roleId: number; consoleAccess: boolean }, area: Area) {
  if (area === 'admin') {
    if (user.roleId !== RoleId.PlatformAdmin) throw forbidden(ErrorCode.NotAnAdmin);
    return;
  }
  if (user.roleId === RoleId.PlatformAdmin) throw forbidden(ErrorCode.AdminUseAdminLogin);
  if (!inRoleGroup(RoleGroup.ClientWeb, user.roleId) || !user.consoleAccess) {
    throw forbidden(ErrorCode.WebLoginNotAllowed, { product: app.config.productName });
  }
}

/** The security offices a user works in (Login result SecurityOffices). */
export async function securityOfficesOf(app: FastifyInstance, userId: number): Promise<{ Id: number; Name: string }[]> {
  return rows<{ Id: number; Name: string }>(
    app.db,
    sql`select s.id as "Id", s.name as "Name" from works_in w join security_offices s on s.id = w.security_office_id where w.user_id = ${userId} order by s.name`,
  );
}

/** Password sign-in. Wrong email or password, or an account that is not Active: 'Invalid username or password'. */
export async function signIn(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  input: { username: string; password: string; area: Area },
): Promise<LoginResult> {
  const user = await loadUser(app, sql`lower(${users.email}) = ${input.username.toLowerCase()}`);
  const ok = await verifySecret(user?.passwordHash, input.password);
  if (!user || !ok || user.statusId !== StatusId.Active) {
    await writeAudit(app.db, {
      actorUserId: user?.userId ?? null,
      action: 'login-failed',
      entity: 'users',
      entityId: user?.userId ?? null,
      ip: req.ip,
      after: { area: input.area },
    });
    throw badRequest(ErrorCode.InvalidCredentials);
  }
  assertWebAccess(app, user, input.area);
  const token = await createSession(app, req, reply, { userId: user.userId, isAdmin: input.area === 'admin', sessionType: 'WEB' });
  await app.db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, user.userId));
  await writeAudit(app.db, {
    actorUserId: user.userId,
    action: 'login',
    entity: 'users',
    entityId: user.userId,
    ip: req.ip,
    after: { area: input.area },
  });
  issueCsrfToken(app, reply);
  return presentLoginResult(user, token, {
    isAdmin: input.area === 'admin',
    securityOffices: await securityOfficesOf(app, user.userId),
    lastEventId: app.dispatcher.cursor,
  });
}

/**
 * Sign-in with an existing session token (spec §7 loginwithtoken), or in the client area with an
 * external token (externaltoken, our design): spent once, it opens a new WEB session for its user
 * when the account is Active and may use the console. Failure: 401 'Expired Session'.
 */
export async function signInWithToken(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  token: string,
  area: Area,
): Promise<LoginResult> {
  const ctx = await findSession(app, token);
  if (!ctx && area === 'client') {
    const userId = await spendExternalToken(app, token);
    if (userId != null) return signInExternal(app, req, reply, userId);
  }
  // A mobile session never becomes a console cookie (issue 12 finding 5).
  if (!ctx || ctx.isAdmin !== (area === 'admin') || ctx.sessionType === 'MOBILE') throw new AppError(401, ErrorCode.ExpiredSession);
  const user = await loadUser(app, sql`${users.id} = ${ctx.userId}`);
  if (!user) throw new AppError(401, ErrorCode.ExpiredSession);
  assertWebAccess(app, user, area);
  setSessionCookie(app, reply, token);
  issueCsrfToken(app, reply);
  return presentLoginResult(user, token, {
    isAdmin: ctx.isAdmin,
    securityOffices: await securityOfficesOf(app, user.userId),
    lastEventId: app.dispatcher.cursor,
  });
}

/** The WEB session of a spent external token's user (401 'Expired Session' unless Active; 403 without console access). */
async function signInExternal(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, userId: number): Promise<LoginResult> {
  const user = await loadUser(app, sql`${users.id} = ${userId}`);
  if (!user || user.statusId !== StatusId.Active) throw new AppError(401, ErrorCode.ExpiredSession);
  assertWebAccess(app, user, 'client');
  const token = await createSession(app, req, reply, { userId, isAdmin: false, sessionType: 'WEB' });
  await app.db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, userId));
  await writeAudit(app.db, {
    actorUserId: userId,
    action: 'login',
    entity: 'users',
    entityId: userId,
    ip: req.ip,
    after: { area: 'client', via: 'external-token' },
  });
  issueCsrfToken(app, reply);
  return presentLoginResult(user, token, {
    isAdmin: false,
    securityOffices: await securityOfficesOf(app, userId),
    lastEventId: app.dispatcher.cursor,
  });
}

/**
 * The current session's user, for isauthenticated: what the session lookup read with the session
 * (plugins/session.ts; kept current on every node through the session cache's change notices), so
 * the call costs no query of its own.
 */
export function currentUser(auth: AuthContext): SessionUserRow {
  const { userId, roleId, email, name, surname, phoneNumber, langId, organizationId, organizationName, mustChangePassword } = auth;
  return { userId, roleId, email, name, surname, phoneNumber, langId, organizationId, organizationName, mustChangePassword };
}

/** Ends the request's session, if any. */
export async function signOut(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
  if (req.auth) {
    await endSession(app, req.auth.sessionId);
    await writeAudit(app.db, { actorUserId: req.auth.userId, action: 'logout', entity: 'users', entityId: req.auth.userId, ip: req.ip });
  }
  reply.clearCookie('vigil_session', { path: '/' });
}
