/**
 * Fresh planner statistics while the server runs, on both databases (issue 20, steady latency;
 * docs/OPERATIONS.md "Planner statistics").
 *
 * The planner chooses by its statistics. The open-alarm and unread lists (newest 50 notifications
 * the user has not dealt with) walk `events` newest first when the planner knows notifications are
 * many; when its figures still say they are few (an alarm storm has just written thousands) it
 * sorts every notification instead: 10.4 ms instead of 2.5 on PostgreSQL (EXPLAIN ANALYZE of the
 * unread list after 3,000 alarms, before and after ANALYZE), and the mixed load of
 * bench/throughput.ts answered 421 instead of 552 requests/s.
 *
 * - **PGlite** runs no autovacuum and keeps no counts of changed rows (pg_stat_user_tables stays at
 *   zero), so the statistics gathered at start (db/client.ts) were the only ones a running server
 *   had. Here a table counts as changed by its size: `pg_class.relpages` is its size in pages at its
 *   last ANALYZE, `pg_relation_size` its size now. Rows added or rewritten (an UPDATE writes a new
 *   version) grow it; a table grown by ANALYZE_GROWTH_FRACTION of its pages plus
 *   ANALYZE_GROWTH_PAGES is analysed again: autovacuum's own rule, counted in pages.
 * - **PostgreSQL** has autovacuum, which applies that rule to counted rows (`n_mod_since_analyze`),
 *   but looks only once a minute (autovacuum_naptime) and then queues the table behind others. The
 *   same rule is applied here to the same counts, with ANALYZE_GROWTH_ROWS (autovacuum's threshold),
 *   so statistics are fresh within one check period instead. A node that finds the counts already
 *   reset by another node (or by autovacuum) does nothing; two nodes analysing at once wait for each
 *   other (ANALYZE takes a lock that excludes itself) and the second costs only its time.
 *
 * ANALYZE reads a sample of 30,000 rows at most, so a large table costs about what a small one does
 * (tens of ms), and it replaces the plans of the prepared statements that read the table.
 */
import { sql } from 'drizzle-orm';
import { rows, type Database, type Db } from './client.js';

/** A table is analysed again once it has changed by this fraction of its size at the last ANALYZE… */
export const ANALYZE_GROWTH_FRACTION = 0.1;
/** …plus this many pages (8 kB each; PGlite), so that small tables are not analysed at every change… */
export const ANALYZE_GROWTH_PAGES = 4;
/** …or plus this many changed rows (PostgreSQL: autovacuum_analyze_threshold's default). */
export const ANALYZE_GROWTH_ROWS = 50;

/**
 * Names of the application's tables (schema public) changed past the rule above since their last
 * ANALYZE, most changed first. PGlite: grown by pages (never analysed: grown past
 * ANALYZE_GROWTH_PAGES); PostgreSQL: rows inserted, updated or deleted (`n_mod_since_analyze`, which
 * a backend reports at most a second after its transaction, or on going idle).
 */
export async function staleTables(db: Db, kind: Database['kind']): Promise<string[]> {
  const list =
    kind === 'postgres'
      ? await rows<{ name: string }>(
          db,
          sql`select s.relname::text as name
                from pg_stat_user_tables s join pg_class c on c.oid = s.relid
               where s.schemaname = 'public'
                 and s.n_mod_since_analyze > greatest(c.reltuples, 0) * ${ANALYZE_GROWTH_FRACTION}::float8 + ${ANALYZE_GROWTH_ROWS}
               order by s.n_mod_since_analyze desc`,
        )
      : await rows<{ name: string }>(
          db,
          sql`select name from (
                select c.relname::text as name, c.relpages as analysed,
                       pg_relation_size(c.oid) / current_setting('block_size')::int as pages
                  from pg_class c
                 where c.relnamespace = 'public'::regnamespace and c.relkind = 'r') t
              where pages > greatest(analysed, 0) * (1 + ${ANALYZE_GROWTH_FRACTION}::float8) + ${ANALYZE_GROWTH_PAGES}
              order by pages - greatest(analysed, 0) desc`,
        );
  return list.map((r) => r.name);
}

/** What one `analyzeStaleTables` run did: the tables analysed and the time it took, ms. */
export interface AnalyzeRun {
  tables: string[];
  ms: number;
}

/** ANALYZE of every table `staleTables` names, one after the other. Errors: the database's. */
export async function analyzeStaleTables(db: Db, kind: Database['kind']): Promise<AnalyzeRun> {
  const started = performance.now();
  const tables = await staleTables(db, kind);
  for (const table of tables) await db.execute(sql`analyze ${sql.identifier(table)}`);
  return { tables, ms: performance.now() - started };
}

/**
 * Runs `analyzeStaleTables` every `intervalMs` (an unref'd timer; a run still going skips the next
 * tick). `onRun` hears each run that analysed something, `onError` each failure (the next tick
 * tries again). `stop()` ends the timer and waits for a run in progress.
 */
export function startStatisticsCheck(
  db: Db,
  kind: Database['kind'],
  intervalMs: number,
  hooks: { onRun?: (run: AnalyzeRun) => void; onError?: (err: unknown) => void } = {},
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = analyzeStaleTables(db, kind)
      .then((run) => {
        if (run.tables.length > 0) hooks.onRun?.(run);
      })
      .catch((err) => hooks.onError?.(err))
      .finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
