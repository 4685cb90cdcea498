/**
 * Branch-local days in SQL: the tests a report's or a list's date range (spec §5 YYYY-MM-DD dates,
 * which Vigil counts as days in the branch's own zone) makes on an instant. Used by the reports,
 * the chat and call recordings and the notification pages.
 */
import { sql, type SQL } from 'drizzle-orm';

/**
 * `col` (timestamptz) falls on branch-local days fromDate…toDate (inclusive) in zone `tz` (an SQL
 * expression giving an IANA name). A coarse UTC bound (±1 day, wider than any zone offset) comes
 * first so that time indexes can be used; the exact test is on the local date itself. (Written
 * as bounds of `col` computed from the branch's zone, the exact test would be taken for an index
 * condition on the branch's events, with a row estimate far too low; that plan read every event
 * of every branch, check-ins included.) An instant more than a day inside the UTC range is on one
 * of those local days in every zone (offsets are under a day), so the zone conversion — the
 * largest cost of counting a month at 5,000 branches — runs only for the two days at either end
 * (the `or` is evaluated left to right).
 */
export function localDayRange(col: SQL, tz: SQL, fromDate: string, toDate: string): SQL {
  return sql`${col} >= ((${fromDate}::date - 1)::timestamp at time zone 'UTC') and ${col} < ((${toDate}::date + 2)::timestamp at time zone 'UTC')
    and ((${col} >= ((${fromDate}::date + 1)::timestamp at time zone 'UTC') and ${col} < (${toDate}::date::timestamp at time zone 'UTC'))
      or (${col} at time zone ${tz})::date between ${fromDate}::date and ${toDate}::date)`;
}

/**
 * `col` (timestamptz) falls on branch-local day fromDate or later in zone `tz`: localDayRange's
 * test with only its lower end (an open range, as the notification pages allow). The same
 * coarse UTC bound first, the zone conversion only for the instants within a day of it.
 */
export function localDaysFrom(col: SQL, tz: SQL, fromDate: string): SQL {
  return sql`${col} >= ((${fromDate}::date - 1)::timestamp at time zone 'UTC')
    and (${col} >= ((${fromDate}::date + 1)::timestamp at time zone 'UTC') or (${col} at time zone ${tz})::date >= ${fromDate}::date)`;
}

/** `col` falls on branch-local day toDate or earlier in zone `tz`: localDayRange's upper end alone (localDaysFrom). */
export function localDaysTo(col: SQL, tz: SQL, toDate: string): SQL {
  return sql`${col} < ((${toDate}::date + 2)::timestamp at time zone 'UTC')
    and (${col} < (${toDate}::date::timestamp at time zone 'UTC') or (${col} at time zone ${tz})::date <= ${toDate}::date)`;
}
