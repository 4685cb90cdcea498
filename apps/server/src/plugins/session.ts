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
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ErrorCode, StatusId } from '@vigil/contract';
import { oncePerDatabase, rows, type Db } from '../db/client.js';
import { organizations, sessions, users } from '../db/schema/index.js';
import { forbidden, unauthorized } from './errors.js';
import {
  LISTENER_NAME,
  LISTENER_NAME_PREFIX,
  SESSIONS_CHANNEL,
  SessionCache,
  announceSessionChange,
  announcedSessionChanges,
  parseSessionChange,
  sessionChanges,
  type SessionChange,
} from './session-cache.js';

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
  /** Name of the user's organisation (null without one). */
  organizationName: string | null;
  /** A temporary password is in use: every call but a password change answers 403 errors.passwordChangeRequired. */
  mustChangePassword: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** announcedSessionChanges() when the request came in (-1 before the session hook ran). */
    sessionChangesAtStart: number;
  }
}

/** SHA-256 hex of a token, as stored (one-shot crypto.hash: no Hash object per call, on every API call's session lookup). */
export const hashToken = (token: string) => hash('sha256', token, 'hex');
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
 * The session lookup of every API call and socket init that misses the session cache, built once
 * per database (a named prepared statement on PostgreSQL: parsed once per connection; on both, no
 * query building per request). Placeholder `tokenHash`: the SHA-256 hex of the token. Rows: the
 * session, its user and the user's organisation name.
 */
const sessionLookup = oncePerDatabase((db) =>
  db
    .select({
      sessionId: sessions.id,
      isAdmin: sessions.isAdmin,
      sessionType: sessions.sessionType,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      roleId: users.roleId,
      organizationId: users.organizationId,
      organizationName: organizations.name,
      email: users.email,
      name: users.name,
      surname: users.surname,
      phoneNumber: users.phoneNumber,
      langId: users.langId,
      statusId: users.statusId,
      mustChangePassword: users.mustChangePassword,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.endedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('vigil_find_session'),
);

/** How often at most a session's expiry is slid (and last_seen_at written), ms. */
const SLIDE_EVERY_MS = 60_000;

/**
 * findSession's answer when it needs no database work, without a promise (the request hook's
 * common path): null for a token too short to be one; the session when this node's cache holds it
 * and its expiry is not due to slide; undefined otherwise (then call findSession).
 */
export function cachedSession(app: FastifyInstance, token: string): AuthContext | null | undefined {
  if (token.length < 8) return null;
  const entry = app.sessionCache.get(hashToken(token));
  if (!entry || Date.now() - entry.lastSeenAt > SLIDE_EVERY_MS) return undefined;
  return { ...entry.ctx, token };
}

/**
 * Looks a session token up; null when unknown, ended, expired or the user is no longer active.
 * Answers from this node's session cache when it holds the session (plugins/session-cache.ts: every
 * end or change of a session or its user is announced to every node), else reads the row.
 */
export async function findSession(app: FastifyInstance, token: string): Promise<AuthContext | null> {
  const known = cachedSession(app, token);
  if (known !== undefined) return known;
  if (token.length < 8) return null;
  const tokenHash = hashToken(token);
  const cache = app.sessionCache;
  let entry = cache.get(tokenHash);
  if (!entry) {
    const epoch = cache.epoch;
    const [row] = await sessionLookup(app.db).execute({ tokenHash });
    if (!row || row.statusId !== StatusId.Active) return null;
    const { lastSeenAt, expiresAt, statusId: _status, ...ctx } = row;
    entry = {
      ctx,
      sessionId: row.sessionId,
      userId: row.userId,
      sessionType: row.sessionType,
      lastSeenAt: lastSeenAt.getTime(),
      expiresAt: expiresAt.getTime(),
      readAt: Date.now(),
    };
    cache.set(tokenHash, entry, epoch);
  }
  // Slide the expiry, at most once a minute per session: a web session by its idle time
  // (SESSION_IDLE_MINUTES), a mobile app session by its own lifetime (MOBILE_SESSION_DAYS), so an
  // app used every day stays signed in instead of being cut to the web's idle time. The cached
  // entry slides with the row (first, so that concurrent calls do not all write).
  const now = Date.now();
  if (now - entry.lastSeenAt > SLIDE_EVERY_MS) {
    const lifetimeMs = entry.sessionType === 'MOBILE' ? app.config.mobileSessionMs : app.config.sessionIdleMs;
    entry.lastSeenAt = now;
    entry.expiresAt = now + lifetimeMs;
    await app.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now), expiresAt: new Date(now + lifetimeMs) })
      .where(eq(sessions.id, entry.sessionId));
  }
  return { ...entry.ctx, token };
}

export { SESSIONS_CHANNEL };

/** An ended session or every session of a user: what the socket module closes at once. */
export type SessionEnd = { sessionId: number } | { userId: number };

declare module 'fastify' {
  interface FastifyInstance {
    /** Local listeners of ended sessions (the socket module); other nodes hear SESSIONS_CHANNEL. */
    sessionEnds: Set<(end: SessionEnd) => void>;
    /** This node's cache of looked-up sessions (plugins/session-cache.ts). */
    sessionCache: SessionCache<Omit<AuthContext, 'token'>>;
    /** Handles a NOTIFY on SESSIONS_CHANNEL heard by this node (the dispatcher's listener calls it). */
    receiveSessionNotice: (payload: string) => void;
    /** Called by the dispatcher each time its listener (re)connects: notices may have been missed. */
    sessionListenerReady: () => void;
  }
}

/** Tells every node that sessions ended: local listeners at once, other nodes by NOTIFY (PostgreSQL). */
async function announceSessionEnd(app: FastifyInstance, end: SessionEnd) {
  for (const listener of app.sessionEnds) listener(end);
  await announceSessionChange(app.db, end);
}

/** Ends a session (logout) and closes its sockets on every node at once (issue 12 finding 8). */
export async function endSession(app: FastifyInstance, sessionId: number) {
  await app.db.update(sessions).set({ endedAt: new Date() }).where(eq(sessions.id, sessionId));
  await announceSessionEnd(app, { sessionId });
}

/** Ends every open session of a user and closes their sockets on every node (see endUserSessions). */
export async function endUserSessionsEverywhere(app: FastifyInstance, userId: number): Promise<void> {
  await app.db
    .update(sessions)
    .set({ endedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
  await announceSessionEnd(app, { userId });
}

/**
 * Ends every open session of a user (password changed by link or temporary password, user
 * deactivated or made Pending) and tells every node's session cache and sockets — at the commit
 * when `db` is a transaction. Callers that answer right after may `settleSessionNotices` first.
 */
export async function endUserSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
  await announceSessionChange(db, { userId });
}

/** How long `settleSessionNotices` waits at most, ms. */
const SETTLE_TIMEOUT_MS = 1_000;

/**
 * On PostgreSQL, waits until every node has handled the session changes this node committed so
 * far (at most SETTLE_TIMEOUT_MS): it sends a ping on SESSIONS_CHANNEL and waits until its own
 * listener has heard it and every other process listening on the database (counted by listener
 * name in pg_stat_activity, LISTENER_NAME) has answered it with a pong. Notices reach each
 * listener in commit order, and a node answers the ping only after handling what came before it
 * on its connection, so once all have answered, every node's cache has dropped the revoked
 * sessions. Called before answering a logout or a revocation (any request during which this
 * process announced a session change, in onSend), so that a call made with the revoked session
 * right after is refused on any node — not only when that node's listener happened to be
 * scheduled first (a busy machine could leave it a few ms behind). A no-op on PGlite (one process,
 * told at once) and without a listener.
 */
export async function settleSessionNotices(app: FastifyInstance): Promise<void> {
  if (app.database.kind !== 'postgres' || !app.dispatcher?.listening) return;
  const [row] = await rows<{ others: number }>(
    app.db,
    sql`select count(distinct application_name)::int as others from pg_stat_activity
      where datname = current_database() and application_name like ${`${LISTENER_NAME_PREFIX}%`} and application_name <> ${LISTENER_NAME}`,
  );
  const others = row?.others ?? 0;
  const nonce = randomBytes(8).toString('hex');
  const settled = new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pendingPings.delete(nonce);
      resolve();
    };
    const timer = setTimeout(done, SETTLE_TIMEOUT_MS);
    timer.unref();
    const waiter: PingWaiter = {
      heard: false,
      answeredBy: new Set(),
      check: () => {
        if (waiter.heard && waiter.answeredBy.size >= others) done();
      },
    };
    pendingPings.set(nonce, waiter);
  });
  await app.db.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${JSON.stringify({ ping: nonce, node: LISTENER_NAME })})`);
  await settled;
}

/** A settleSessionNotices in progress: whether its own ping came back, and the processes that answered it. */
interface PingWaiter {
  heard: boolean;
  answeredBy: Set<string>;
  check: () => void;
}

/** Waiters of settleSessionNotices by nonce (this process). */
const pendingPings = new Map<string, PingWaiter>();

/** A ping or pong of settleSessionNotices on SESSIONS_CHANNEL; undefined for any other payload. */
function parsePing(payload: string): { ping: string; node: string } | { pong: string; node: string } | undefined {
  if (!payload.startsWith('{"p')) return undefined;
  try {
    const p = JSON.parse(payload) as { ping?: unknown; pong?: unknown; node?: unknown };
    if (typeof p.node !== 'string') return undefined;
    if (typeof p.ping === 'string') return { ping: p.ping, node: p.node };
    if (typeof p.pong === 'string') return { pong: p.pong, node: p.node };
  } catch {
    // not ours
  }
  return undefined;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The guard a route was registered with (the authorization matrix test reads these). */
export type RouteGuard = 'client' | 'admin' | 'mobile' | 'none';

/**
 * Every route's guard, recorded as routes are registered (onRoute): method + ' ' + url → guard.
 * The attack tests generate their authorization matrix from it, so a new route is covered at once.
 */
export const routeGuards = new WeakMap<FastifyInstance, Map<string, RouteRecord>>();

/** What the route table records of a route: its guard and its body schema (zod), if any. */
export interface RouteRecord {
  method: string;
  url: string;
  guard: RouteGuard;
  body: unknown;
}

/** Registers the CSRF route and checks, and resolves `request.auth` on every request. */
export function registerSession(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionChangesAtStart', -1);
  app.decorate('sessionEnds', new Set<(end: SessionEnd) => void>());
  const cache = new SessionCache<Omit<AuthContext, 'token'>>();
  app.decorate('sessionCache', cache);
  // This process's announcements (any server of it: tests run several) at once; other nodes' by NOTIFY.
  const onChange = (change: SessionChange) => cache.invalidate(change);
  sessionChanges.on('change', onChange);
  app.addHook('onClose', async () => void sessionChanges.off('change', onChange));
  app.decorate('receiveSessionNotice', (payload: string) => {
    const p = parsePing(payload);
    if (p && 'ping' in p) {
      const waiter = pendingPings.get(p.ping);
      if (waiter) {
        waiter.heard = true;
        return waiter.check();
      }
      // Another process settles: everything before its ping on this connection is handled by now.
      if (p.node !== LISTENER_NAME) {
        app.db
          .execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${JSON.stringify({ pong: p.ping, node: LISTENER_NAME })})`)
          .catch((err: unknown) => app.log.warn({ err }, 'could not answer a session settle ping'));
      }
      return;
    }
    if (p) {
      const waiter = pendingPings.get(p.pong);
      waiter?.answeredBy.add(p.node);
      return waiter?.check();
    }
    const change = parseSessionChange(payload);
    if (change) cache.invalidate(change);
  });
  app.decorate('sessionListenerReady', () => cache.clear());
  const guards = new Map<string, RouteRecord>();
  routeGuards.set(app, guards);

  // The guards run before the body is read (issue 12 finding 1: a mobile or anonymous caller never
  // gets a console call's body parsed). Routes name them in preValidation; they are moved to
  // onRequest here, after the session is resolved, and recorded.
  app.addHook('onRoute', (route) => {
    const pre = route.preValidation === undefined ? [] : Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation];
    const moved = pre.filter((h) => GUARDS.has(h as never));
    const guard = moved.length ? GUARDS.get(moved[0] as never)! : 'none';
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) guards.set(`${m} ${route.url}`, { method: m, url: route.url, guard, body: route.schema?.body });
    if (moved.length === 0) return;
    route.preValidation = pre.filter((h) => !GUARDS.has(h as never));
    const on = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [...on, ...moved] as typeof route.onRequest;
  });

  app.get('/security/csrf-token', async (_req, reply) => {
    issueCsrfToken(app, reply);
    return reply.status(204).send();
  });

  // A request that ended or changed sessions (logout, revocation, deactivation, role change…), or
  // announced a scope or console board change (modules/branches/board-cache.ts counts those in the
  // same counter), answers only once every node has been sent the notice (settleSessionNotices):
  // the next call, on any node, meets it.
  //
  // The per-request hooks are callback hooks that finish at once on the common path (no change to
  // settle; the session in this node's cache): an async hook costs a promise and a microtask turn
  // on every request (issue 20 per-request cost).
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (req.sessionChangesAtStart >= 0 && announcedSessionChanges() !== req.sessionChangesAtStart) {
      settleSessionNotices(app).then(
        () => done(null, payload),
        (err: Error) => done(err),
      );
    } else done(null, payload);
  });

  app.addHook('onRequest', (req, _reply, done) => {
    req.sessionChangesAtStart = announcedSessionChanges();
    if (STATE_CHANGING.has(req.method)) {
      // Bearer-token calls and the mobile API (which never uses cookies) carry no ambient credentials.
      const bearer = req.headers.authorization?.startsWith('Bearer ') || req.url.startsWith('/api/mobile/');
      if (!bearer) {
        const header = req.headers[CSRF_HEADER];
        const cookie = req.cookies[CSRF_COOKIE];
        if (typeof header !== 'string' || !cookie || !safeEqual(header, cookie)) return done(forbidden(ErrorCode.CsrfMissing));
      }
    }
    // Only API calls need the session; static files and the app shell do not touch the database.
    if (!req.url.startsWith('/api/')) return done();
    // The mobile API takes the bearer header only (no cookie: issue 12 finding 5).
    const token = req.url.startsWith('/api/mobile/') ? bearerToken(req) : requestToken(req);
    const known = token ? cachedSession(app, token) : null;
    if (known !== undefined) {
      req.auth = known;
      return done();
    }
    findSession(app, token!).then(
      (auth) => {
        req.auth = auth;
        done();
      },
      (err: Error) => done(err),
    );
  });
}

/** The bearer token of the Authorization header, if any. */
function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

/**
 * Calls a user with a temporary password may still make (spec §7 temporary-password, our design):
 * changing the password, what the console and the app need to show that form or sign out — and a
 * mobile alarm, which is never refused (a person in danger does not first choose a password).
 */
export const PASSWORD_CHANGE_ROUTES: ReadonlySet<string> = new Set([
  '/api/client/manageuserproperties',
  '/api/client/isauthenticated',
  '/api/client/logout',
  '/api/mobile/changepassword',
  '/api/mobile/alarm',
]);

/** 403 errors.passwordChangeRequired while a temporary password is in use, except on PASSWORD_CHANGE_ROUTES. */
function refuseUntilPasswordChanged(req: FastifyRequest) {
  if (req.auth?.mustChangePassword && !PASSWORD_CHANGE_ROUTES.has(req.routeOptions.url ?? ''))
    throw forbidden(ErrorCode.PasswordChangeRequired);
}

/** A console session: a client (non-admin) web session; mobile sessions are refused (issue 12 finding 5). */
export function requireClient(req: FastifyRequest, _reply?: FastifyReply, done?: HookDone): void {
  if (!req.auth || req.auth.isAdmin || req.auth.sessionType === 'MOBILE') throw unauthorized();
  refuseUntilPasswordChanged(req);
  done?.();
}

/** A platform-admin session is required; 401 otherwise. */
export function requireAdmin(req: FastifyRequest, _reply?: FastifyReply, done?: HookDone): void {
  if (!req.auth || !req.auth.isAdmin) throw unauthorized();
  done?.();
}

/** A mobile session sent as `Authorization: Bearer` (from /api/mobile/login) is required; 401 otherwise. */
export function requireMobile(req: FastifyRequest, _reply?: FastifyReply, done?: HookDone): void {
  if (!req.auth || req.auth.isAdmin || req.auth.sessionType !== 'MOBILE' || !bearerToken(req)) throw unauthorized();
  refuseUntilPasswordChanged(req);
  done?.();
}

/**
 * A hook's `done`. The guards are synchronous callback hooks: a failing guard throws its 401/403
 * (Fastify's hook runner answers it), a passing one calls `done` — without the promise an async
 * hook costs. The route table moves them to onRequest; a route hook another instrumentation wrapped
 * before that (Sentry's Fastify integration wraps every route hook of an instance created after its
 * init) stays in preValidation, where they work the same way.
 */
type HookDone = (err?: Error) => void;

/** The guards and what the route table records for them. */
const GUARDS = new Map<(req: FastifyRequest) => void, RouteGuard>([
  [requireClient, 'client'],
  [requireAdmin, 'admin'],
  [requireMobile, 'mobile'],
]);

/**
 * The signed-in user of a request, typed non-null: what a handler behind requireClient,
 * requireAdmin or requireMobile reads instead of `req.auth!`.
 * @throws 401 errors.sessionExpired when the request has no session (a route registered without its guard).
 */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}
