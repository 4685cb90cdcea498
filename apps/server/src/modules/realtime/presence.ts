/**
 * Security officers online (socket message `onlineConsoles`, spec §7 Real-time channel; §4 officer
 * online state), across every server process.
 *
 * Each node knows its own consoles. On PostgreSQL it announces the user ids of its signed-in
 * security users with `NOTIFY vigil_presence` ({"node":"<uuid>","ids":[…]}) whenever they change
 * and on every heartbeat; the others keep each node's last announcement, and forget a node not
 * heard from for three heartbeats (it stopped or lost its database). On PGlite there is one node.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SocketMessage } from '@vigil/contract';
import { rows } from '../../db/client.js';

export const PRESENCE_CHANNEL = 'vigil_presence';

/** A security user as onlineConsoles lists them. */
export interface OnlineUser {
  UserId: number;
  Name: string;
  Surname: string;
  RoleId: number;
}

const ZAnnouncement = z.object({ node: z.string().max(64), ids: z.array(z.number().int()).max(2_000) });

export class Presence {
  /** This node's id in announcements. */
  readonly node = randomUUID();
  /** Local consoles (any key per socket) → their user. */
  private local = new Map<object, OnlineUser>();
  /** Other nodes → the user ids they announced, and when. */
  private remote = new Map<string, { ids: number[]; at: number }>();
  /** Names of users seen on other nodes. */
  private known = new Map<number, OnlineUser>();
  private lastJson = '';
  private lastIds = '';

  /** Sends the list to every signed-in socket of this node (set by the socket routes, attach). */
  private broadcast: (json: string) => void = () => undefined;

  /** Created once per process by app.ts (so every module can ask isOnline); the socket routes attach their sockets. */
  constructor(private readonly app: FastifyInstance) {}

  /** The socket routes' broadcast to every signed-in socket of this node. */
  attach(broadcast: (json: string) => void) {
    this.broadcast = broadcast;
  }

  private get shared() {
    return this.app.database.kind === 'postgres';
  }

  /** A console of a security user went live on this node. Returns the list message for it. */
  async add(key: object, user: OnlineUser): Promise<string> {
    this.local.set(key, user);
    await this.changed();
    return this.lastJson;
  }

  /** A console closed. */
  remove(key: object) {
    if (this.local.delete(key)) void this.changed().catch((err) => this.app.log.warn({ err }, 'presence update failed'));
  }

  /** The current list message (JSON), for a console that just went live. */
  async message(): Promise<string> {
    if (!this.lastJson) await this.refresh();
    return this.lastJson;
  }

  /** Whether `userId` has a live console on this node or on another one (as last announced). */
  isOnline(userId: number): boolean {
    for (const u of this.local.values()) if (u.UserId === userId) return true;
    for (const r of this.remote.values()) if (r.ids.includes(userId)) return true;
    return false;
  }

  /** Each heartbeat: announce again (so new nodes learn it) and forget silent nodes. */
  async tick(heartbeatMs: number) {
    const before = this.remote.size;
    for (const [node, r] of this.remote) if (Date.now() - r.at > 3 * heartbeatMs) this.remote.delete(node);
    if (this.shared) await this.announce(true);
    if (this.remote.size !== before) await this.refresh();
  }

  /** An announcement from another node (PostgreSQL NOTIFY payload). Bad payloads are ignored. */
  async receive(payload: string) {
    let parsed;
    try {
      parsed = ZAnnouncement.safeParse(JSON.parse(payload));
    } catch {
      return;
    }
    if (!parsed.success || parsed.data.node === this.node) return;
    const prev = this.remote.get(parsed.data.node);
    this.remote.set(parsed.data.node, { ids: parsed.data.ids, at: Date.now() });
    if (prev?.ids.join(',') !== parsed.data.ids.join(',')) await this.refresh();
  }

  /** This node is stopping: the others drop its consoles at once. */
  async leave() {
    this.local.clear();
    if (this.shared) await this.announce(true);
  }

  private async changed() {
    if (this.shared) await this.announce(false);
    await this.refresh();
  }

  private localIds() {
    return [...new Set([...this.local.values()].map((u) => u.UserId))].sort((a, b) => a - b);
  }

  private async announce(always: boolean) {
    const ids = this.localIds();
    const key = ids.join(',');
    if (!always && key === this.lastIds) return;
    this.lastIds = key;
    await this.app.db.execute(sql`select pg_notify(${PRESENCE_CHANNEL}, ${JSON.stringify({ node: this.node, ids })})`);
  }

  /** Recomputes the list; sends it to every console of this node when it changed. */
  private async refresh() {
    const users = new Map<number, OnlineUser>();
    for (const u of this.local.values()) users.set(u.UserId, u);
    const missing = [...new Set([...this.remote.values()].flatMap((r) => r.ids))].filter((id) => !users.has(id) && !this.known.has(id));
    if (missing.length) {
      const found = await rows<OnlineUser>(
        this.app.db,
        sql`select id as "UserId", name as "Name", surname as "Surname", role_id as "RoleId" from users where id = any(${`{${missing.join(',')}}`}::int[])`,
      );
      for (const u of found) this.known.set(u.UserId, u);
    }
    for (const r of this.remote.values())
      for (const id of r.ids) if (!users.has(id) && this.known.has(id)) users.set(id, this.known.get(id)!);
    const list = [...users.values()].sort((a, b) => a.UserId - b.UserId);
    const json = JSON.stringify({ type: 'onlineConsoles', users: list } satisfies SocketMessage);
    if (json === this.lastJson) return;
    this.lastJson = json;
    this.broadcast(json);
  }
}
