/**
 * The console socket `/_socket` (spec §7 Real-time channel). First message `init` with the session
 * token, user id and the last event id the client saw; the server replays what was missed, in
 * order and once, then streams live events within the user's scope (the same rules as the REST
 * calls). Heartbeats every 15 s (SOCKET_HEARTBEAT_MS); dead peers and ended sessions are dropped.
 */
import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorCode, RoleGroup, type SocketMessage } from '@vigil/contract';
import { pickLanguage, translate } from '@vigil/i18n';
import { rows } from '../../db/client.js';
import { branchScope, organizationIdsSubquery } from '../../plugins/authorization.js';
import { findSession, SESSIONS_CHANNEL, type AuthContext, type SessionEnd } from '../../plugins/session.js';
import { AppError } from '../../plugins/errors.js';
import { branchOffices } from '../../db/schema/index.js';
import { SCOPE_CHANNEL, scopeChanges } from '../../lib/scope-changes.js';
import { eventsAfter, presentEvents } from './event.presenter.js';
import { PRESENCE_CHANNEL, type Presence } from './presence.js';
import type { DispatchBatch, EventSink, SocketScope } from './dispatcher.js';
import { socketRequestHandlers } from './socket-requests.js';

const ZInit = z.object({
  type: z.literal('init'),
  token: z.string().min(8),
  userId: z.coerce.number().int(),
  lastEventId: z.coerce.number().int().min(0).optional().nullable(),
  batch: z.boolean().optional(),
});

/**
 * The user's scope for events (the same rules as the REST calls). Sockets whose scopes are equal
 * get the same object, so a dispatch batch builds their frames once. A mobile session's scope is
 * empty: its socket receives only the events that name its user as a recipient (chat messages,
 * ENS messages, activated tasks), never the consoles' stream.
 */
export async function loadScope(app: FastifyInstance, auth: AuthContext): Promise<SocketScope> {
  if (auth.sessionType === 'MOBILE') return MOBILE_SCOPE;
  const security = RoleGroup.Security.includes(auth.roleId);
  const branches = await rows<{ id: number }>(
    app.db,
    sql`select ${branchOffices.id} as id from ${branchOffices} where ${branchScope(auth)}`,
  );
  const orgs = await rows<{ id: number }>(app.db, sql`${organizationIdsSubquery(auth)}`);
  const branchIds = branches.map((b) => b.id).sort((a, b) => a - b);
  const organizationIds = orgs.map((o) => Object.values(o)[0] as number).sort((a, b) => a - b);
  const key = `${security ? 's' : ''}|${branchIds.join(',')}|${organizationIds.join(',')}`;
  const shared = sharedScopes.get(key)?.deref();
  if (shared) return shared;
  const scope: SocketScope = { branchIds: new Set(branchIds), organizationIds: new Set(organizationIds), security };
  sharedScopes.set(key, new WeakRef(scope));
  scopeKeys.register(scope, key);
  return scope;
}
/** The scope of every mobile session's socket: nothing by scope, only its own recipient events. */
const MOBILE_SCOPE: SocketScope = Object.freeze({ branchIds: new Set<number>(), organizationIds: new Set<number>(), security: false });
const sharedScopes = new Map<string, WeakRef<SocketScope>>();
const scopeKeys = new FinalizationRegistry<string>((key) => {
  if (!sharedScopes.get(key)?.deref()) sharedScopes.delete(key);
});

/** Bytes queued on a socket beyond which it is dropped (the client reconnects and resumes). */
const MAX_QUEUED_BYTES = 16 * 1024 * 1024;

/** One console connection. */
class ConsoleSocket implements EventSink {
  auth: AuthContext | undefined;
  scope: SocketScope | undefined;
  /** The client accepts frames holding an array of events (SocketInit.batch). */
  batch = false;
  /** Highest event id sent; nothing at or below it is sent again. */
  lastSentId = 0;
  private replaying = true;
  private buffer: DispatchBatch[] = [];
  alive = true;
  /** Past `ready` and the first onlineConsoles list: gets list changes. */
  live = false;

  constructor(private readonly ws: WebSocket) {}

  send(msg: SocketMessage) {
    this.sendJson(JSON.stringify(msg));
  }

  /** The TCP socket under the WebSocket: live frames are written to it pre-framed. */
  private get tcp(): { write(b: Buffer): boolean; writableLength: number } | undefined {
    return (this.ws as unknown as { _socket?: { write(b: Buffer): boolean; writableLength: number } })._socket;
  }

  /** The session ended: say so and close (the console signs out, spec §7 "A 401 logs the user out"). */
  expire() {
    this.send({ type: 'error', code: ErrorCode.SessionExpired });
    this.ws.close(4401, 'session ended');
  }

  sendJson(json: string) {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(json);
  }

  offer(batch: DispatchBatch) {
    if (!this.scope) return;
    if (this.replaying) {
      this.buffer.push(batch);
      return;
    }
    this.deliver(batch);
  }

  /** Writes the batch's events in scope that were not sent yet, as one write of ready frames. */
  private deliver(batch: DispatchBatch) {
    if (batch.lastId <= this.lastSentId) return;
    const frames = batch.framesFor(this.scope!, this.lastSentId, this.batch, this.auth!.userId);
    this.lastSentId = batch.lastId;
    const tcp = this.tcp;
    if (frames.length === 0 || !tcp || this.ws.readyState !== this.ws.OPEN) return;
    if (tcp.writableLength > MAX_QUEUED_BYTES) {
      // A peer this far behind is not reading: drop it rather than hold memory for it. Its
      // console reconnects with its last id and the replay sends what it missed.
      this.ws.terminate();
      return;
    }
    tcp.write(frames);
  }

  /** Sends everything after `from` in scope, then what arrived meanwhile, then goes live. */
  async replay(app: FastifyInstance, from: number): Promise<number> {
    const scope = this.scope!;
    const filter = {
      branchIds: [...scope.branchIds],
      organizationIds: [...scope.organizationIds],
      security: scope.security,
      userId: this.auth!.userId,
    };
    this.lastSentId = from;
    let count = 0;
    for (;;) {
      const batch = await eventsAfter(app.db, this.lastSentId, 500, filter);
      for (const e of await presentEvents(batch, app.dispatcher.names)) {
        this.send(e);
        count++;
      }
      if (batch.length > 0) this.lastSentId = Number(batch[batch.length - 1]!.id);
      if (batch.length < 500) break;
    }
    const pending = this.buffer;
    this.buffer = [];
    this.replaying = false;
    for (const batch of pending) this.deliver(batch);
    return count;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Security officers online on every node (presence.ts; created in app.ts, attached to the sockets here). */
    presence: Presence;
  }
}

export async function socketRoutes(app: FastifyInstance) {
  const sockets = new Set<ConsoleSocket>();
  // onlineConsoles: every live socket gets the list when it changes; a newcomer gets it at ready.
  const presence = app.presence;
  presence.attach((json) => {
    for (const s of sockets) if (s.live) s.sendJson(json);
  });
  app.dispatcher.onNotify(
    PRESENCE_CHANNEL,
    (payload) => void presence.receive(payload).catch((err) => app.log.warn({ err }, 'presence update failed')),
  );
  app.addHook('preClose', async () => presence.leave().catch(() => undefined));

  // Logout closes that session's sockets at once, on this node (local listener) and on every other
  // (NOTIFY vigil_sessions on PostgreSQL), not at the next heartbeat (issue 12 finding 8).
  const closeEnded = (end: SessionEnd) => {
    for (const s of sockets) {
      if (!s.auth) continue;
      if ('sessionId' in end ? s.auth.sessionId === end.sessionId : s.auth.userId === end.userId) s.expire();
    }
  };
  app.sessionEnds.add(closeEnded);
  app.addHook('onClose', async () => void app.sessionEnds.delete(closeEnded));
  // Scope changes (lib/scope-changes.ts) apply to open sockets at once, on every node: each socket's
  // session is looked up again (role and status may have changed) and its scope reloaded. Changes
  // arriving together are handled in one pass.
  let scopeReload: NodeJS.Timeout | undefined;
  let reloading: Promise<void> | undefined;
  const reloadScopes = async () => {
    for (const s of [...sockets]) {
      if (!s.auth || !s.scope || s.auth.sessionType === 'MOBILE') continue;
      const auth = await findSession(app, s.auth.token);
      if (!auth) {
        s.expire();
        continue;
      }
      s.auth = auth;
      s.scope = await loadScope(app, auth);
    }
  };
  const scheduleScopeReload = (delayMs: number) => {
    if (scopeReload) return;
    scopeReload = setTimeout(() => {
      scopeReload = undefined;
      reloading = (reloading ?? Promise.resolve()).then(reloadScopes).catch((err) => app.log.warn({ err }, 'socket scope reload failed'));
    }, delayMs);
    scopeReload.unref();
  };
  // This node: after the writer's commit (it is told before); other nodes: NOTIFY after the commit.
  const onLocalScopeChange = () => scheduleScopeReload(300);
  scopeChanges.on('change', onLocalScopeChange);
  app.addHook('onClose', async () => {
    scopeChanges.off('change', onLocalScopeChange);
    clearTimeout(scopeReload);
    await reloading;
  });
  app.dispatcher.onNotify(SCOPE_CHANNEL, () => scheduleScopeReload(20));

  app.dispatcher.onNotify(SESSIONS_CHANNEL, (payload) => {
    try {
      const end = JSON.parse(payload) as Partial<{ sessionId: unknown; userId: unknown }>;
      if (typeof end.sessionId === 'number') closeEnded({ sessionId: end.sessionId });
      else if (typeof end.userId === 'number') closeEnded({ userId: end.userId });
    } catch {
      // not ours: ignored
    }
  });

  /**
   * Every heartbeat: sockets whose session ended (logout, expiry, a deactivated user) are told and
   * closed — one query for all sockets of this node — and the others get a heartbeat.
   */
  const heartbeat = setInterval(() => {
    void presence.tick(app.config.socketHeartbeatMs).catch((err) => app.log.warn({ err }, 'presence announce failed'));
    void (async () => {
      const live = [...sockets].filter((s) => s.auth);
      if (live.length === 0) return;
      const ids = [...new Set(live.map((s) => s.auth!.sessionId))];
      const valid = new Set(
        (
          await rows<{ id: number }>(
            app.db,
            sql`select s.id from sessions s join users u on u.id = s.user_id
                where s.id = any(${`{${ids.join(',')}}`}::int[]) and s.ended_at is null and s.expires_at > now() and u.status_id = 1`,
          )
        ).map((r) => r.id),
      );
      for (const s of live) {
        if (valid.has(s.auth!.sessionId)) s.send({ type: 'heartbeat', lastEventId: s.lastSentId });
        else s.expire();
      }
    })().catch((err) => app.log.warn({ err }, 'socket heartbeat failed'));
  }, app.config.socketHeartbeatMs);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));

  const requests = socketRequestHandlers(app);
  /** A console's request after init (socket-requests.ts): the handler's reply, or its error message. */
  const request = async (conn: ConsoleSocket, raw: RawData, ip: string, acceptLanguage: string | undefined) => {
    let msg: unknown;
    try {
      msg = JSON.parse(String(raw));
    } catch {
      return;
    }
    const type = (msg as { type?: unknown } | null)?.type;
    const handler = typeof type === 'string' ? requests.get(type) : undefined;
    const auth = conn.auth;
    if (!handler || !auth || auth.sessionType === 'MOBILE') return;
    const wanted = (msg as { lang?: unknown }).lang;
    const lang = pickLanguage(typeof wanted === 'string' ? wanted : acceptLanguage);
    try {
      conn.sendJson(JSON.stringify(await handler.handle({ auth, ip, lang }, msg)));
    } catch (err) {
      const known = err instanceof AppError;
      if (!known) app.log.error({ err, type }, 'socket request failed');
      const code = known ? err.code : ErrorCode.Generic;
      conn.sendJson(
        JSON.stringify({
          type: handler.errorType,
          ...(handler.echo?.(msg) ?? {}),
          status: known ? err.statusCode : 500,
          code,
          description: translate(lang, code, { product: app.config.productName, ...(known ? err.vars : {}) }),
        }),
      );
    }
  };

  app.get('/_socket', { websocket: true }, (ws, req) => {
    const conn = new ConsoleSocket(ws);
    sockets.add(conn);
    let pingTimer: NodeJS.Timeout | undefined;
    ws.on('pong', () => (conn.alive = true));
    pingTimer = setInterval(() => {
      if (!conn.alive) return ws.terminate();
      conn.alive = false;
      ws.ping();
    }, app.config.socketHeartbeatMs);

    const close = () => {
      if (pingTimer) clearInterval(pingTimer);
      pingTimer = undefined;
      sockets.delete(conn);
      app.dispatcher.remove(conn);
      presence.remove(conn);
    };
    ws.on('close', close);
    ws.on('error', close);

    const init = async (raw: RawData) => {
      try {
        const parsed = ZInit.safeParse(JSON.parse(String(raw)));
        const auth = parsed.success ? await findSession(app, parsed.data.token) : null;
        if (!parsed.success || !auth || auth.isAdmin || auth.userId !== parsed.data.userId) {
          conn.expire();
          return;
        }
        conn.auth = auth;
        // Later messages are requests (socket-requests.ts), answered one by one as they come.
        ws.on('message', (raw) => void request(conn, raw, req.ip, req.headers['accept-language']));
        conn.batch = parsed.data.batch === true;
        conn.scope = await loadScope(app, auth);
        // Live events start buffering now, so nothing falls between the replay and the stream.
        app.dispatcher.add(conn);
        const from = parsed.data.lastEventId ?? app.dispatcher.cursor;
        const replayed = await conn.replay(app, from);
        conn.send({ type: 'ready', lastEventId: conn.lastSentId, replayed });
        const online =
          RoleGroup.Security.includes(auth.roleId) && auth.sessionType !== 'MOBILE'
            ? await presence.add(conn, { UserId: auth.userId, Name: auth.name, Surname: auth.surname, RoleId: auth.roleId })
            : await presence.message();
        conn.live = true;
        conn.sendJson(online);
      } catch (err) {
        app.log.error({ err }, 'socket init failed');
        ws.close(1011, 'init failed');
      }
    };
    // Fire and forget: init catches its own errors (above).
    ws.once('message', (raw) => void init(raw));
  });
}
