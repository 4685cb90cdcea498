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
 *
 * `repeatedRows` is for the queries whose text must hold their values (a report page's ids, whose
 * generic plan would be wrong: see its comment): on PGlite each distinct text is prepared whole, its
 * values written as literals, and kept while it is among the LITERAL_STATEMENTS most recently used.
 */
import { createHash } from 'node:crypto';
import { fillPlaceholders, is, sql, type Query, type SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import { PgliteSession } from 'drizzle-orm/pglite';
import { inlineParams, sqlLiteral } from './sql-literal.js';
import { rows, type Db } from '../db/client.js';
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
  return runNamed<T>(db, statementName(q.sql), q);
}

/** The statement name of a text (a hash of it, computed once per text while fewer than MAX_NAMES are known). */
function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `vigil_q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (names.size < MAX_NAMES) names.set(text, name);
  }
  return name;
}

/**
 * `namedRows` of a statement compiled once: `query` holds `sql.placeholder(key)` where its values
 * go, and each run fills them from `values` (drizzle's fillPlaceholders), so no SQL is built at
 * the call (building a statement of 35 columns cost more than running it on PostgreSQL: a branch
 * lookup 0.14 -> 0.27 ms of CPU, issue 20). The same rows as `namedRows` of the filled query.
 * Errors: the database's; a key missing from `values` is an error of drizzle's.
 */
export function compiledNamedRows<T>(query: SQL): (db: Db, values: Record<string, unknown>) => Promise<T[]> {
  const compiled = dialect.sqlToQuery(query);
  const name = statementName(compiled.sql);
  return (db, values) => runNamed<T>(db, name, { sql: compiled.sql, params: fillPlaceholders(compiled.params, values) });
}

/** Rows of the built query `q` as the statement `name`: on PGlite by PREPARE/EXECUTE (pgliteRows), elsewhere a named statement of the driver. */
function runNamed<T>(db: Db, name: string, q: Query): Promise<T[]> {
  return is(db._.session, PgliteSession) ? pgliteRows<T>(db, name, q) : sessionRows<T>(db, q, name);
}

/** Rows of the built query `q` through the database's session (what `db.execute` runs), as the statement `name` when given. */
async function sessionRows<T>(db: Db, q: Query, name?: string): Promise<T[]> {
  return ((await db._.session.prepareQuery(q, undefined, name, false).execute()) as { rows: T[] }).rows;
}

/**
 * The `offset … limit …` of a named statement's page (namedRows, compactRows), written so that its
 * generic plan can be used: the limit as a literal (a whole number, checked; the API's limits are a
 * few values, so a few statements per shape), and no offset at all on the first page (nearly every
 * call); a later page's offset stays a parameter. PostgreSQL costs an OFFSET or LIMIT parameter as
 * a tenth of the rows: with `offset $n limit $m` the generic plan of a newest-first list always
 * looked dearer than a custom one for 50 rows, so every EXECUTE was planned again (plan cache
 * "custom_plans" only): ~5-7 ms of backend CPU per notification page on PostgreSQL, ~13 ms of
 * PGlite's WebAssembly, against ~2 ms to run the plan (issue 20).
 * @throws RangeError when `limit` is not a positive safe integer or `offset` a non-negative one.
 */
export function pageSql(offset: number, limit: number): SQL {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`bad page limit ${limit}`);
  if (!Number.isSafeInteger(offset) || offset < 0) throw new RangeError(`bad page offset ${offset}`);
  return offset === 0 ? sql.raw(`limit ${limit}`) : sql`offset ${offset} limit ${sql.raw(String(limit))}`;
}

/**
 * The rows of `query` as `namedRows` runs it; on PGlite sent by the database as one JSON text
 * (`json_agg` of the rows, cast to text) and parsed here with JSON.parse. PGlite's driver decodes
 * each field of each row in JavaScript and the rows then cross from the database thread as
 * objects: for a page of many columns that was most of its cost (a notification page, 50 rows of
 * 28 columns: 8.3 -> 5.4 ms of server CPU after an alarm storm, issue 20). On PostgreSQL building
 * the JSON cost the database more than node-postgres saved (1.0 -> 1.5-1.9 ms of backend CPU per
 * page), so there the rows come as `namedRows` returns them.
 * So a column's value depends on the database: on PGlite JSON's (timestamps as ISO 8601 text with
 * their offset, not Date; json columns as their value), and the callers take both (`iso()`).
 * `order`: the rows' order, on the columns of `query` named as `r.<column>` (e.g. sql`r.id desc`),
 * for the JSON array (json_agg's own order is its input's only in practice); without it the order
 * of the rows is unspecified on PGlite.
 * Errors: the database's, as `namedRows`.
 */
export async function compactRows<T>(db: Db, query: SQL, order?: SQL): Promise<T[]> {
  if (!is(db._.session, PgliteSession)) return namedRows<T>(db, query);
  const [row] = await namedRows<{ rows: string }>(
    db,
    sql`select coalesce(json_agg(r${order ? sql` order by ${order}` : sql``}), '[]')::text as rows from (${query}) r`,
  );
  return JSON.parse(row!.rows) as T[];
}

/**
 * Per PGlite database: per statement name, whether PREPARE made it (true) or refused the text
 * (false). A promise, so that requests arriving together while the first PREPARE runs wait for it
 * rather than each sending its own (all but one of which would fail as "already exists").
 */
const prepared = new WeakMap<Db, Map<string, Promise<boolean>>>();

/**
 * `PREPARE name AS text` on PGlite: true when the statement is there to EXECUTE (made now, or 42P05:
 * it existed already), false when PREPARE refused the text (run it as it is). Never rejects.
 */
function prepare(db: Db, name: string, text: string): Promise<boolean> {
  return db.execute(sql.raw(`prepare ${name} as ${text}`)).then(
    () => true,
    (err: unknown) => databaseError(err)?.code === '42P05',
  );
}

/** namedRows on PGlite (see the module comment): unprepared in a transaction, or when PREPARE refused the text. */
async function pgliteRows<T>(db: Db, name: string, q: Query): Promise<T[]> {
  if (is(db, PgTransaction)) return sessionRows<T>(db, q);
  let byName = prepared.get(db);
  if (!byName) prepared.set(db, (byName = new Map()));
  let made = byName.get(name);
  if (made === undefined) {
    made = prepare(db, name, q.sql);
    byName.set(name, made);
  }
  if (!(await made)) return sessionRows<T>(db, q);
  const args = q.params.length ? `(${q.params.map(sqlLiteral).join(', ')})` : '';
  return ((await db.execute(sql.raw(`execute ${name}${args}`))) as { rows: T[] }).rows;
}

/**
 * Prepared statements of whole texts (`repeatedRows`) kept per PGlite database: each one's promise
 * as in `prepared`, in least-recently-used order (a Map keeps insertion order; a hit is re-inserted).
 */
const literalStatements = new WeakMap<Db, Map<string, Promise<boolean>>>();

/**
 * Most statements of whole texts kept per PGlite database. Each holds its parse tree and plan in
 * the database's WebAssembly memory (tens of kB for a report page); a console user's report,
 * page and filters make one, so this covers the pages many users are looking at.
 */
export const LITERAL_STATEMENTS = 64;

/**
 * Rows of `query`, whose text may hold values (dates, ids, paging: its best plan depends on them),
 * answered as `rows(db, query)` answers them. On PGlite the whole statement, its values written as
 * literals, is made with SQL `PREPARE` the first time that exact text is asked and run with
 * `EXECUTE` after that: a repeated call (the same report page asked again, by another user of the
 * same scope, by a console refreshing it, by a user paging back) skips parsing, analysing and
 * planning, which cost ~3 ms of the database thread per call in WebAssembly against ~0.7 ms to run
 * the prepared plan (an activity report page's ids; issue 20). The plan is the one made for those
 * values, as for an unnamed query. At most LITERAL_STATEMENTS are kept per database, the least
 * recently used deallocated. On PostgreSQL (planning runs natively in the backend, and node-postgres
 * cannot release a named statement of a pooled connection) and inside a transaction: `rows(db,
 * query)`.
 */
export async function repeatedRows<T>(db: Db, query: SQL): Promise<T[]> {
  if (!is(db._.session, PgliteSession) || is(db, PgTransaction)) return rows<T>(db, query);
  const text = inlineParams(dialect.sqlToQuery(query));
  const name = `vigil_l_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  let byName = literalStatements.get(db);
  if (!byName) literalStatements.set(db, (byName = new Map()));
  let made = byName.get(name);
  if (made === undefined) {
    made = prepare(db, name, text);
    byName.set(name, made);
    for (const [old, oldMade] of byName) {
      if (byName.size <= LITERAL_STATEMENTS) break;
      byName.delete(old);
      // A call that still runs the old statement after this fails with 26000 and runs its text.
      void oldMade.then((ok) => (ok ? db.execute(sql.raw(`deallocate ${old}`)).catch(() => undefined) : undefined));
    }
  } else {
    byName.delete(name);
    byName.set(name, made);
  }
  if (!(await made)) return rows<T>(db, query);
  try {
    return ((await db.execute(sql.raw(`execute ${name}`))) as { rows: T[] }).rows;
  } catch (err) {
    // 26000: deallocated meanwhile (evicted by other texts); the text itself still answers.
    if (databaseError(err)?.code === '26000') return rows<T>(db, query);
    throw err;
  }
}
