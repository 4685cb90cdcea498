/**
 * Raw queries as named prepared statements (issue 20 "Per-request cost"). On PostgreSQL an unnamed
 * statement is parsed and planned at every call: for the console's list queries (the notification
 * lists: eight joins and three subqueries) planning cost about 4.7 ms of backend CPU per call against
 * 0.4 ms to run the plan. A statement named after its text is parsed once per pooled connection and
 * its plan kept (PostgreSQL's plan cache: custom plans for the first five runs, then the generic plan
 * unless it is estimated dearer). The name is a hash of the SQL text, so each query shape (one per
 * scope kind and filter combination, the values being parameters) is one statement per connection:
 * only queries whose text holds no values (everything bound as a parameter, constants from code
 * only) may use it, else the number of statements would grow without bound.
 *
 * PGlite's driver has no named statements, and planning in WebAssembly costs more still (about
 * 10 ms of CPU per notification list), so there the statement is made with SQL `PREPARE` once per
 * database (its one connection) and run with `EXECUTE name(literals…)`, the parameters written as
 * literals as node-postgres sends them as text (EXECUTE takes no bound parameters). Inside a
 * transaction, or when PREPARE refuses the text (a parameter whose type it cannot infer), the query
 * runs as before.
 */
import { createHash } from 'node:crypto';
import { is, sql, type SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import { PgliteSession } from 'drizzle-orm/pglite';
import { sqlLiteral } from './sql-literal.js';
import type { Db } from '../db/client.js';
import { databaseError } from '../db/errors.js';

const dialect = new PgDialect();
/** Statement names by SQL text (the hash is computed once per shape). */
const names = new Map<string, string>();
const MAX_NAMES = 10_000;

/**
 * Rows of `query` run as a named prepared statement (see the module comment: the text must hold no
 * values). The same rows, with the same types, as `rows(db, query)` from db/client.ts.
 */
export async function namedRows<T>(db: Db, query: SQL): Promise<T[]> {
  const q = dialect.sqlToQuery(query);
  let name = names.get(q.sql);
  if (name === undefined) {
    name = `vigil_q_${createHash('sha1').update(q.sql).digest('hex').slice(0, 24)}`;
    if (names.size < MAX_NAMES) names.set(q.sql, name);
  }
  if (is(db._.session, PgliteSession)) return pgliteRows<T>(db, name, q, query);
  const res = (await db._.session.prepareQuery(q, undefined, name, false).execute()) as { rows: T[] };
  return res.rows;
}

/**
 * Per PGlite database: per statement name, whether PREPARE made it (true) or refused the text
 * (false). A promise, so that requests arriving together while the first PREPARE runs wait for it
 * rather than each sending its own (all but one of which would fail as "already exists").
 */
const prepared = new WeakMap<Db, Map<string, Promise<boolean>>>();

/** namedRows on PGlite (see the module comment). */
async function pgliteRows<T>(db: Db, name: string, q: { sql: string; params: unknown[] }, query: SQL): Promise<T[]> {
  const plain = async () => ((await db.execute(query)) as { rows: T[] }).rows;
  if (is(db, PgTransaction)) return plain();
  let byName = prepared.get(db);
  if (!byName) prepared.set(db, (byName = new Map()));
  let made = byName.get(name);
  if (made === undefined) {
    made = db.execute(sql.raw(`prepare ${name} as ${q.sql}`)).then(
      () => true,
      // 42P05 (the statement exists already): usable. Anything else: run the text as it is.
      (err: unknown) => databaseError(err)?.code === '42P05',
    );
    byName.set(name, made);
  }
  if (!(await made)) return plain();
  const args = q.params.length ? `(${q.params.map(sqlLiteral).join(', ')})` : '';
  return ((await db.execute(sql.raw(`execute ${name}${args}`))) as { rows: T[] }).rows;
}
