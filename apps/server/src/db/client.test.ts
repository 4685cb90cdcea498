/**
 * openDatabase on PGlite (db/client.ts): the planner's statistics are gathered at start, after
 * migrations and the `prepare` step (PGlite has no autovacuum to do it).
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client.js';

describe('openDatabase on PGlite', () => {
  it('analyses the tables once migrated and prepared, so the planner knows their rows', async () => {
    const database = await openDatabase({
      prepare: async (db) => {
        await db.execute(sql`insert into organizations (name) select 'Stats ' || n from generate_series(1, 500) n`);
      },
    } as Parameters<typeof openDatabase>[0]);
    try {
      const res = (await database.db.execute(sql`select reltuples::int as n from pg_class where relname = 'organizations'`)) as unknown as {
        rows: { n: number }[];
      };
      expect(res.rows[0]!.n).toBeGreaterThanOrEqual(500);
    } finally {
      await database.close();
    }
  }, 60_000);
});
