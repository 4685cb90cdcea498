/**
 * Retention (docs/OPERATIONS.md "Retention"): with RETENTION_DAYS > 0, rows older than that many
 * days are archived and removed from the event log (`events`, by commit time), `check_ins`
 * (finished ones, by check-in time), `timer_pings` and `audit_log`.
 *
 * - Archive: every removed row is first appended to a CSV file per table and month of its time,
 *   `<RETENTION_ARCHIVE_DIR>/<table>-YYYY-MM.csv` (header on the first line), flushed to disk before
 *   the deleting transaction commits: a crash between the two may write a row twice, never lose it.
 *   Events carry their acknowledgement (who, when) and notes, which go with them.
 * - Small batches (`batchSize` rows, default 1,000), each its own short transaction; rows are
 *   claimed with FOR UPDATE SKIP LOCKED, so several nodes may run it at once without doubling a
 *   row. It never takes the event-log lock: removing old rows does not change the order in which
 *   new ones become visible.
 * - An alarm nobody has acknowledged (spec §9 types 2, 10, 11, 12, 15 or a security alert, test
 *   alarms included) is never removed, however old.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { rows, type Db } from './client.js';

/** What one table loses: its name, its time column, extra conditions and the archive's columns. */
interface Trimmed {
  table: 'events' | 'check_ins' | 'timer_pings' | 'audit_log';
  /** Claims (locks) up to `limit` rows older than `cutoff`: their `id`, `month` (YYYY-MM, UTC) and `row` (json text). */
  select: (cutoff: Date, limit: number) => ReturnType<typeof sql>;
}

const TABLES: Trimmed[] = [
  {
    table: 'events',
    select: (cutoff, limit) => sql`
      select e.id::text as id, to_char(e.created_at at time zone 'UTC', 'YYYY-MM') as month,
        (to_jsonb(e) || jsonb_build_object(
          'acknowledged_by', a.user_id, 'acknowledged_at', a.acknowledged_at,
          'notes', (select jsonb_agg(jsonb_build_object('user_id', n.user_id, 'note', n.note, 'at', n.created_at) order by n.id)
                    from alarm_notes n where n.event_id = e.id)))::text as row
      from events e left join alarm_acknowledgements a on a.event_id = e.id
      where e.created_at < ${cutoff.toISOString()}::timestamptz
        and not ((coalesce(e.notification_type in (2, 10, 11, 12, 15), false) or e.security_alert) and a.event_id is null)
      order by e.id limit ${limit} for update of e skip locked`,
  },
  {
    table: 'check_ins',
    select: (cutoff, limit) => sql`
      select c.id::text as id, to_char(c.check_in_at at time zone 'UTC', 'YYYY-MM') as month, to_jsonb(c)::text as row
      from check_ins c where c.check_in_at < ${cutoff.toISOString()}::timestamptz and c.check_out_at is not null
      order by c.check_in_at limit ${limit} for update skip locked`,
  },
  {
    table: 'timer_pings',
    select: (cutoff, limit) => sql`
      select p.id::text as id, to_char(p.at at time zone 'UTC', 'YYYY-MM') as month, to_jsonb(p)::text as row
      from timer_pings p where p.at < ${cutoff.toISOString()}::timestamptz order by p.id limit ${limit} for update skip locked`,
  },
  {
    table: 'audit_log',
    select: (cutoff, limit) => sql`
      select l.id::text as id, to_char(l.at at time zone 'UTC', 'YYYY-MM') as month, to_jsonb(l)::text as row
      from audit_log l where l.at < ${cutoff.toISOString()}::timestamptz order by l.at limit ${limit} for update skip locked`,
  },
];

/** Columns of an archive row: the row's columns as the database has them, in the database's order. */
function appendArchive(dir: string, table: string, month: string, list: Record<string, unknown>[]) {
  const file = path.join(dir, `${table}-${month}.csv`);
  const columns = Object.keys(list[0]!);
  const fresh = !fs.existsSync(file);
  const text = stringify(
    list.map((r) => columns.map((c) => (r[c] !== null && typeof r[c] === 'object' ? JSON.stringify(r[c]) : r[c]))),
    { header: fresh, columns },
  );
  const fd = fs.openSync(file, 'a');
  try {
    fs.writeSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export interface RetentionResult {
  /** Rows removed per table. */
  removed: Record<string, number>;
  /** Batches (transactions) run. */
  batches: number;
}

/**
 * Archives and removes every row older than `days` days (see the module comment), batch by batch,
 * until none is left or `signal` aborts. `now` is injectable for tests.
 * @throws when the archive cannot be written (the batch is then rolled back: nothing is lost).
 */
export async function trimHistory(
  db: Db,
  opts: { days: number; archiveDir: string; batchSize?: number; now?: Date; signal?: AbortSignal },
): Promise<RetentionResult> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - opts.days * 86_400_000);
  const limit = opts.batchSize ?? 1_000;
  fs.mkdirSync(opts.archiveDir, { recursive: true });
  const result: RetentionResult = { removed: {}, batches: 0 };
  for (const t of TABLES) {
    result.removed[t.table] = 0;
    for (;;) {
      if (opts.signal?.aborted) return result;
      const n = await db.transaction(async (tx) => {
        const list = await rows<{ id: string; month: string; row: string }>(tx as unknown as Db, t.select(cutoff, limit));
        if (list.length === 0) return 0;
        const byMonth = new Map<string, Record<string, unknown>[]>();
        for (const r of list) {
          const month = byMonth.get(r.month) ?? [];
          month.push(JSON.parse(r.row) as Record<string, unknown>);
          byMonth.set(r.month, month);
        }
        for (const [month, monthRows] of byMonth) appendArchive(opts.archiveDir, t.table, month, monthRows);
        // Archived and flushed: now the rows go (their acknowledgements and notes with them, by cascade).
        await tx.execute(sql`delete from ${sql.identifier(t.table)} where id = any(${`{${list.map((r) => r.id).join(',')}}`}::bigint[])`);
        return list.length;
      });
      result.batches++;
      result.removed[t.table]! += n;
      if (n < limit) break;
    }
  }
  return result;
}
