/**
 * Raw queries as named prepared statements (issue 20 "Per-request cost"). On PostgreSQL an unnamed
 * statement is parsed and planned at every call: for the console's list queries (the notification
 * lists: eight joins and three subqueries) planning cost about 4.7 ms of backend CPU per call against
 * 0.4 ms to run the plan. A statement named after its text is parsed once per pooled connection and
 * its plan kept (PostgreSQL's plan cache: custom plans for the first five runs, then the generic plan
 * unless it is estimated dearer). The name is a hash of the SQL text, so each query shape (one per
 * scope kind and filter combination, the values being parameters) is one statement per connection:
 * only queries whose text holds no values (everything bound as a parameter, constants from code
 * only) may use it, else the number of statements would grow without bound. On PGlite, whose driver
 * has no named statements, it is the same as `rows`.
 */
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';

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
  const res = (await db._.session.prepareQuery(q, undefined, name, false).execute()) as { rows: T[] };
  return res.rows;
}
