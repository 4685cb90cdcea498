/**
 * The event log (ARCHITECTURE.md: "Every real-time event is first committed as a row with a
 * monotonically increasing id, then announced").
 *
 * Writers call `appendEvents` inside their transaction. It takes a transaction-scoped advisory
 * lock before inserting, so event-writing transactions commit one after another and ids become
 * visible strictly in order: a reader that has seen id N can never later find a committed id < N.
 * That is what makes "replay everything after my last id" lossless. On PostgreSQL the same
 * transaction sends `NOTIFY vigil_events` (delivered only on commit, to every node); the writer
 * then wakes its own node's dispatcher directly (PGlite has no other nodes).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inlineParams } from '../../lib/sql-literal.js';
import { AdvisoryLock } from '../../db/advisory-locks.js';
import type { Db } from '../../db/client.js';
import { events } from '../../db/schema/index.js';

/** Advisory lock key serialising event-log writers (db/advisory-locks.ts). */
export const EVENT_LOG_LOCK = AdvisoryLock.EventLog;
export const EVENTS_CHANNEL = 'vigil_events';

export type NewEvent = typeof events.$inferInsert;

/**
 * Inserts events in order inside `tx`; returns their ids. The event-log lock is taken by the insert
 * itself (its first row's id is drawn from the sequence only after pg_advisory_xact_lock returns;
 * the other rows' ids follow), so the lock is held from that statement to the commit: keep what
 * follows it in the transaction short (commitWithEvents sends it all in one message).
 */
export async function appendEvents(tx: Db, rows: NewEvent[], opts: { notify: boolean }): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await insertEvents(tx, rows, opts);
  return inserted.map((r) => r.id);
}

/** The insert of `appendEvents` (not yet run; `rows` not empty): ids, and NOTIFY when `notify`. */
function insertEvents(tx: Db, rows: NewEvent[], opts: { notify: boolean }) {
  const firstId = sql`(select nextval(pg_get_serial_sequence('events', 'id')) from (select pg_advisory_xact_lock(${EVENT_LOG_LOCK})) as event_log_lock)`;
  // created_at is evaluated after the id, so it marks the write that is about to commit.
  // NOTIFY rides on the insert as well; PostgreSQL sends it on commit.
  return tx
    .insert(events)
    .values(rows.map((r, i) => ({ ...r, ...(i === 0 ? { id: firstId } : {}), createdAt: sql`clock_timestamp()` })))
    .returning({
      id: events.id,
      notified: opts.notify ? sql<string>`pg_notify(${EVENTS_CHANNEL}, ${events.id}::text)` : sql<string>`null`,
    });
}

/**
 * Runs `fn` in a transaction with an `emit` that appends events; after commit, wakes the
 * dispatcher. Returns what `fn` returns and the ids of the committed events.
 */
export async function withEvents<T>(
  app: FastifyInstance,
  fn: (tx: Db, emit: (rows: NewEvent[]) => Promise<number[]>) => Promise<T>,
): Promise<{ result: T; ids: number[] }> {
  const ids: number[] = [];
  const notify = app.database.kind === 'postgres';
  const result = await app.db.transaction(async (tx) => {
    const emit = async (rows: NewEvent[]) => {
      const added = await appendEvents(tx as unknown as Db, rows, { notify });
      ids.push(...added);
      return added;
    };
    return fn(tx as unknown as Db, emit);
  });
  if (ids.length) app.dispatcher.wake();
  return { result, ids };
}

/** A statement built but not run (a drizzle query builder): `toSQL()` gives its text and parameters. */
export type PendingWrite = PromiseLike<unknown> & { toSQL(): { sql: string; params: unknown[] } };

/**
 * One transaction: `writes` (each built on the `db` it is given, in order), then `events` appended
 * (the event-log lock is taken by that insert). Returns the events' ids, in order. Errors leave
 * nothing behind and propagate.
 *
 * The whole transaction is one message to the database (simple query protocol: several statements
 * in one query string run as one implicit transaction, committed at its end; parameters written as
 * literals exactly as the driver would send them as text): one round trip, and the event-log lock
 * is held only inside the database, never while this process is busy elsewhere — which is what
 * bounds how many events per second all nodes together commit. On PGlite it is one call instead of
 * four. For writers that need no answer from the database before their events (alarms, branch
 * actions); others use `withEvents`.
 *
 * **Group commit.** Event-log writers commit one after another (the lock), so each commit's WAL
 * flush (3–5 ms on this kind of disk) bounds the events per second. Calls that arrive while this
 * process's previous message is in the database wait for it and then go together, in arrival
 * order, as ONE transaction (at most `GROUP_COMMIT_MAX` calls): one flush for all of them. A call
 * arriving at an idle process goes at once (no added delay). Nobody's answer comes before the
 * commit that holds its rows. If the shared transaction fails, each of its calls is retried alone,
 * so a failing call fails only itself and the others commit as they would have alone (the
 * transaction's `now()` is shared; event times use `clock_timestamp()`).
 */
export async function commitWithEvents(app: FastifyInstance, writes: ((db: Db) => PendingWrite)[], events: NewEvent[]): Promise<number[]> {
  const { kind } = app.database;
  const statements = writes.map((w) => inlineParams(w(app.db).toSQL()));
  if (events.length) statements.push(inlineParams(insertEvents(app.db, events, { notify: kind === 'postgres' }).toSQL()));
  if (statements.length === 0) return [];
  const ids = await new Promise<number[]>((resolve, reject) => {
    let queue = commitQueues.get(app.database);
    if (!queue) commitQueues.set(app.database, (queue = { pending: [], running: false }));
    queue.pending.push({ statements, returnsEvents: events.length > 0, resolve, reject });
    if (!queue.running) void drainCommits(app.database, queue);
  });
  if (ids.length) app.dispatcher.wake();
  return ids;
}

/** Most `commitWithEvents` calls one shared transaction carries. */
export const GROUP_COMMIT_MAX = 64;

/** One `commitWithEvents` call waiting for its transaction: its statements, the last inserting its events when `returnsEvents`. */
interface CommitJob {
  statements: string[];
  returnsEvents: boolean;
  resolve(ids: number[]): void;
  reject(err: unknown): void;
}
type Database = FastifyInstance['database'];
const commitQueues = new WeakMap<Database, { pending: CommitJob[]; running: boolean }>();

/** Sends the waiting calls, up to GROUP_COMMIT_MAX per transaction, until none waits. */
async function drainCommits(database: Database, queue: { pending: CommitJob[]; running: boolean }) {
  queue.running = true;
  try {
    while (queue.pending.length) {
      const batch = queue.pending.splice(0, GROUP_COMMIT_MAX);
      try {
        const results = await runStatements(
          database,
          batch.flatMap((j) => j.statements),
        );
        let at = 0;
        for (const job of batch) {
          at += job.statements.length;
          job.resolve(job.returnsEvents ? results[at - 1]!.map((r) => Number(r.id)) : []);
        }
      } catch (err) {
        if (batch.length === 1) {
          batch[0]!.reject(err);
          continue;
        }
        // Each alone, in order: only the failing ones fail.
        for (const job of batch) {
          try {
            const results = await runStatements(database, job.statements);
            job.resolve(job.returnsEvents ? results.at(-1)!.map((r) => Number(r.id)) : []);
          } catch (alone) {
            job.reject(alone);
          }
        }
      }
    }
  } finally {
    queue.running = false;
  }
}

/** Runs `statements` as one message (one implicit transaction); the rows of each statement, in order. */
async function runStatements(database: Database, statements: string[]): Promise<{ id: string | number }[][]> {
  const { pool, pglite } = database;
  const text = statements.join(';\n');
  if (pool) {
    const results = (await pool.query(text)) as unknown as
      pg.QueryResult<{ id: string | number }> | pg.QueryResult<{ id: string | number }>[];
    return Array.isArray(results) ? results.map((r) => r.rows) : [results.rows];
  }
  if (pglite) return (await pglite.exec(text)).map((r) => r.rows as { id: string | number }[]);
  throw new Error('no database connection for commitWithEvents');
}
