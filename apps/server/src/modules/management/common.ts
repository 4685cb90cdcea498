/**
 * Shared pieces of the management calls: who may write, which organisation a call acts on, the
 * scope of regions, security offices and employees, CSV streaming, unique-name conflicts and the
 * week schedule / holiday writes used by head, regional and branch offices.
 */
import type { FastifyReply } from 'fastify';
import { and, asc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify';
import { ErrorCode, ManagementKey, RoleId, toE164, zoneAbbreviation, type Holiday, type WeekScheduleDay } from '@vigil/contract';
import type { Db } from '../../db/client.js';
import { holidays, holidayTemplates, offices, organizations, weekScheduleDays, weekSchedules } from '../../db/schema/index.js';
import { organizationIdsSubquery } from '../../plugins/authorization.js';
import { AppError, badRequest, forbidden } from '../../plugins/errors.js';
import type { AuthContext } from '../../plugins/session.js';
import { assertOrganizationInScope } from '../organizations/organizations.repository.js';

/** Roles that manage their organisation's offices: organisation admin (2) and dealer (12). */
export function canManage(auth: AuthContext): boolean {
  return auth.roleId === RoleId.OrganizationAdmin || auth.roleId === RoleId.Dealer;
}

/** 403 unless the caller manages offices (checked before anything is looked up, so nothing leaks). */
export function assertCanManage(auth: AuthContext): void {
  if (!canManage(auth)) throw forbidden();
}

/**
 * The organisation a call acts on: the organisation admin's own; for a dealer the requested one
 * (required, and in its scope). Another organisation answers 403.
 */
export async function targetOrganization(db: Db, auth: AuthContext, requested: number | null | undefined): Promise<number> {
  if (auth.roleId === RoleId.Dealer) {
    if (!requested) throw badRequest(ManagementKey.OrganizationRequired, 'organizationId');
    await assertOrganizationInScope(db, auth, requested);
    return requested;
  }
  if (auth.organizationId == null) throw forbidden();
  if (requested && requested !== auth.organizationId) throw forbidden();
  return auth.organizationId;
}

/** SQL condition on `offices` (regional offices) the user may see. */
export function regionScope(auth: AuthContext): SQL {
  switch (auth.roleId) {
    case RoleId.RegionalManager:
      return sql`${offices.id} in (select regional_office_id from works_in where user_id = ${auth.userId} and regional_office_id is not null)`;
    case RoleId.BranchManager:
      return sql`${offices.id} in (select b.regional_office_id from branch_offices b join works_in w on w.branch_office_id = b.id where w.user_id = ${auth.userId})`;
    default:
      return sql`${offices.organizationId} in (${organizationIdsSubquery(auth)})`;
  }
}

/** SQL condition on `users u` (aliased u): employees the user may see. Platform admins are never listed. */
export function employeeScope(auth: AuthContext): SQL {
  switch (auth.roleId) {
    case RoleId.OrganizationAdmin:
      // An equality (not `in (select …)`), so the (organization_id, surname, name, id) index gives the list order.
      return auth.organizationId == null ? sql`false` : sql`u.role_id <> 1 and u.organization_id = ${auth.organizationId}`;
    case RoleId.Dealer:
      return sql`u.role_id <> 1 and u.organization_id in (${organizationIdsSubquery(auth)})`;
    case RoleId.SecurityOfficer:
    case RoleId.SecurityOperator:
      return sql`u.role_id <> 1 and u.id in (select w2.user_id from works_in w2 where w2.security_office_id in
        (select security_office_id from works_in where user_id = ${auth.userId} and security_office_id is not null))`;
    case RoleId.RegionalManager:
      return sql`u.role_id <> 1 and u.id in (select w2.user_id from works_in w2 left join branch_offices b2 on b2.id = w2.branch_office_id
        where coalesce(w2.regional_office_id, b2.regional_office_id) in
        (select regional_office_id from works_in where user_id = ${auth.userId} and regional_office_id is not null))`;
    case RoleId.BranchManager:
      return sql`u.role_id <> 1 and u.id in (select w2.user_id from works_in w2 where w2.branch_office_id in
        (select branch_office_id from works_in where user_id = ${auth.userId} and branch_office_id is not null))`;
    default:
      return sql`false`;
  }
}

/** '' → null, phone numbers → E.164 (400 with the field when invalid). */
export function normalize<T extends Record<string, unknown>>(input: T, phoneFields: readonly string[] = ['phoneNumber']): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) out[k] = typeof v === 'string' && v.trim() === '' ? null : v;
  for (const f of phoneFields) {
    const v = out[f];
    if (typeof v === 'string') {
      const e164 = toE164(v);
      if (!e164) throw badRequest(ManagementKey.Phone, f);
      out[f] = e164;
    }
  }
  return out as T;
}

/** The constraint name of a unique violation (PostgreSQL and PGlite, wrapped or not), else null. */
export function uniqueViolation(err: unknown): string | null {
  for (let e: unknown = err, i = 0; e && typeof e === 'object' && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const x = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (x.code === '23505') return typeof x.constraint === 'string' ? x.constraint : String(x.message ?? 'unique');
  }
  return null;
}

/** 409 with the name-in-use or code-in-use message. */
export function conflict(kind: 'name' | 'code' | 'email'): AppError {
  const code = kind === 'code' ? ManagementKey.CodeInUse : kind === 'email' ? ManagementKey.EmailInUse : ManagementKey.NameInUse;
  return new AppError(409, code, {}, kind);
}

/** Runs a write; a unique violation becomes 409 (code / email / name by the constraint's name). */
export async function withConflicts<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const c = uniqueViolation(err);
    if (c) throw conflict(/code/.test(c) ? 'code' : /email/.test(c) ? 'email' : 'name');
    throw err;
  }
}

const abbreviations = new Map<string, { minute: number; name: string }>();

/**
 * `zoneAbbreviation(zone)` (contract) at the instant `now` (ms), computed once per zone and UTC
 * minute: luxon builds an Intl.DateTimeFormat for every abbreviation (about 0.2 ms), far too slow
 * for lists and exports of thousands of rows. Time-zone transitions fall on whole minutes, so the
 * answer is always the contract's.
 */
export function zoneAbbreviationNow(zone: string, now: number = Date.now()): string {
  const minute = Math.floor(now / 60_000);
  const hit = abbreviations.get(zone);
  if (hit && hit.minute === minute) return hit.name;
  const name = zoneAbbreviation(zone, new Date(now));
  if (abbreviations.size > 2_000) abbreviations.clear();
  abbreviations.set(zone, { minute, name });
  return name;
}

/** Escapes LIKE wildcards in user text. */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

/** Rows fetched per page of a CSV export. */
export const CSV_BATCH = 2000;

/** One page of a CSV export: its rows and the sort key of its last row (null after the last page). */
export interface CsvPage<K> {
  rows: unknown[][];
  next: K | null;
}

/**
 * Streams a CSV file: a header row, then the rows of `fetchPage(after, limit)` page by page
 * through csv-stringify with back-pressure, so memory stays flat for any size.
 *
 * Keyset paging: `after` is null for the first page, then the `next` key the previous page gave
 * (the sort key of its last row); the list query continues with rows after that key in its ORDER
 * BY, so each page is one index range and an export of N rows costs O(N) — OFFSET paging re-read
 * every earlier row on each page, O(N²). A page shorter than `limit` (or `next` null) ends the
 * file. Fetching stops when the client goes away. A database error after the header aborts the
 * response (the client sees a truncated download, never a 200 with a silent gap).
 */
export function sendCsv<K>(
  reply: FastifyReply,
  filename: string,
  header: string[],
  fetchPage: (after: K | null, limit: number) => Promise<CsvPage<K>>,
) {
  const out = stringify({ header: true, columns: header, bom: true });
  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        resolve();
      };
      out.on('drain', done);
      out.on('close', done);
    });
  void (async () => {
    try {
      for (let after: K | null = null; ;) {
        const page: CsvPage<K> = await fetchPage(after, CSV_BATCH);
        for (const row of page.rows) {
          if (out.destroyed) return;
          if (!out.write(row)) await drained();
        }
        if (page.rows.length < CSV_BATCH || page.next == null || out.destroyed) break;
        after = page.next;
      }
      out.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(out);
}

/** Sort key of the lists ordered by name then id (branches, regions, security offices, organisations). */
export interface NameKey {
  name: string;
  id: number;
}

/** The keyset condition `(name, id) > (after.name, after.id)` of a list ordered by name then id; none without `after`. */
export function afterNameKey(name: AnyColumn, id: AnyColumn, after: NameKey | null | undefined): SQL[] {
  return after ? [sql`(${name}, ${id}) > (${after.name}, ${after.id}::int)`] : [];
}

/** A CSV page of `list` (already in the list order): its rows and the key of its last item. */
export function csvPage<R, K>(list: readonly R[], toRow: (r: R) => unknown[], keyOf: (r: R) => K): CsvPage<K> {
  const last = list[list.length - 1];
  return { rows: list.map(toRow), next: last === undefined ? null : keyOf(last) };
}

/** Name of an office's own week schedule / holiday template (replaced in place on later edits). */
const ownName = (kind: 'schedule' | 'holidays', scope: string) => `${kind === 'schedule' ? 'Schedule' : 'Holidays'} of ${scope}`;

/** Saves `days` as the office's own week schedule; returns its id (null when no day is open). */
export async function saveWeekSchedule(
  db: Db,
  organizationId: number,
  scope: string,
  currentId: number | null,
  days: WeekScheduleDay[],
): Promise<number | null> {
  if (days.length === 0) return null;
  const seen = new Set<number>();
  for (const d of days) {
    if (seen.has(d.weekday)) throw badRequest(ErrorCode.BadRequest, 'days');
    seen.add(d.weekday);
  }
  const name = ownName('schedule', scope);
  let id: number | null = null;
  if (currentId) {
    const [cur] = await db
      .select({ id: weekSchedules.id, name: weekSchedules.name })
      .from(weekSchedules)
      .where(eq(weekSchedules.id, currentId));
    if (cur?.name === name) id = cur.id;
  }
  if (id == null)
    [{ id }] = (await db.insert(weekSchedules).values({ organizationId, name }).returning({ id: weekSchedules.id })) as [{ id: number }];
  await db.delete(weekScheduleDays).where(eq(weekScheduleDays.weekScheduleId, id));
  await db
    .insert(weekScheduleDays)
    .values(days.map((d) => ({ weekScheduleId: id!, weekday: d.weekday, opensAt: d.opensAt, closesAt: d.closesAt })));
  return id;
}

/** Saves `list` as the office's own holiday template; returns its id (null when empty). */
export async function saveHolidays(
  db: Db,
  organizationId: number,
  scope: string,
  currentId: number | null,
  list: Holiday[],
): Promise<number | null> {
  if (list.length === 0) return null;
  const name = ownName('holidays', scope);
  let id: number | null = null;
  if (currentId) {
    const [cur] = await db
      .select({ id: holidayTemplates.id, name: holidayTemplates.name })
      .from(holidayTemplates)
      .where(eq(holidayTemplates.id, currentId));
    if (cur?.name === name) id = cur.id;
  }
  if (id == null)
    [{ id }] = (await db.insert(holidayTemplates).values({ organizationId, name }).returning({ id: holidayTemplates.id })) as [
      { id: number },
    ];
  await db.delete(holidays).where(eq(holidays.holidayTemplateId, id));
  const unique = new Map(list.map((h) => [h.day, h]));
  await db.insert(holidays).values([...unique.values()].map((h) => ({ holidayTemplateId: id!, day: h.day, name: h.name })));
  return id;
}

/** The days of a week schedule and the holidays of a template, for the detail calls. */
export async function readSchedule(db: Db, weekScheduleId: number | null, holidayTemplateId: number | null) {
  const days = weekScheduleId
    ? await db
        .select()
        .from(weekScheduleDays)
        .where(eq(weekScheduleDays.weekScheduleId, weekScheduleId))
        .orderBy(asc(weekScheduleDays.weekday))
    : [];
  const hol = holidayTemplateId
    ? await db.select().from(holidays).where(eq(holidays.holidayTemplateId, holidayTemplateId)).orderBy(asc(holidays.day))
    : [];
  return {
    WeekSchedule: days.map((d) => ({ weekday: d.weekday, opensAt: d.opensAt.slice(0, 5), closesAt: d.closesAt.slice(0, 5) })),
    HolidaysTemplate: hol.map((h) => ({ day: h.day, name: h.name })),
  };
}

/** Timer columns from a timers request ('' auto-close = never). */
export function timersOf(t: {
  openingTimer: number;
  closingTimer: number;
  servicingTimer: number;
  autoCloseTime?: string | null | undefined;
}) {
  return {
    openingTimer: t.openingTimer,
    closingTimer: t.closingTimer,
    servicingTimer: t.servicingTimer,
    autoCloseTime: t.autoCloseTime ? t.autoCloseTime : null,
  };
}

/** Names of organisations by id (for presenting Managing lists). */
export async function organizationNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const list = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(inArray(organizations.id, ids)));
  return new Map(list.map((o) => [o.id, o.name]));
}
