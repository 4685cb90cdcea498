/**
 * SQL building blocks shared by every report (spec §7 Reports): the caller's scope, the common
 * filters, the branch-local day range, paging, and streaming every row of a query for exports.
 *
 * Scope: every report query joins `branch_offices` under its own name, so `branchScope(auth)`
 * (plugins/authorization.ts) applies unchanged; a redundant `organization_id in (…)` on the
 * driving table lets PostgreSQL use the (organization_id, …, time) indexes.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import QueryStream from 'pg-query-stream';
import { IANAZone } from 'luxon';
import { REPORT_MAX_RANGE_DAYS, ReportErrorCode, rangeDays, zoneAbbreviation, type ReportBase } from '@vigil/contract';
import { rows, type Db } from '../../db/client.js';
import { branchScope, organizationIdsSubquery } from '../../plugins/authorization.js';
import { AppError } from '../../plugins/errors.js';
import type { AuthContext } from '../../plugins/session.js';

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
 * `col` (timestamptz) falls on branch-local days fromDate…toDate (inclusive) in zone `tz` (an SQL
 * expression giving an IANA name). A coarse UTC bound (±1 day, wider than any zone offset) comes
 * first so that time indexes can be used.
 */
export function localDayRange(col: SQL, tz: SQL, fromDate: string, toDate: string): SQL {
  return sql`${col} >= ((${fromDate}::date - 1)::timestamp at time zone 'UTC') and ${col} < ((${toDate}::date + 2)::timestamp at time zone 'UTC')
    and ${col} >= (${fromDate}::date::timestamp at time zone ${tz}) and ${col} < ((${toDate}::date + 1)::timestamp at time zone ${tz})`;
}

/** Scope and common filters on `branch_offices` plus the driving table's organisation column `orgCol`. */
export function scopeAndFilters(auth: AuthContext, input: Pick<ReportBase, 'organizationId' | 'regionalOfficeId' | 'branchOfficeId'>, orgCol: SQL): SQL[] {
  const out: SQL[] = [branchScope(auth), sql`${orgCol} in (${organizationIdsSubquery(auth)})`];
  if (input.organizationId) out.push(sql`${orgCol} = ${input.organizationId}`);
  if (input.regionalOfficeId) out.push(sql`branch_offices.regional_office_id = ${input.regionalOfficeId}`);
  if (input.branchOfficeId) out.push(sql`branch_offices.id = ${input.branchOfficeId}`);
  return out;
}

/** `a and b and …` (true for none). */
export function and(parts: SQL[]): SQL {
  return parts.length ? parts.reduce((acc, c) => sql`${acc} and ${c}`) : sql`true`;
}

/** 'asc' / 'desc' as SQL (never user text). */
export function direction(dir: 'asc' | 'desc'): SQL {
  return dir === 'asc' ? sql.raw('asc') : sql.raw('desc');
}

/** An instant from a driver value (Date on node-postgres, Date or text on PGlite) as UTC ISO. */
export function iso(v: Date | string): string {
  if (v instanceof Date) return v.toISOString();
  const d = new Date(/[zZ]|[+-]\d\d(:?\d\d)?$/.test(v) ? v.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00') : `${v.replace(' ', 'T')}Z`);
  return d.toISOString();
}

/** One page of `query` (which must end with its ORDER BY) and the total of `countQuery` (a single `n` column). */
export async function page<T>(db: Db, query: SQL, countQuery: SQL, offset: number, limit: number): Promise<{ list: T[]; total: number }> {
  const [list, count] = await Promise.all([
    rows<T>(db, sql`${query} offset ${offset} limit ${limit}`),
    rows<{ n: number }>(db, countQuery),
  ]);
  return { list, total: Number(count[0]?.n ?? 0) };
}

const dialect = new PgDialect();

/**
 * Every row of `query` (ending with its ORDER BY), in batches of about `batchSize`: a server-side
 * cursor on PostgreSQL (constant memory), pages of `batchSize` on PGlite (embedded, no cursor).
 * Stops early when `signal` aborts (the client went away).
 */
export async function* streamRows<T>(app: FastifyInstance, query: SQL, batchSize = 5_000, signal?: AbortSignal): AsyncGenerator<T[]> {
  const pool = app.database.pool;
  if (pool) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const client = await pool.connect();
    const stream = client.query(new QueryStream(text, params as unknown[], { batchSize }));
    try {
      let batch: T[] = [];
      for await (const row of stream) {
        batch.push(row as T);
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
          if (signal?.aborted) return;
        }
      }
      if (batch.length) yield batch;
    } finally {
      stream.destroy();
      client.release();
    }
    return;
  }
  for (let offset = 0; ; offset += batchSize) {
    const list = await rows<T>(app.db, sql`${query} offset ${offset} limit ${batchSize}`);
    if (list.length) yield list;
    if (list.length < batchSize || signal?.aborted) return;
  }
}

const dayOffsets = new Map<string, number | null>();
const DAY = 86_400_000;

/**
 * UTC offset (minutes) of `zone` at instant `ms`. luxon formats a date for every offset asked, so
 * offsets are memoised per zone and UTC day: when the offset is the same at both ends of the day
 * it holds all day; on a transition day (at most one per day in every IANA zone) it is computed.
 */
export function offsetMinutes(zone: string, ms: number): number {
  const dayStart = Math.floor(ms / DAY) * DAY;
  const key = `${zone}|${dayStart}`;
  let cached = dayOffsets.get(key);
  if (cached === undefined) {
    const z = IANAZone.create(zone);
    const a = z.offset(dayStart);
    cached = a === z.offset(dayStart + DAY - 1) ? a : null;
    if (dayOffsets.size > 200_000) dayOffsets.clear();
    dayOffsets.set(key, cached);
  }
  return cached ?? IANAZone.create(zone).offset(ms);
}

const abbreviations = new Map<string, string>();

/**
 * `zoneAbbreviation` (contract) of `zone` at instant `ms`, memoised by zone and UTC offset: luxon
 * builds a new Intl.DateTimeFormat for every abbreviation, far too slow for an export of a
 * million rows. The answer is the same as the contract's.
 */
export function zoneAbbr(zone: string, ms: number): string {
  const offset = offsetMinutes(zone, ms);
  const key = `${zone}|${offset}`;
  let abbr = abbreviations.get(key);
  if (abbr === undefined) {
    abbr = zoneAbbreviation(zone, new Date(ms));
    abbreviations.set(key, abbr);
  }
  return abbr;
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The contract's `formatInZone` ('yyyy-MM-dd HH:mm:ss' in `zone` + abbreviation), computed from the zone offset directly. */
export function localTime(isoUtc: string, zone: string): string {
  const ms = Date.parse(isoUtc);
  const local = new Date(ms + offsetMinutes(zone, ms) * 60_000);
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())} ${zoneAbbr(zone, ms)}`;
}
