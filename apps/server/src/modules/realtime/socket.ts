/**
 * The console socket `/_socket` (spec §7 Real-time channel). First message `init` with the session
 * token, user id and the last event id the client saw; the server replays what was missed, in
 * order and once, then streams live events within the user's scope (the same rules as the REST
 * calls). Heartbeats every 15 s (SOCKET_HEARTBEAT_MS); dead peers and ended sessions are dropped.
 */
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorCode, SECURITY_ROLES, type SocketEvent, type SocketMessage } from '@vigil/contract';
import { rows } from '../../db/client.js';
import { branchScope, organizationIdsSubquery } from '../../plugins/authorization.js';
import { findSession, type AuthContext } from '../../plugins/session.js';
import { branchOffices } from '../../db/schema/index.js';
import { eventsAfter, presentEvent } from './event.presenter.js';
import type { EventSink } from './dispatcher.js';

const ZInit = z.object({
  type: z.literal('init'),
  token: z.string().min(8),
  userId: z.coerce.number().int(),
  lastEventId: z.coerce.number().int().min(0).optional().nullable(),
});

/** What a user may receive: branch ids, and organisation ids for events that concern no branch. */
export interface SocketScope {
  branchIds: Set<number>;
  organizationIds: Set<number>;
}

export async function loadScope(app: FastifyInstance, auth: AuthContext): Promise<SocketScope> {
  const branches = await rows<{ id: number }>(app.db, sql`select ${branchOffices.id} as id from ${branchOffices} where ${branchScope(auth)}`);
  const orgs = await rows<{ id: number }>(app.db, sql`${organizationIdsSubquery(auth)}`);
  return { branchIds: new Set(branches.map((b) => b.id)), organizationIds: new Set(orgs.map((o) => Object.values(o)[0] as number)) };
}

export function inScope(scope: SocketScope, e: Pick<SocketEvent, 'BranchOfficeId' | 'OrganizationId'>): boolean {
  if (e.BranchOfficeId != null) return scope.branchIds.has(e.BranchOfficeId);
  return e.OrganizationId != null && scope.organizationIds.has(e.OrganizationId);
}

/** One console connection. */
class ConsoleSocket implements EventSink {
  auth: AuthContext | undefined;
  scope: SocketScope | undefined;
  /** Highest event id sent; nothing at or below it is sent again. */
  lastSentId = 0;
  private replaying = true;
  private buffer: [SocketEvent, string][] = [];
  alive = true;

  constructor(private readonly ws: WebSocket) {}

  send(msg: SocketMessage) {
    this.sendRaw(JSON.stringify(msg));
  }

  /** The TCP socket under the WebSocket, to batch writes. */
  private get tcp(): { cork(): void; uncork(): void } | undefined {
    return (this.ws as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
  }
  cork() {
    this.tcp?.cork();
  }
  uncork() {
    this.tcp?.uncork();
  }

  /** The session ended: say so and close (the console signs out, spec §7 "A 401 logs the user out"). */
  expire() {
    this.send({ type: 'error', code: ErrorCode.SessionExpired });
    this.ws.close(4401, 'session ended');
  }

  private sendRaw(json: string) {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(json);
  }

  offer(event: SocketEvent, json: string) {
    if (!this.scope) return;
    if (this.replaying) {
      this.buffer.push([event, json]);
      return;
    }
    this.deliver(event, json);
  }

  private deliver(event: SocketEvent, json: string) {
    if (event.id <= this.lastSentId) return;
    if (this.scope && inScope(this.scope, event)) this.sendRaw(json);
    this.lastSentId = event.id;
  }

  /** Sends everything after `from` in scope, then what arrived meanwhile, then goes live. */
  async replay(app: FastifyInstance, from: number): Promise<number> {
    const scope = this.scope!;
    const filter = { branchIds: [...scope.branchIds], organizationIds: [...scope.organizationIds] };
    this.lastSentId = from;
    let count = 0;
    for (;;) {
      const batch = await eventsAfter(app.db, this.lastSentId, 500, filter);
      for (const row of batch) {
        this.send(presentEvent(row));
        this.lastSentId = Number(row.id);
        count++;
      }
      if (batch.length < 500) break;
    }
    const pending = this.buffer;
    this.buffer = [];
    this.replaying = false;
    for (const [e, json] of pending) this.deliver(e, json);
    return count;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    onlineConsoles: Map<ConsoleSocketKey, { UserId: number; Name: string; Surname: string; RoleId: number }>;
  }
}
type ConsoleSocketKey = object;

export async function socketRoutes(app: FastifyInstance) {
  app.decorate('onlineConsoles', new Map());
  const sockets = new Set<ConsoleSocket>();

  const broadcastOnline = () => {
    const users = [...new Map([...app.onlineConsoles.values()].map((u) => [u.UserId, u])).values()];
    for (const s of sockets) if (s.auth) s.send({ type: 'onlineConsoles', users });
  };

  /**
   * Every heartbeat: sockets whose session ended (logout, expiry, a deactivated user) are told and
   * closed — one query for all sockets of this node — and the others get a heartbeat.
   */
  const heartbeat = setInterval(() => {
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

  app.get('/_socket', { websocket: true }, (ws) => {
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
      if (app.onlineConsoles.delete(conn)) broadcastOnline();
    };
    ws.on('close', close);
    ws.on('error', close);

    ws.once('message', async (raw) => {
      try {
        const parsed = ZInit.safeParse(JSON.parse(String(raw)));
        const auth = parsed.success ? await findSession(app, parsed.data.token) : null;
        if (!parsed.success || !auth || auth.isAdmin || auth.userId !== parsed.data.userId) {
          conn.expire();
          return;
        }
        conn.auth = auth;
        conn.scope = await loadScope(app, auth);
        // Live events start buffering now, so nothing falls between the replay and the stream.
        app.dispatcher.add(conn);
        const from = parsed.data.lastEventId ?? app.dispatcher.cursor;
        const replayed = await conn.replay(app, from);
        conn.send({ type: 'ready', lastEventId: conn.lastSentId, replayed });
        if (SECURITY_ROLES.includes(auth.roleId)) {
          app.onlineConsoles.set(conn, { UserId: auth.userId, Name: auth.name, Surname: auth.surname, RoleId: auth.roleId });
        }
        broadcastOnline();
      } catch (err) {
        app.log.error({ err }, 'socket init failed');
        ws.close(1011, 'init failed');
      }
    });
  });
}
