/**
 * Sessions and CSRF (spec §7 Common and authentication; ARCHITECTURE.md Security defaults).
 *
 * - Session token: 256 random bits, base64url, sent as the HttpOnly cookie `vigil_session` (or as
 *   `Authorization: Bearer` by mobile clients); only its SHA-256 is stored. Idle expiry slides.
 * - CSRF: double submit. `GET /security/csrf-token` answers 204 with `x-xsrf-token` and sets the same
 *   value in the HttpOnly, SameSite=Strict cookie `vigil_csrf`; every POST/PUT/PATCH/DELETE made with
 *   cookies must send the header equal to the cookie, else 403 `errors.csrfMissing`. Calls that
 *   authenticate with a bearer token, and the mobile API (bearer only), carry no ambient
 *   credentials and are exempt.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ErrorCode, StatusId } from '@vigil/contract';
import { oncePerDatabase, type Db } from '../db/client.js';
import { sessions, users } from '../db/schema/index.js';
import { forbidden, unauthorized } from './errors.js';

export const SESSION_COOKIE = 'vigil_session';
export const CSRF_COOKIE = 'vigil_csrf';
export const CSRF_HEADER = 'x-xsrf-token';

/** The signed-in user of a request. */
export interface AuthContext {
  sessionId: number;
  /** The raw session token (needed for the socket `init`, spec §7 Real-time channel). */
  token: string;
  isAdmin: boolean;
  sessionType: string;
  userId: number;
  roleId: number;
  organizationId: number | null;
  email: string;
  name: string;
  surname: string;
  phoneNumber: string | null;
  langId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The session token a request carries: bearer header first, then the cookie. */
export function requestToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  return req.cookies[SESSION_COOKIE];
}

/** Sets a fresh CSRF token (cookie + response header). Used by the token route and at login. */
export function issueCsrfToken(app: FastifyInstance, reply: FastifyReply): string {
  const token = randomBytes(32).toString('base64url');
  reply.setCookie(CSRF_COOKIE, token, { httpOnly: true, sameSite: 'strict', path: '/', secure: app.config.secureCookies });
  reply.header(CSRF_HEADER, token);
  return token;
}

/** Creates a session row and sets the cookie. Returns the raw token. */
export async function createSession(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  opts: { userId: number; isAdmin: boolean; sessionType: string },
): Promise<string> {
  const token = newToken();
  await app.db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: opts.userId,
    sessionType: opts.sessionType,
    isAdmin: opts.isAdmin,
    ip: req.ip,
    userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
    expiresAt: new Date(Date.now() + app.config.sessionIdleMs),
  });
  setSessionCookie(app, reply, token);
  return token;
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/', secure: app.config.secureCookies });
}

/**
 * The session lookup of every API call and socket init, built once per database (a named prepared
 * statement on PostgreSQL: parsed once per connection; on both, no query building per request).
 * Placeholder `tokenHash`: the SHA-256 hex of the token. Rows: the session and its user.
 */
const sessionLookup = oncePerDatabase((db) =>
  db
    .select({
      sessionId: sessions.id,
      isAdmin: sessions.isAdmin,
      sessionType: sessions.sessionType,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      roleId: users.roleId,
      organizationId: users.organizationId,
      email: users.email,
      name: users.name,
      surname: users.surname,
      phoneNumber: users.phoneNumber,
      langId: users.langId,
      statusId: users.statusId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.endedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('vigil_find_session'),
);

/** Looks a session token up; null when unknown, ended, expired or the user is no longer active. */
export async function findSession(app: FastifyInstance, token: string): Promise<AuthContext | null> {
  if (token.length < 8) return null;
  const [row] = await sessionLookup(app.db).execute({ tokenHash: hashToken(token) });
  if (!row || row.statusId !== StatusId.Active) return null;
  // Slide the idle expiry, at most once a minute per session.
  if (Date.now() - row.lastSeenAt.getTime() > 60_000) {
    await app.db
      .update(sessions)
      .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + app.config.sessionIdleMs) })
      .where(eq(sessions.id, row.sessionId));
  }
  const { lastSeenAt: _seen, statusId: _status, ...ctx } = row;
  return { ...ctx, token };
}

/** Ends a session (logout). */
export async function endSession(app: FastifyInstance, sessionId: number) {
  await app.db.update(sessions).set({ endedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Ends every open session of a user (password changed by link or temporary password, user deactivated or made Pending). */
export async function endUserSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Registers the CSRF route and checks, and resolves `request.auth` on every request. */
export function registerSession(app: FastifyInstance) {
  app.decorateRequest('auth', null);

  app.get('/security/csrf-token', async (_req, reply) => {
    issueCsrfToken(app, reply);
    return reply.status(204).send();
  });

  app.addHook('preValidation', async (req) => {
    if (STATE_CHANGING.has(req.method)) {
      // Bearer-token calls and the mobile API (which never uses cookies) carry no ambient credentials.
      const bearer = req.headers.authorization?.startsWith('Bearer ') || req.url.startsWith('/api/mobile/');
      if (!bearer) {
        const header = req.headers[CSRF_HEADER];
        const cookie = req.cookies[CSRF_COOKIE];
        if (typeof header !== 'string' || !cookie || !safeEqual(header, cookie)) throw forbidden(ErrorCode.CsrfMissing);
      }
    }
    // Only API calls need the session; static files and the app shell do not touch the database.
    if (!req.url.startsWith('/api/')) return;
    const token = requestToken(req);
    req.auth = token ? await findSession(app, token) : null;
  });
}

/** preValidation: a client (non-admin) web or mobile session is required; 401 otherwise. */
export async function requireClient(req: FastifyRequest) {
  if (!req.auth || req.auth.isAdmin) throw unauthorized();
}

/** preValidation: a platform-admin session is required; 401 otherwise. */
export async function requireAdmin(req: FastifyRequest) {
  if (!req.auth || !req.auth.isAdmin) throw unauthorized();
}

/** preValidation: a mobile session (bearer token from /api/mobile/login) is required; 401 otherwise. */
export async function requireMobile(req: FastifyRequest) {
  if (!req.auth || req.auth.isAdmin || req.auth.sessionType !== 'MOBILE') throw unauthorized();
}

/**
 * The signed-in user of a request, typed non-null: what a handler behind requireClient,
 * requireAdmin or requireMobile reads instead of `req.auth!`.
 * @throws 401 errors.sessionExpired when the request has no session (a route registered without its guard).
 */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}
