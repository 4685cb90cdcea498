/**
 * Branch office queries, always under the caller's scope (spec §7 getofficesv2, getbranchbyidv2;
 * the branch of every mobile action and console branch action).
 */
import { and, asc, eq, getTableColumns, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ErrorCode, type BranchTaskFields, type ChecklistTemplateData, type LastTaskData } from '@vigil/contract';
import { rows as sqlRows, type Db } from '../../db/client.js';
import { compiledNamedRows } from '../../lib/named-query.js';
import { branchOffices, branchOfficeTypes, offices, OfficeType, organizations, securityOffices } from '../../db/schema/index.js';
import { branchScope } from '../../plugins/authorization.js';
import { badRequest, notFound } from '../../plugins/errors.js';
import { conflict } from '../../lib/writes.js';
import type { AuthContext } from '../../plugins/session.js';
import { afterNameKey, likePattern, type NameKey } from '../../lib/list-query.js';

export interface BranchListFilter {
  organizationId?: number;
  regionalOfficeId?: number;
  search?: string;
  statusId?: number;
  branchOfficeTypeId?: number;
  securityOfficeId?: number;
  testMode?: boolean;
  /** One branch (the detail call). */
  branchOfficeId?: number;
  offset: number;
  limit: number;
  /** Keyset paging (exports): only branches after this key in the list order (name, id). */
  after?: NameKey | null;
  /** false skips counting the matches (`total` is then 0): exports need no total. Default true. */
  count?: boolean;
}

/**
 * Branches the user may see, filtered, ordered by name then id and paged (offset/limit, or keyset
 * with `after`); `total` counts all matches unless `count` is false.
 */
export async function listBranches(db: Db, auth: AuthContext, f: BranchListFilter) {
  const rows = await db
    .select({
      b: branchOffices,
      organizationName: organizations.name,
      regionalOfficeName: offices.name,
      typeDisplay: branchOfficeTypes.display,
      securityOfficeName: securityOffices.name,
      total: f.count === false ? sql<number>`0`.mapWith(Number) : sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(branchOffices)
    .innerJoin(organizations, eq(organizations.id, branchOffices.organizationId))
    .innerJoin(branchOfficeTypes, eq(branchOfficeTypes.id, branchOffices.branchOfficeTypeId))
    .leftJoin(offices, eq(offices.id, branchOffices.regionalOfficeId))
    .leftJoin(securityOffices, eq(securityOffices.id, branchOffices.securityOfficeId))
    .where(and(...branchFilters(auth, f)))
    .orderBy(asc(branchOffices.name), asc(branchOffices.id))
    .offset(f.offset)
    .limit(f.limit);
  return { rows, total: rows[0]?.total ?? 0 };
}
export type BranchListRow = Awaited<ReturnType<typeof listBranches>>['rows'][number];

/**
 * The branch columns a board row shows (spec §3 Branch office; presentBranch). `branchActionAt` is
 * a Date from the query builder, the driver's text from a raw query (zone-time.ts iso() takes both).
 */
export type BoardBranchFields = { branchActionAt: Date | string | null } & Pick<
  Branch,
  | 'id'
  | 'organizationId'
  | 'regionalOfficeId'
  | 'name'
  | 'code'
  | 'address'
  | 'city'
  | 'state'
  | 'zipCode'
  | 'country'
  | 'phoneNumber'
  | 'email'
  | 'latitude'
  | 'longitude'
  | 'statusId'
  | 'testMode'
  | 'testNote'
  | 'branchAction'
  | 'branchOfficeTypeId'
  | 'timeZone'
  | 'securityOfficeId'
  | 'geofenceRadius'
>;

/** The names a branch row carries from the rows it refers to. */
export interface BranchRowNames {
  organizationName: string;
  regionalOfficeName: string | null;
  typeDisplay: string;
  securityOfficeName: string | null;
}

/** A row of `boardBranches`: one flat object per branch. */
export type BoardBranchRow = BoardBranchFields & BranchRowNames;

/**
 * The columns of `boardBranches`, each under the name BoardBranchFields and BranchRowNames give it,
 * so that the driver's rows are the answer's rows as they come. Typed by those names: a field added
 * to the types without its column here does not compile.
 */
const BOARD_COLUMNS: Record<keyof BoardBranchRow, AnyPgColumn> = {
  id: branchOffices.id,
  organizationId: branchOffices.organizationId,
  regionalOfficeId: branchOffices.regionalOfficeId,
  name: branchOffices.name,
  code: branchOffices.code,
  address: branchOffices.address,
  city: branchOffices.city,
  state: branchOffices.state,
  zipCode: branchOffices.zipCode,
  country: branchOffices.country,
  phoneNumber: branchOffices.phoneNumber,
  email: branchOffices.email,
  latitude: branchOffices.latitude,
  longitude: branchOffices.longitude,
  statusId: branchOffices.statusId,
  testMode: branchOffices.testMode,
  testNote: branchOffices.testNote,
  branchAction: branchOffices.branchAction,
  branchActionAt: branchOffices.branchActionAt,
  branchOfficeTypeId: branchOffices.branchOfficeTypeId,
  timeZone: branchOffices.timeZone,
  securityOfficeId: branchOffices.securityOfficeId,
  geofenceRadius: branchOffices.geofenceRadius,
  organizationName: organizations.name,
  regionalOfficeName: offices.name,
  typeDisplay: branchOfficeTypes.display,
  securityOfficeName: securityOffices.name,
};

/** The select list of `boardBranches` (BOARD_COLUMNS, each `column as "name"`). */
const BOARD_SELECT = sql.join(
  Object.entries(BOARD_COLUMNS).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
  sql`, `,
);

/**
 * The branch board's page (getofficesv2 GET-ALL-BRANCH-OFFICES; also getofficesformap): the
 * branches `listBranches` finds for the same filter, in the same order, with only the columns a
 * board row shows, as the driver's rows (`total` counts every match unless `count` is false).
 * The board of a security office monitoring 5,000 branches is read again after every branch
 * action while events arrive, and at each sign-in: mapping each row through the query builder
 * (every column of the branch, each field checked for its kind and decoded) cost more than the
 * query. A cold 5,000-branch board went from 200-330 ms to 115-215 ms on the server (issue 20).
 * Errors: the database's.
 */
export async function boardBranches(db: Db, auth: AuthContext, f: BranchListFilter): Promise<{ rows: BoardBranchRow[]; total: number }> {
  const found = await sqlRows<BoardBranchRow & { total: number }>(
    db,
    sql`select ${BOARD_SELECT}, ${f.count === false ? sql`0` : sql`count(*) over ()`}::int as total
      from ${branchOffices}
      join ${organizations} on ${organizations.id} = ${branchOffices.organizationId}
      join ${branchOfficeTypes} on ${branchOfficeTypes.id} = ${branchOffices.branchOfficeTypeId}
      left join ${offices} on ${offices.id} = ${branchOffices.regionalOfficeId}
      left join ${securityOffices} on ${securityOffices.id} = ${branchOffices.securityOfficeId}
      where ${and(...branchFilters(auth, f))}
      order by ${branchOffices.name}, ${branchOffices.id}
      offset ${f.offset} limit ${f.limit}`,
  );
  return { rows: found, total: found[0]?.total ?? 0 };
}

/** The conditions of a branch list: the user's scope and the filter's fields. */
function branchFilters(auth: AuthContext, f: BranchListFilter): SQL[] {
  const where: SQL[] = [branchScope(auth)];
  if (f.organizationId) where.push(eq(branchOffices.organizationId, f.organizationId));
  if (f.regionalOfficeId) where.push(eq(branchOffices.regionalOfficeId, f.regionalOfficeId));
  if (f.statusId) where.push(eq(branchOffices.statusId, f.statusId));
  if (f.branchOfficeTypeId) where.push(eq(branchOffices.branchOfficeTypeId, f.branchOfficeTypeId));
  if (f.securityOfficeId) where.push(eq(branchOffices.securityOfficeId, f.securityOfficeId));
  if (f.testMode !== undefined) where.push(eq(branchOffices.testMode, f.testMode));
  if (f.branchOfficeId) where.push(eq(branchOffices.id, f.branchOfficeId));
  if (f.search) {
    const pattern = likePattern(f.search);
    where.push(or(ilike(branchOffices.name, pattern), ilike(branchOffices.code, pattern))!);
  }
  where.push(...afterNameKey(branchOffices.name, branchOffices.id, f.after));
  return where;
}

/** A branch office row. */
export type Branch = typeof branchOffices.$inferSelect;

/** The columns of a branch office row, each named by its field (`Branch`): the select list of `branchInScope`. */
const BRANCH_FIELDS = Object.entries(getTableColumns(branchOffices));
const BRANCH_SELECT = sql.join(
  BRANCH_FIELDS.map(([field, column]) => sql`${column} as ${sql.identifier(field)}`),
  sql`, `,
);

/** A row of BRANCH_SELECT as `db.select().from(branchOffices)` gives it: each value through its column's mapping (timestamps as Date). */
function branchFromRow(row: Record<string, unknown>): Branch {
  const branch: Record<string, unknown> = {};
  for (const [field, column] of BRANCH_FIELDS) {
    const value = row[field];
    branch[field] = value == null ? null : column.mapFromDriverValue(value);
  }
  return branch as Branch;
}

/**
 * The branch lookup of a role, compiled once per role and per whether the user has an
 * organisation (the scope's shape depends on nothing else; lib/named-query.ts compiledNamedRows).
 * Placeholders: `branchOfficeId`, `userId`, `organizationId`.
 */
const branchLookups = new Map<string, (db: Db, values: Record<string, unknown>) => Promise<Record<string, unknown>[]>>();
function branchLookup(auth: AuthContext) {
  const key = `${auth.roleId}:${auth.organizationId == null ? 'none' : 'organisation'}`;
  let lookup = branchLookups.get(key);
  if (!lookup) {
    const scope = branchScope({
      roleId: auth.roleId,
      organizationId: auth.organizationId == null ? null : sql.placeholder('organizationId'),
      userId: sql.placeholder('userId'),
    });
    lookup = compiledNamedRows<Record<string, unknown>>(
      sql`select ${BRANCH_SELECT} from ${branchOffices} where ${branchOffices.id} = ${sql.placeholder('branchOfficeId')} and ${scope} limit 1`,
    );
    branchLookups.set(key, lookup);
  }
  return lookup;
}

/**
 * The branch `branchOfficeId` if the user may see it: the lookup of every mobile action and
 * console branch action. A named statement compiled once per role (branchLookup), so it is
 * planned once per connection and no SQL is built per call; on PGlite, where each plan is made in
 * WebAssembly, it was the embedded database's dearest statement under 200 alarms/s (2.4 ms per
 * call, issue 20).
 * @throws 404 otherwise (existence of others is not revealed).
 */
export async function branchInScope(db: Db, auth: AuthContext, branchOfficeId: number): Promise<Branch> {
  const [row] = await branchLookup(auth)(db, { branchOfficeId, userId: auth.userId, organizationId: auth.organizationId });
  if (!row) throw notFound();
  return branchFromRow(row);
}

/** Every branch office type, by id (getknownoperators). */
export function branchTypes(db: Db) {
  return db.select().from(branchOfficeTypes).orderBy(asc(branchOfficeTypes.id));
}

/** The references and name of a branch form (getbranchbyidv2 / addbranchoffice / UPDATE-BRANCH-OFFICE-DETAILS). */
export interface BranchReferences {
  name: string;
  regionalOfficeId?: number | null | undefined;
  branchOfficeTypeId: number;
  securityOfficeId?: number | null | undefined;
}

/**
 * Checks the references of branch details and the unique name: the region of the same
 * organisation, an existing type and security office, no other branch of the organisation with
 * the name (any case; `selfId` is the branch being updated).
 * @throws 400 errors.badRequest with the field of a bad reference, 409 management.errors.nameInUse.
 */
export async function checkBranchReferences(db: Db, organizationId: number, d: BranchReferences, selfId: number | null) {
  if (d.regionalOfficeId) {
    const [r] = await db
      .select({ id: offices.id })
      .from(offices)
      .where(
        and(
          eq(offices.id, d.regionalOfficeId),
          eq(offices.organizationId, organizationId),
          eq(offices.officeTypeId, OfficeType.RegionalOffice),
        ),
      );
    if (!r) throw badRequest(ErrorCode.BadRequest, 'regionalOfficeId');
  }
  const [t] = await db.select({ id: branchOfficeTypes.id }).from(branchOfficeTypes).where(eq(branchOfficeTypes.id, d.branchOfficeTypeId));
  if (!t) throw badRequest(ErrorCode.BadRequest, 'branchOfficeTypeId');
  if (d.securityOfficeId) {
    const [s] = await db.select({ id: securityOffices.id }).from(securityOffices).where(eq(securityOffices.id, d.securityOfficeId));
    if (!s) throw badRequest(ErrorCode.BadRequest, 'securityOfficeId');
  }
  const same = await db
    .select({ id: branchOffices.id })
    .from(branchOffices)
    .where(
      and(
        eq(branchOffices.organizationId, organizationId),
        sql`lower(${branchOffices.name}) = lower(${d.name})`,
        selfId ? ne(branchOffices.id, selfId) : sql`true`,
      ),
    )
    .limit(1);
  if (same.length) throw conflict('name');
}

/**
 * The task lists of a branch (spec §3 ChecklistTemplatesData, LastTask): the templates assigned to
 * it, by name, with their item count and expected total (seconds), and its latest task.
 */
export async function branchTaskFields(db: Db, branchOfficeId: number): Promise<BranchTaskFields> {
  const templates = await sqlRows<ChecklistTemplateData>(
    db,
    sql`select t.id as "TemplateAutoId", t.name, t.tasking_type as "TaskingType",
          (select count(*)::int from task_list_template_details d where d.template_id = t.id) as "Items",
          (select coalesce(sum(d.time_interval), 0)::int from task_list_template_details d where d.template_id = t.id) as "ExpectedSeconds"
        from task_list_assignments a join task_list_templates t on t.id = a.template_id
        where a.branch_office_id = ${branchOfficeId} order by lower(t.name), t.id`,
  );
  const [last] = await sqlRows<
    Omit<LastTaskData, 'StartedAtUTC' | 'EndedAtUTC'> & { started: Date | string | null; ended: Date | string | null }
  >(
    db,
    sql`select k.id as "TaskId", k.template_name as "TemplateName", k.tasking_type as "TaskingType", k.status as "Status",
          coalesce(k.started_at, k.activated_at) as started, k.ended_at as ended,
          (select count(*)::int from task_items i where i.task_id = k.id and i.ended_at is not null) as "Done",
          (select count(*)::int from task_items i where i.task_id = k.id) as "Total"
        from tasks k where k.branch_office_id = ${branchOfficeId}
        order by coalesce(k.started_at, k.activated_at) desc nulls last, k.id desc limit 1`,
  );
  const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());
  return {
    ChecklistTemplatesData: templates,
    LastTask: last
      ? {
          TaskId: last.TaskId,
          TemplateName: last.TemplateName,
          TaskingType: last.TaskingType,
          Status: last.Status,
          StartedAtUTC: iso(last.started),
          EndedAtUTC: iso(last.ended),
          Done: last.Done,
          Total: last.Total,
        }
      : null,
  };
}
