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
import type { Db } from '../../db/client.js';
import { events } from '../../db/schema/index.js';

/** Advisory lock key serialising event-log writers. */
export const EVENT_LOG_LOCK = 7_316_412;
export const EVENTS_CHANNEL = 'vigil_events';

export type NewEvent = typeof events.$inferInsert;

/**
 * Inserts events in order inside `tx`; returns their ids. The event-log lock is taken by the insert
 * itself (its first row's id is drawn from the sequence only after pg_advisory_xact_lock returns;
 * the other rows' ids follow), so the lock is held from that one statement to the commit, with no
 * round trip to this process in between except the commit's.
 */
export async function appendEvents(tx: Db, rows: NewEvent[], opts: { notify: boolean }): Promise<number[]> {
  if (rows.length === 0) return [];
  const firstId = sql`(select nextval(pg_get_serial_sequence('events', 'id')) from (select pg_advisory_xact_lock(${EVENT_LOG_LOCK})) as event_log_lock)`;
  // created_at is evaluated after the id, so it marks the write that is about to commit.
  // NOTIFY rides on the insert as well; PostgreSQL sends it on commit.
  const inserted = await tx
    .insert(events)
    .values(rows.map((r, i) => ({ ...r, ...(i === 0 ? { id: firstId } : {}), createdAt: sql`clock_timestamp()` })))
    .returning({ id: events.id, notified: opts.notify ? sql<string>`pg_notify(${EVENTS_CHANNEL}, ${events.id}::text)` : sql<string>`null` });
  return inserted.map((r) => r.id);
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
