/**
 * lib/named-query.ts: a raw query run as a named prepared statement (PostgreSQL) or PREPARE/EXECUTE
 * (PGlite) answers the same rows, with the same types, as the plain query — for text that needs
 * quoting, nulls, dates and numbers, on repeated calls, and inside a transaction; and on PGlite,
 * requests arriving together before the statement exists all run it prepared (a race once sent
 * them all to plain, re-planned queries for the rest of the process's life).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { namedRows } from '../src/lib/named-query.js';
import { DB_KINDS, startTestServer, type TestServer } from './helpers.js';

describe.each(DB_KINDS)('namedRows on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => server?.close());

  const query = (name: string, id: number | null, at: Date) =>
    sql`select u.id, u.email, ${name}::text as echoed, ${id}::int as maybe, ${at}::timestamptz as at, u.created_at
        from users u where u.email like ${name} or u.id = ${id} or ${id}::int is null order by u.id limit 5`;

  it('answers what the plain query answers, again and again, and inside a transaction', async () => {
    const db = server.database.db;
    const at = new Date('2026-03-29T01:00:00Z');
    for (const [name, id] of [
      ["o'brien%", null],
      ['%@example.com', 3],
      ['nobody', 1],
    ] as const) {
      const plain = await rows(db, query(name, id, at));
      expect(await namedRows(db, query(name, id, at))).toEqual(plain);
      expect(await namedRows(db, query(name, id, at))).toEqual(plain);
      expect(await db.transaction(async (tx) => namedRows(tx, query(name, id, at)))).toEqual(plain);
    }
  });
});

describe('namedRows on pglite, first calls arriving together', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => server?.close());

  it('prepares the statement once and runs every call of it as EXECUTE', async () => {
    const db = server.database.db;
    const query = (id: number) =>
      sql`select u.id, 'named-query concurrency' as marker from users u where u.id >= ${id} order by u.id limit 3`;
    const plain = await rows(db, query(1));
    const answers = await Promise.all(Array.from({ length: 20 }, () => namedRows(db, query(1))));
    for (const a of answers) expect(a).toEqual(plain);
    await namedRows(db, query(1));
    const [stmt] = await rows<{ runs: number }>(
      db,
      sql`select (generic_plans + custom_plans)::int as runs from pg_prepared_statements where statement like '%named-query concurrency%'`,
    );
    expect(stmt?.runs).toBe(21);
  });
});
