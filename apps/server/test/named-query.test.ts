/**
 * lib/named-query.ts: a raw query run as a named prepared statement (PostgreSQL) or PREPARE/EXECUTE
 * (PGlite) answers the same rows, with the same types, as the plain query — for text that needs
 * quoting, nulls, dates and numbers, on repeated calls, and inside a transaction; and on PGlite,
 * requests arriving together before the statement exists all run it prepared (a race once sent
 * them all to plain, re-planned queries for the rest of the process's life). repeatedRows (a text
 * holding its values) answers the same rows too, and on PGlite keeps one statement per text, at
 * most LITERAL_STATEMENTS of them. compactRows answers the same rows as the plain query (on PGlite
 * through one JSON text: timestamps as ISO text with their offset, the same instants), none for none.
 * compiledNamedRows (compiled once, placeholders filled per run) answers the plain query's rows too, in a transaction as well.
 * pageSql: a first page's named statement runs its generic plan instead of being planned at every run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { rows, type Db } from '../src/db/client.js';
import { LITERAL_STATEMENTS, compactRows, compiledNamedRows, namedRows, pageSql, repeatedRows } from '../src/lib/named-query.js';
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

  it('compiledNamedRows fills its placeholders at each run: the rows of the plain query, again and inside a transaction', async () => {
    const db = server.database.db;
    const compiled = compiledNamedRows(
      sql`select u.id, u.email from users u where u.email like ${sql.placeholder('pattern')} or u.id = ${sql.placeholder('id')} order by u.id limit 5`,
    );
    for (const [pattern, id] of [
      ["o'brien%", 2],
      ['%@example.com', 3],
      ['nobody', 1],
    ] as const) {
      const plain = await rows(
        db,
        sql`select u.id, u.email from users u where u.email like ${pattern} or u.id = ${id} order by u.id limit 5`,
      );
      expect(plain.length).toBeGreaterThan(0);
      expect(await compiled(db, { pattern, id })).toEqual(plain);
      expect(await compiled(db, { pattern, id })).toEqual(plain);
      expect(await db.transaction(async (tx) => compiled(tx, { pattern, id }))).toEqual(plain);
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

describe.each(DB_KINDS)('repeatedRows on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => server?.close());

  const query = (like: string, from: string, offset: number, limit: number) =>
    sql`select u.id, u.email, ${like}::text as echoed, ${from}::date as from_day, u.created_at
        from users u where u.email like ${like} or u.id <= 6 order by u.id offset ${offset} limit ${limit}`;

  it('answers what the plain query answers, again and again, and inside a transaction', async () => {
    const db = server.database.db;
    for (const [like, from, offset, limit] of [
      ["o'brien%", '2026-03-29', 0, 5],
      ['%@example.com', '2026-10-28', 2, 3],
      // A value that looks like a placeholder stays a value.
      ['a$1b', '2026-11-27', 0, 2],
    ] as const) {
      const plain = await rows(db, query(like, from, offset, limit));
      expect(plain.length).toBeGreaterThan(0);
      expect(await repeatedRows(db, query(like, from, offset, limit))).toEqual(plain);
      expect(await repeatedRows(db, query(like, from, offset, limit))).toEqual(plain);
      expect(await db.transaction(async (tx) => repeatedRows(tx, query(like, from, offset, limit)))).toEqual(plain);
    }
  });
});

describe('repeatedRows on pglite: prepared once per text, the least recently used released', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => server?.close());

  const query = (n: number) => sql`select u.id, 'repeated-rows lru' as marker, ${n}::int as n from users u order by u.id limit 2`;
  const kept = async () =>
    rows<{ statement: string; runs: number }>(
      server.database.db,
      sql`select statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements
          where name like 'vigil_l_%' and statement like '%repeated-rows lru%'`,
    );

  it('runs a repeated text as EXECUTE of one statement, keeps at most LITERAL_STATEMENTS, and still answers an evicted text', async () => {
    const db = server.database.db;
    const first = await rows(db, query(0));
    for (let i = 0; i < 5; i++) expect(await repeatedRows(db, query(0))).toEqual(first);
    let statements = await kept();
    expect(statements).toHaveLength(1);
    expect(statements[0]!.statement).toContain("'0'::int");
    expect(statements[0]!.runs).toBe(5);

    // Enough other texts to push the first one out; it is released in the database too.
    for (let n = 1; n <= LITERAL_STATEMENTS; n++) await repeatedRows(db, query(n));
    statements = await kept();
    expect(statements).toHaveLength(LITERAL_STATEMENTS);
    expect(statements.some((s) => s.statement.includes("'0'::int"))).toBe(false);
    expect(await repeatedRows(db, query(0))).toEqual(first);
  });
});

describe.each(DB_KINDS)('compactRows on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => server?.close());

  const query = (like: string) =>
    sql`select u.id::int as id, u.email, ${like}::text as echoed, null::text as nothing, 51.5::float8 as lat,
          u.created_at, json_build_object('n', u.id, 'who', u.email) as doc
        from users u where u.email like ${like} or u.id <= 3 order by u.id desc limit 4`;
  /** A row with its instants as UTC ISO text, whatever form the database sent them in. */
  const instants = (r: Record<string, unknown>) => ({ ...r, created_at: new Date(r.created_at as string | Date).toISOString() });

  it('answers the rows of the plain query, the same instants, and none for none', async () => {
    const db = server.database.db;
    for (const like of ["o'brien%", '%@example.com']) {
      const plain = (await rows<Record<string, unknown>>(db, query(like))).map(instants);
      const compact = await compactRows<Record<string, unknown>>(db, query(like), sql`r.id desc`);
      expect(plain.length).toBeGreaterThan(0);
      expect(compact.map(instants)).toEqual(plain);
      expect(typeof compact[0]!.doc).toBe('object');
    }
    expect(await compactRows(db, sql`select u.id from users u where u.id < 0`)).toEqual([]);
  });
});

describe.each(DB_KINDS)('pageSql on %s', (kind) => {
  let server: TestServer;
  let client: pg.Client | undefined;
  let db: Db;
  beforeAll(async () => {
    server = await startTestServer(kind);
    // On PostgreSQL a connection of its own, whose prepared statements pg_prepared_statements shows.
    if (kind === 'postgres') {
      client = new pg.Client({ connectionString: server.config.databaseUrl });
      await client.connect();
      db = drizzle(client) as unknown as Db;
    } else db = server.database.db;
    // A busy organisation's log: 2,000 notifications, and planner statistics that know them.
    await server.database.db.execute(sql`insert into events (kind, organization_id, notification_type, occurred_at)
      select 'NOTIFICATION', 1, 2, now() - g * interval '1 minute' from generate_series(1, 2000) g`);
    await server.database.db.execute(sql`analyze events`);
  });
  afterAll(async () => {
    await client?.end();
    await server?.close();
  });

  /** A newest-first page of notifications, as the console's lists read them. */
  const list = (marker: string, page: SQL) =>
    sql`select e.id::int as id, ${sql.raw(`'${marker}'`)}::text as marker from events e left join users u on u.id = e.user_id
        where e.kind = 'NOTIFICATION' and e.organization_id = ${1} order by e.id desc ${page}`;
  const plans = async (marker: string) =>
    (
      await rows<{ generic: number; custom: number }>(
        db,
        sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement like ${`%${marker}%`} and statement not like '%pg_prepared_statements%'`,
      )
    )[0];

  it('a first page runs its generic plan after five custom ones (an offset parameter kept it planning every run); later pages answer the same rows', async () => {
    const plain = await rows<{ id: number }>(db, list('page-sql plain', sql`offset ${0} limit ${50}`));
    expect(plain).toHaveLength(50);
    for (let i = 0; i < 12; i++) {
      expect(await namedRows(db, list('page-sql literal', pageSql(0, 50)))).toEqual(
        plain.map((r) => ({ ...r, marker: 'page-sql literal' })),
      );
      await namedRows(db, list('page-sql parameter', sql`offset ${0} limit ${50}`));
    }
    expect(await plans('page-sql literal')).toEqual({ generic: 7, custom: 5 });
    expect(await plans('page-sql parameter')).toEqual({ generic: 0, custom: 12 });
    const second = await namedRows<{ id: number }>(db, list('page-sql second', pageSql(20, 10)));
    expect(second.map((r) => r.id)).toEqual(plain.slice(20, 30).map((r) => r.id));
    expect(() => pageSql(0, 0)).toThrow(RangeError);
    expect(() => pageSql(-1, 5)).toThrow(RangeError);
    expect(() => pageSql(0, 1.5)).toThrow(RangeError);
  });
});
