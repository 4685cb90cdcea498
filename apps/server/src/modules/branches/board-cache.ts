/**
 * The branch board's answer cache (issue 20 "branch board"): getofficesv2 GET-ALL-BRANCH-OFFICES
 * answers, serialised once, kept per (scope, filter) and served again until the board changes.
 *
 * Keys: an organisation admin's scope is its organisation (`o:<organizationId>`); every other role's
 * depends on the user (WorksIn, dealer and security-office assignments: `u:<roleId>:<userId>:<organizationId>`),
 * followed by the parsed request body. Users of different scope never share an entry.
 *
 * Correctness rests on invalidation, not on time. Every entry is dropped (and the epoch moved on) when
 * - a scope change is announced (lib/scope-changes.ts: every audited change of branches, offices,
 *   organisations, security offices, users and WorksIn — names, fields, test mode, assignments);
 * - a board change is announced (lib/board-changes.ts: a branch's status moved by a branch action,
 *   an alarm or the supervision);
 * on this process at once (the writer's own emitters, before and again after its commit), and on
 * every other node (PostgreSQL) by NOTIFY on SCOPE_CHANNEL and BOARD_CHANNEL at the commit, heard by
 * the dispatcher's listener. A console request that announced either change answers only once this
 * node's listener heard a notice sent after it (settleSessionNotices), so the next board call, on
 * any node, finds the entries gone. Mobile requests (an alarm, a branch action) and the supervision
 * do not wait: consoles learn of them from the socket event, which every node's dispatcher reads only
 * after its listener got the board notice of the same commit.
 * A read that began before an invalidation is not stored (epoch). As safety nets for changes made
 * outside the application (SQL by hand) and notices lost while a listener reconnects (the cache is
 * cleared when it listens again), an entry lives at most MAX_AGE_MS, and never past a quarter hour
 * of UTC (BranchDst, the zone's abbreviation now, changes at such instants).
 */
import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RoleId } from '@vigil/contract';
import { BOARD_CHANNEL, boardChanges } from '../../lib/board-changes.js';
import { SCOPE_CHANNEL, scopeChanges } from '../../lib/scope-changes.js';
import type { AuthContext } from '../../plugins/session.js';
import { countAnnouncedChange } from '../../plugins/session-cache.js';
import { preSerialized } from '../../plugins/response-serializer.js';

/** Longest life of an entry, ms (a safety net; see the module comment). */
export const MAX_AGE_MS = 60_000;
/** Most entries held; the oldest stored is dropped first. */
export const MAX_ENTRIES = 2_000;
const QUARTER_HOUR_MS = 15 * 60_000;

/** Smallest answer (characters of JSON) whose gzip bytes an entry keeps: smaller ones go as they are. */
export const GZIP_MIN_CHARS = 32 * 1024;

/** A cached answer: the JSON text sent and the value it serialises (checked by RESPONSE_VALIDATION). */
export interface BoardEntry {
  json: string;
  value: unknown;
  /** ms since the epoch after which the entry is not used. */
  until: number;
  /**
   * The JSON text gzipped (level 1), made once per entry on zlib's thread pool as soon as the
   * entry is made, for answers of at least GZIP_MIN_CHARS: undefined until it is ready (or for a
   * smaller answer, or when compressing failed). A 5,000-branch board is ~3.4 MB of JSON and
   * ~0.3 MB gzipped, made in ~12 ms.
   */
  gzip?: Buffer;
  /** Settles when `gzip` is made (undefined when it failed); undefined for a smaller answer. */
  gzipping?: Promise<Buffer | undefined>;
}

/** The board answer cache of one server (app.boardCache). */
export class BoardCache {
  private readonly entries = new Map<string, BoardEntry>();
  /** Moved on by every invalidation: a read begun under an older epoch is not stored. */
  epoch = 0;
  /** Smallest JSON text (characters) whose gzip bytes an entry keeps (GZIP_MIN_CHARS; tests lower it). */
  gzipMinChars = GZIP_MIN_CHARS;

  constructor(
    private readonly maxAgeMs = MAX_AGE_MS,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  /** Number of entries. */
  get size(): number {
    return this.entries.size;
  }

  /** The entry of `key` while it may be used at `now` (ms); undefined otherwise (and dropped). */
  get(key: string, now = Date.now()): BoardEntry | undefined {
    const e = this.entries.get(key);
    if (e && e.until <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  /**
   * The entry of an answer read under `epoch`, stored unless an invalidation came in between (then
   * it serves only the call that read it). Its gzip bytes are started at once for an answer of at
   * least gzipMinChars (BoardEntry.gzipping).
   */
  set(key: string, json: string, value: unknown, epoch: number, now = Date.now()): BoardEntry {
    const until = Math.min(now + this.maxAgeMs, (Math.floor(now / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS);
    const entry: BoardEntry = { json, value, until };
    if (json.length >= this.gzipMinChars) {
      // Level 1: ~10 times smaller for this repetitive JSON at a fraction of level 6's time.
      entry.gzipping = new Promise((resolve) =>
        gzip(json, { level: 1 }, (err, bytes) => {
          if (!err) entry.gzip = bytes;
          resolve(err ? undefined : bytes);
        }),
      );
    }
    if (epoch !== this.epoch) return entry;
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }

  /**
   * Resolves once this process has handled the I/O ready now (setImmediate runs after the poll
   * phase): a NOTIFY already in the listener's socket is heard before a cached answer is chosen.
   * Without it a request read in the same poll as a notice could be answered from the entry the
   * notice drops (seen once in four runs of the two-process test).
   */
  heardPending(): Promise<void> {
    return new Promise((resolve) => setImmediate(resolve));
  }

  /** Drops every entry and moves the epoch on. */
  clear(): void {
    this.epoch++;
    this.entries.clear();
  }
}

/** True when the request's Accept-Encoding accepts gzip (a `gzip` coding without q=0). */
export function acceptsGzip(req: Pick<FastifyRequest, 'headers'>): boolean {
  const header = req.headers['accept-encoding'];
  if (!header) return false;
  return (Array.isArray(header) ? header.join(',') : header).split(',').some((part) => {
    const [coding, ...params] = part.trim().split(';');
    if (coding!.trim().toLowerCase() !== 'gzip') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * Sends an entry's gzip bytes when it has them (or is making them: waits for them) and the client
 * accepts gzip: true when it sent them (the handler then returns the reply itself); false, and
 * the caller answers the JSON text. (It answers a boolean, not the reply: a reply is a thenable
 * that resolves to undefined once sent, so an async function returning it hands its caller
 * undefined, and a handler returning a payload after that makes Fastify send again and log
 * "Reply was already sent".) The call that read the answer gets them too: on a busy board most
 * calls read afresh, and 3.4 MB of JSON is ten times the bytes on the wire. The value is first run
 * through the route's serialiser, which checks it against the route's schema when
 * RESPONSE_VALIDATION is on (and otherwise only hands back the text).
 */
export async function sendGzipped(req: FastifyRequest, reply: FastifyReply, entry: BoardEntry): Promise<boolean> {
  if (!entry.gzipping || !acceptsGzip(req)) return false;
  const bytes = entry.gzip ?? (await entry.gzipping);
  if (!bytes) return false;
  reply.serialize(preSerialized(entry.json, entry.value));
  reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('content-encoding', 'gzip')
    .header('vary', 'accept-encoding')
    .send(bytes);
  return true;
}

/** The cache key of a board request: the caller's scope, then the parsed filter. */
export function boardCacheKey(auth: Pick<AuthContext, 'roleId' | 'userId' | 'organizationId'>, filter: unknown): string {
  const scope =
    auth.roleId === RoleId.OrganizationAdmin ? `o:${auth.organizationId}` : `u:${auth.roleId}:${auth.userId}:${auth.organizationId}`;
  return `${scope}|${JSON.stringify(filter)}`;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's board answer cache (modules/branches/board-cache.ts). */
    boardCache: BoardCache;
  }
}

/**
 * Scope changes and console board changes (noteBoardChange(true)) this process is told of are
 * counted with the session changes (plugins/session-cache.ts countAnnouncedChange): a request during
 * which the count moved settles before answering (plugins/session.ts's onSend hook). A mobile alarm
 * or the supervision does not count, so console reads do not wait on them.
 */
boardChanges.on('change', (settle?: boolean) => void (settle && countAnnouncedChange()));
scopeChanges.on('change', () => countAnnouncedChange());

/**
 * Creates app.boardCache and wires its invalidation (see the module comment). Call after the
 * dispatcher is decorated and before routes are registered.
 */
export function registerBoardCache(app: FastifyInstance): void {
  const cache = new BoardCache();
  app.decorate('boardCache', cache);
  const clear = () => cache.clear();
  boardChanges.on('change', clear);
  scopeChanges.on('change', clear);
  app.addHook('onClose', async () => {
    boardChanges.off('change', clear);
    scopeChanges.off('change', clear);
  });
  app.dispatcher.onNotify(BOARD_CHANNEL, clear);
  app.dispatcher.onNotify(SCOPE_CHANNEL, clear);
  app.dispatcher.onListen(clear);
}
