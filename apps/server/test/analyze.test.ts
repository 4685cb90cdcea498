/**
 * db/analyze.ts on both databases: a table changed by a tenth since its last ANALYZE is named stale
 * and analysed again (its planner statistics then count its rows), and is not named again until it
 * changes by a tenth more; right after start nothing is stale. The periodic check runs it and
 * reports what it analysed. PGlite counts the change by the table's pages (it has no counts of
 * changed rows); PostgreSQL by `n_mod_since_analyze`, which a backend reports at most about a second
 * after its transaction, so the PostgreSQL case waits for the figure to arrive.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { analyzeStaleTables, staleTables, startStatisticsCheck, type AnalyzeRun } from '../src/db/analyze.js';
import { DB_KINDS, startTestServer, type TestServer } from './helpers.js';

describe.each(DB_KINDS)('planner statistics (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { ANALYZE_INTERVAL_MS: '0' });
    // Start from statistics gathered on every table (the embedded database does this at start;
    // a PostgreSQL test database is copied from a template autovacuum may not have visited).
    if (kind === 'postgres') await server.database.db.execute(sql`analyze`);
  });
  afterAll(async () => server?.close());

  const db = () => server.database.db;
  const estimate = async (table: string) =>
    (await rows<{ n: number }>(db(), sql`select reltuples::int as n from pg_class where relname = ${table}`))[0]!.n;
  /** `staleTables` once it names `table` (PostgreSQL's counts arrive up to a second late), or its last answer after 5 s. */
  const staleOnceIncluding = async (table: string) => {
    let stale: string[] = [];
    for (let i = 0; i < 50; i++) {
      stale = await staleTables(db(), kind);
      if (stale.includes(table)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return stale;
  };
  const insert = (from: number, to: number) =>
    db().execute(sql`insert into analyze_probe select g, repeat('x', 100) from generate_series(${from}::int, ${to}::int) g`);

  it('finds nothing stale at start, then analyses a changed table once per tenth of change', async () => {
    expect(await staleTables(db(), kind)).toEqual([]);

    await db().execute(sql`create table analyze_probe (id int, pad text)`);
    await insert(1, 5000);
    expect(await staleOnceIncluding('analyze_probe')).toEqual(['analyze_probe']);
    const run = await analyzeStaleTables(db(), kind);
    expect(run.tables).toEqual(['analyze_probe']);
    expect(await estimate('analyze_probe')).toBe(5000);
    expect(await staleTables(db(), kind)).toEqual([]);

    // 2 % more: under the threshold, still the old figure (waiting long enough for PostgreSQL's count).
    await insert(5001, 5100);
    await new Promise((r) => setTimeout(r, kind === 'postgres' ? 1_500 : 0));
    expect(await staleTables(db(), kind)).toEqual([]);
    // Half as many again: stale, and the periodic check analyses it.
    await insert(5101, 7500);
    const runs: AnalyzeRun[] = [];
    const job = startStatisticsCheck(db(), kind, 50, { onRun: (r) => runs.push(r) });
    try {
      for (let i = 0; i < 200 && runs.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    } finally {
      await job.stop();
    }
    expect(runs[0]?.tables).toEqual(['analyze_probe']);
    expect(await estimate('analyze_probe')).toBe(7500);
  });
});
