/**
 * SQL building blocks shared by every report (spec §7 Reports): the caller's scope, the common
 * filters, the branch-local day range, paging, and streaming every row of a query for exports.
 *
 * Scope: every report query joins `branch_offices` under its own name, so `branchScope(auth)`
 * (plugins/authorization.ts) applies unchanged; a redundant `organization_id in (…)` on the
 * driving table lets PostgreSQL use the (organization_id, …, time) indexes.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { QueryResultRow } from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { REPORT_MAX_RANGE_DAYS, ReportErrorCode, RoleId, rangeDays, type ReportBase } from '@vigil/contract';
import { rows, type Db } from '../../db/client.js';
import { repeatedRows } from '../../lib/named-query.js';
import { branchScope, organizationIdsSubquery } from '../../plugins/authorization.js';
import { AppError } from '../../plugins/errors.js';
import { offsetMinutes } from '../../lib/zone-time.js';
import type { AuthContext } from '../../plugins/session.js';
import { abbreviationAt } from '../../lib/zone-time.js';

/** Moved to lib/zone-time.ts (the notification and socket presenters use them too); re-exported for the reports. */
export { iso, zoneAbbr } from '../../lib/zone-time.js';

/**
 * Checks a report range: `toDate` not before `fromDate` (400 reports.errors.rangeOrder) and at
 * most REPORT_MAX_RANGE_DAYS days (400 reports.errors.rangeTooLong).
 */
export function checkRange(input: { fromDate: string; toDate: string }): void {
  const days = rangeDays(input.fromDate, input.toDate);
  if (!(days >= 1)) throw new AppError(400, ReportErrorCode.RangeOrder, {}, 'toDate');
  if (days > REPORT_MAX_RANGE_DAYS) throw new AppError(400, ReportErrorCode.RangeTooLong, { days: REPORT_MAX_RANGE_DAYS }, 'toDate');
}

/**
 * A caller of a report, with — for the roles whose organisations come from a table (security
 * office staff, roles 5 and 8; dealers, role 12) — those organisation ids, read once per request
 * by `reportAuth`. (Left as a subquery, the planner takes the list for a single organisation: for
 * an office monitoring 50 organisations, the activity report's first page then read and sorted a
 * month of every organisation's events, 15 s at 5,000 branches; with the ids it walks the time
 * index backward and stops after the page.) Read per request, never cached: a change of the
 * office's organisations applies to the next call.
 */
export type ReportAuth = AuthContext & { scopeOrganizationIds?: readonly number[] };

/** Roles whose organisation scope is a list read from the database (authorization.ts organizationIdsSubquery). */
const LISTED_SCOPE_ROLES: ReadonlySet<number> = new Set([RoleId.SecurityOfficer, RoleId.SecurityOperator, RoleId.Dealer]);

/** `auth` with its scope's organisation ids when its role's scope is a list (ReportAuth); `auth` itself otherwise. */
export async function reportAuth(db: Db, auth: AuthContext): Promise<ReportAuth> {
  if (!LISTED_SCOPE_ROLES.has(auth.roleId)) return auth;
  const list = await rows<{ id: number }>(
    db,
    sql`select distinct s.id from (${organizationIdsSubquery(auth)}) as s(id) where s.id is not null`,
  );
  return { ...auth, scopeOrganizationIds: list.map((r) => Number(r.id)) };
}

/** An int[] parameter of `ids`. */
export const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * Scope and common filters on `branch_offices` plus the driving table's organisation column
 * `orgCol`. With the scope's organisation ids read (ReportAuth), both conditions name them (the
 * same rows as branchScope for those roles).
 */
export function scopeAndFilters(
  auth: ReportAuth,
  input: Pick<ReportBase, 'organizationId' | 'regionalOfficeId' | 'branchOfficeId'>,
  orgCol: SQL,
): SQL[] {
  const listed = auth.scopeOrganizationIds;
  const out: SQL[] = listed
    ? [sql`branch_offices.organization_id = any(${intArray(listed)})`, sql`${orgCol} = any(${intArray(listed)})`]
    : [branchScope(auth), sql`${orgCol} in (${organizationIdsSubquery(auth)})`];
  if (input.organizationId) out.push(sql`${orgCol} = ${input.organizationId}`);
  if (input.regionalOfficeId) out.push(sql`branch_offices.regional_office_id = ${input.regionalOfficeId}`);
  if (input.branchOfficeId) out.push(sql`branch_offices.id = ${input.branchOfficeId}`);
  return out;
}

/**
 * WHERE of the day-count rows (event_day_counts, migration 0019; check_in_day_counts, 0021) of a
 * report's scope, filters and branch-local days; `table` is the alias of the day counts, joined to
 * `branch_offices`. The organisation tested is the row's own (`organizationId`, by default
 * `table`.organization_id; check_in_day_counts has none and passes the branch's).
 */
export function dayCountsWhere(
  auth: ReportAuth,
  f: Pick<ReportBase, 'organizationId' | 'regionalOfficeId' | 'branchOfficeId' | 'fromDate' | 'toDate'>,
  table: SQL,
  organizationId: SQL = sql`${table}.organization_id`,
): SQL {
  return and([...scopeAndFilters(auth, f, organizationId), sql`${table}.day between ${f.fromDate}::date and ${f.toDate}::date`]);
}

/** `a and b and …` (true for none). */
export function and(parts: SQL[]): SQL {
  return parts.length ? parts.reduce((acc, c) => sql`${acc} and ${c}`) : sql`true`;
}

/** 'asc' / 'desc' as SQL (never user text). */
export function direction(dir: 'asc' | 'desc'): SQL {
  return dir === 'asc' ? sql.raw('asc') : sql.raw('desc');
}

/**
 * How a report's JSON page is read: `query` (the ordered rows, ending with its ORDER BY) and
 * `count` (a single `n` column); `pageRows`, when given, reads the page instead (a report whose
 * page is cheaper in two steps: activities.ts), and `countRows` runs the count instead (as a named
 * statement: activities.ts).
 */
export interface PageQueries<T> {
  query: SQL;
  count: SQL;
  pageRows?: (db: Db, offset: number, limit: number) => Promise<T[]>;
  countRows?: (db: Db, count: SQL) => Promise<{ n: number }[]>;
}

/** One page of `q` (`limit` rows from `offset`) and the total of its count. */
export async function page<T>(db: Db, q: PageQueries<T>, offset: number, limit: number): Promise<{ list: T[]; total: number }> {
  const [list, count] = await Promise.all([
    q.pageRows ? q.pageRows(db, offset, limit) : repeatedRows<T>(db, sql`${q.query} offset ${offset} limit ${limit}`),
    (q.countRows ?? repeatedRows<{ n: number }>)(db, q.count),
  ]);
  return { list, total: Number(count[0]?.n ?? 0) };
}

const dialect = new PgDialect();

let cursorSeq = 0;

/**
 * Rows per FETCH of an export cursor: small enough that a batch dies young (bigger batches outlived
 * the young generation and made garbage collection the largest cost of an export).
 */
const CURSOR_BATCH = 1_000;
/** Rows per page on PGlite, where every page is a query of its own. */
const PAGE_BATCH = 5_000;

/**
 * Every row of `query` (ending with its ORDER BY), in batches.
 * PostgreSQL: a server-side cursor (DECLARE … CURSOR in a read-only transaction on a connection of
 * the export pool, so requests never wait behind a slow download; constant memory). A declared cursor is planned for a fast start, so an export ordered
 * by an index streams from its first rows instead of waiting for a sort, and the next FETCH is
 * sent before the caller formats the current batch, so the database and Node work side by side.
 * PGlite (embedded, one connection, which a cursor would hold for the whole export): pages of
 * PAGE_BATCH rows. Stops early when `signal` aborts (the client went away); the connection of an
 * abandoned cursor is closed rather than returned to the pool.
 */
export async function* streamRows<T>(app: FastifyInstance, query: SQL, signal?: AbortSignal): AsyncGenerator<T[]> {
  const pool = app.database.exportPool;
  if (!pool) {
    for (let offset = 0; ; offset += PAGE_BATCH) {
      const list = await rows<T>(app.db, sql`${query} offset ${offset} limit ${PAGE_BATCH}`);
      if (list.length) yield list;
      if (list.length < PAGE_BATCH || signal?.aborted) return;
    }
  }
  const batchSize = CURSOR_BATCH;
  const { sql: text, params } = dialect.sqlToQuery(query);
  const cursor = `report_rows_${++cursorSeq}`;
  const client = await pool.connect();
  let clean = false;
  try {
    await client.query('begin transaction read only');
    await client.query(`declare ${cursor} no scroll cursor for ${text}`, params as unknown[]);
    const fetch = () => {
      const p = client.query<T & QueryResultRow>(`fetch forward ${batchSize} from ${cursor}`);
      p.catch(() => undefined); // awaited below; this only marks a prefetch dropped by an abort as handled
      return p;
    };
    let pending = fetch();
    for (;;) {
      const batch = (await pending).rows;
      const more = batch.length === batchSize;
      if (more) pending = fetch();
      if (batch.length) yield batch;
      if (!more) break;
      if (signal?.aborted) return;
    }
    await client.query('commit');
    clean = true;
  } finally {
    client.release(clean ? undefined : true);
  }
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The contract's `formatInZone` ('yyyy-MM-dd HH:mm:ss' in `zone` + abbreviation), computed from the zone offset directly. */
export function localTime(isoUtc: string, zone: string): string {
  return localTimeAt(Date.parse(isoUtc), zone);
}

/** `localTime` of an instant given in epoch milliseconds (what the export queries select). */
export function localTimeAt(ms: number, zone: string): string {
  const offset = offsetMinutes(zone, ms);
  const local = new Date(ms + offset * 60_000);
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())} ${abbreviationAt(zone, ms, offset)}`;
}

/**
 * SQL of `col` (timestamptz) as epoch milliseconds, so that an export reads a number instead of
 * parsing a timestamp per row. date_part gives a float8 directly (extract's numeric costs more);
 * its rounding can move a value by a millisecond but never across a second, and seconds are
 * all a report shows.
 */
export function epochMs(col: SQL): SQL {
  return sql`floor(date_part('epoch', ${col}) * 1000)`;
}
