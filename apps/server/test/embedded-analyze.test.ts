/**
 * db/embedded-analyze.ts on the embedded database (PGlite, which has no autovacuum): a table grown
 * since its last ANALYZE is named stale and analysed again (its planner statistics then count its
 * rows), and is not named again until it grows by a tenth more; right after start nothing is stale
 * (the start analyses every table). The periodic job runs it and reports what it analysed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { analyzeStaleTables, staleTables, startEmbeddedAnalyze, type AnalyzeRun } from '../src/db/embedded-analyze.js';
import { startTestServer, type TestServer } from './helpers.js';

describe('planner statistics of the embedded database', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { PGLITE_ANALYZE_INTERVAL_MS: '0' });
  });
  afterAll(async () => server?.close());

  const estimate = async (table: string) =>
    (await rows<{ n: number }>(server.database.db, sql`select reltuples::int as n from pg_class where relname = ${table}`))[0]!.n;

  it('finds nothing stale at start, then analyses a grown table once per tenth of growth', async () => {
    const db = server.database.db;
    expect(await staleTables(db)).toEqual([]);

    await db.execute(sql`create table analyze_probe (id int, pad text)`);
    await db.execute(sql`insert into analyze_probe select g, repeat('x', 100) from generate_series(1, 5000) g`);
    expect(await staleTables(db)).toEqual(['analyze_probe']);
    const run = await analyzeStaleTables(db);
    expect(run.tables).toEqual(['analyze_probe']);
    expect(await estimate('analyze_probe')).toBe(5000);
    expect(await staleTables(db)).toEqual([]);

    // 2 % more: under the threshold, still the old figure.
    await db.execute(sql`insert into analyze_probe select g, repeat('x', 100) from generate_series(5001, 5100) g`);
    expect(await staleTables(db)).toEqual([]);
    // Half as many again: stale, and the periodic job analyses it.
    await db.execute(sql`insert into analyze_probe select g, repeat('x', 100) from generate_series(5101, 7500) g`);
    const runs: AnalyzeRun[] = [];
    const job = startEmbeddedAnalyze(db, 50, { onRun: (r) => runs.push(r) });
    try {
      for (let i = 0; i < 100 && runs.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await job.stop();
    }
    expect(runs[0]?.tables).toEqual(['analyze_probe']);
    expect(await estimate('analyze_probe')).toBe(7500);
  });
});
