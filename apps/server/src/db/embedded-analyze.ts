/**
 * The planner's statistics of the embedded database (issue 20, steady latency; docs/OPERATIONS.md
 * "Planner statistics of the embedded database").
 *
 * PostgreSQL's autovacuum analyses a table once enough of it has changed. PGlite runs no
 * autovacuum, and it keeps no counts of changed rows either (pg_stat_user_tables stays at zero),
 * so the statistics gathered at start (db/client.ts) were the only ones a running server ever had
 * (without any, the activity report's count took ten times longer on the demo data). On PostgreSQL,
 * before autovacuum had caught up with an alarm storm, the planner still believed notifications
 * were rare and the open-alarm list sorted every notification instead of walking the newest; an
 * embedded server would have kept such figures until its next start.
 *
 * Here a table counts as changed by its size: `pg_class.relpages` is its size in pages at its last
 * ANALYZE, `pg_relation_size` its size now. Rows added or rewritten (an UPDATE writes a new version)
 * grow it; a table grown by ANALYZE_GROWTH_FRACTION of its pages plus ANALYZE_GROWTH_PAGES since
 * is analysed again — autovacuum's own rule (autovacuum_analyze_scale_factor 0.1 and a threshold),
 * counted in pages instead of rows. ANALYZE reads a sample of 30,000 rows at most, so a large
 * table costs about what a small one does (tens of ms), and it replaces the plans of the prepared
 * statements that read the table.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from './client.js';

/** A table is analysed again once it has grown by this fraction of its pages at the last ANALYZE… */
export const ANALYZE_GROWTH_FRACTION = 0.1;
/** …plus this many pages (8 kB each), so that small tables are not analysed at every change. */
export const ANALYZE_GROWTH_PAGES = 4;

/**
 * Names of the application's tables (schema public) grown past the rule above since their last
 * ANALYZE (never analysed: grown past ANALYZE_GROWTH_PAGES), largest growth first.
 */
export async function staleTables(db: Db): Promise<string[]> {
  const list = await rows<{ name: string }>(
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
export async function analyzeStaleTables(db: Db): Promise<AnalyzeRun> {
  const started = performance.now();
  const tables = await staleTables(db);
  for (const table of tables) await db.execute(sql`analyze ${sql.identifier(table)}`);
  return { tables, ms: performance.now() - started };
}

/**
 * Runs `analyzeStaleTables` every `intervalMs` (an unref'd timer; a run still going skips the next
 * tick). `onRun` hears each run that analysed something, `onError` each failure (the next tick
 * tries again). `stop()` ends the timer and waits for a run in progress.
 */
export function startEmbeddedAnalyze(
  db: Db,
  intervalMs: number,
  hooks: { onRun?: (run: AnalyzeRun) => void; onError?: (err: unknown) => void } = {},
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = analyzeStaleTables(db)
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
