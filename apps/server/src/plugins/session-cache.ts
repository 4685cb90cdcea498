/**
 * In-process cache of looked-up sessions (issue 20 "Per-request cost"): an API call whose session
 * this node has seen recently is authenticated without a database round trip.
 *
 * Correctness rests on invalidation, not on time:
 * - A change of sessions or of their users is announced with `announceSessionChange` — inside the
 *   writing transaction when there is one: NOTIFY on SESSIONS_CHANNEL reaches every node when (and
 *   only if) the transaction commits (PostgreSQL); this process's caches are told at once through
 *   `sessionChanges`. Announced: logout and an ended session (active sessions), every session of a
 *   user ended (password reset or temporary password, deactivation), any audited change of a user
 *   (role, status, name, language, password…: audit.service.ts) and of an organisation (its name is
 *   part of the session's user).
 * - Every invalidation moves the cache's epoch on; a lookup that began before it does not store its
 *   row (it may have read the session as it was before the change).
 * - An entry is used only while its session's expiry lies ahead (the row's expires_at, slid as the
 *   lookup slides it) and for at most MAX_AGE_MS after it was read: a safety net for changes made
 *   outside the application (SQL by hand) and for notices lost while a node's listener reconnects
 *   (the dispatcher clears the cache when it listens again).
 * Negative answers (unknown, ended, expired tokens) are never cached.
 */
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** PostgreSQL NOTIFY channel of ended and changed sessions (payload: a SessionChange as JSON). */
export const SESSIONS_CHANNEL = 'vigil_sessions';

/** Start of the application_name of every node's NOTIFY listener connection (realtime/dispatcher.ts). */
export const LISTENER_NAME_PREFIX = 'vigil-listener:';
/**
 * This process's listener name (application_name of its NOTIFY listener, LISTENER_NAME_PREFIX and
 * a random id): settleSessionNotices (plugins/session.ts) counts the other processes listening on
 * the database by it in pg_stat_activity, and each process answers another's ping under it.
 */
export const LISTENER_NAME = `${LISTENER_NAME_PREFIX}${randomBytes(6).toString('hex')}`;

/**
 * What changed: `{sessionId}` one session ended, `{userId}` every session of a user ended (both also
 * close sockets: realtime/socket.ts), `{changedUserId}` a user's data changed (sessions stay open),
 * `{all: true}` anything (an organisation changed): every cached session is read again.
 */
export type SessionChange = { sessionId: number } | { userId: number } | { changedUserId: number } | { all: true };

/** Parses a SESSIONS_CHANNEL payload; undefined when it is not a SessionChange. */
export function parseSessionChange(payload: string): SessionChange | undefined {
  try {
    const p = JSON.parse(payload) as Partial<{ sessionId: unknown; userId: unknown; changedUserId: unknown; all: unknown }>;
    if (typeof p.sessionId === 'number') return { sessionId: p.sessionId };
    if (typeof p.userId === 'number') return { userId: p.userId };
    if (typeof p.changedUserId === 'number') return { changedUserId: p.changedUserId };
    if (p.all === true) return { all: true };
  } catch {
    // not ours
  }
  return undefined;
}

/** This process's listeners of session changes ('change' events with a SessionChange): every app's SessionCache. */
export const sessionChanges = new EventEmitter();
sessionChanges.setMaxListeners(0);

/**
 * Tells every node's session cache that sessions or their users changed. Pass the transaction when
 * the change is part of one: other nodes hear it at its commit; this process at once.
 */
export async function announceSessionChange(db: Db, change: SessionChange): Promise<void> {
  await db.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${JSON.stringify(change)})`);
  announced++;
  sessionChanges.emit('change', change);
}

let announced = 0;
/**
 * How many changes this process has announced so far that a console request must settle before
 * answering (plugins/session.ts): session changes, and the scope and console board changes counted
 * by countAnnouncedChange. One counter, so one pair of hooks per request serves them all.
 */
export function announcedSessionChanges(): number {
  return announced;
}

/**
 * Counts a change other than a session change that a console request which made it must settle
 * before answering (modules/branches/board-cache.ts: scope changes and console board changes).
 */
export function countAnnouncedChange(): void {
  announced++;
}

/** What a cached session holds: the caller's identity without the raw token, and its timing (ms since the epoch). */
export interface CachedSession<T> {
  /** The session's user as the lookup returned it (AuthContext without the token). */
  ctx: T;
  sessionId: number;
  userId: number;
  sessionType: string;
  /** sessions.last_seen_at as last written (the expiry slides at most once a minute). */
  lastSeenAt: number;
  /** sessions.expires_at as last read or written: the entry is not used from then on. */
  expiresAt: number;
  /** When the row was read. */
  readAt: number;
}

/** Longest time an entry is used without reading its row again, ms (a safety net; see the module comment). */
export const MAX_AGE_MS = 60_000;
/** Most sessions held; the oldest read is dropped first. */
export const MAX_ENTRIES = 20_000;

/** The session cache of one server (app.sessionCache), keyed by the token's SHA-256 hex. */
export class SessionCache<T> {
  private readonly entries = new Map<string, CachedSession<T>>();
  /** Moved on by every invalidation: a lookup begun under an older epoch does not store its row. */
  epoch = 0;

  constructor(
    private readonly maxAgeMs = MAX_AGE_MS,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  /** Number of cached sessions. */
  get size(): number {
    return this.entries.size;
  }

  /** The entry of `tokenHash` when it may still be used at `now` (ms); undefined otherwise (and dropped). */
  get(tokenHash: string, now = Date.now()): CachedSession<T> | undefined {
    const e = this.entries.get(tokenHash);
    if (!e) return undefined;
    if (e.expiresAt <= now || now - e.readAt >= this.maxAgeMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return e;
  }

  /** Stores a row read while the epoch was `epoch`; ignored when an invalidation came in between. */
  set(tokenHash: string, entry: CachedSession<T>, epoch: number): void {
    if (epoch !== this.epoch) return;
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Drops what `change` concerns and moves the epoch on. */
  invalidate(change: SessionChange): void {
    this.epoch++;
    if ('all' in change) {
      this.entries.clear();
      return;
    }
    for (const [hash, e] of this.entries) {
      const hit =
        'sessionId' in change ? e.sessionId === change.sessionId : e.userId === ('userId' in change ? change.userId : change.changedUserId);
      if (hit) this.entries.delete(hash);
    }
  }

  /** Drops everything (e.g. when notices may have been missed). */
  clear(): void {
    this.invalidate({ all: true });
  }
}
