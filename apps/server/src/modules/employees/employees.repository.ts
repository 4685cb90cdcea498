/**
 * Employee list queries (spec §7 getallemployees, getemployee, getbranchemployees; §3 User): one
 * page of users with their WorksIn, under the caller's scope (employeeScope) or every user for the
 * platform admin; the people working at a branch.
 */
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  formatPhoneInternational,
  roleById,
  statusLabel,
  type BranchEmployeeRow,
  type EmployeeRow,
  type WorksInEntry,
} from '@vigil/contract';
import type { Db } from '../../db/client.js';
import { compactRows, namedRows, pageSql } from '../../lib/named-query.js';
import { branchOffices, users, worksIn } from '../../db/schema/index.js';
import { branchScope, employeeScope } from '../../plugins/authorization.js';
import type { AuthContext } from '../../plugins/session.js';
import type { CsvPage } from '../../lib/csv.js';
import { likePattern } from '../../lib/list-query.js';
import { zoneAbbreviationNow } from '../../lib/time-zones.js';

/** Sort key of the employee list (its ORDER BY u.surname, u.name, u.id) for keyset paging. */
export interface EmployeeKey {
  surname: string;
  name: string;
  id: number;
}

/** Filters of the employee list. */
export interface EmployeeFilter {
  organizationId?: number | null;
  roleId?: number;
  statusId?: number;
  regionalOfficeId?: number;
  branchOfficeId?: number;
  search?: string;
  employeeId?: number;
  offset: number;
  limit: number;
  /** Keyset paging (exports): only rows after this key in the list order. */
  after?: EmployeeKey | null;
  /** false skips counting the matches (`total` is then 0): exports need no total. Default true. */
  count?: boolean;
}

/**
 * The text the employee search matches: "name surname", e-mail, phone and number joined by
 * chr(1), which nobody types, so a match never spans two fields. `text ILIKE '%q%'` is then
 * exactly "q is in the name, the surname, "name surname", the e-mail, the phone or the number".
 * The same expression is indexed by users_search_trgm_idx (pg_trgm, db/schema/people.ts), which
 * answers such ILIKEs from the index; keep the two identical.
 */
const SEARCH_TEXT = sql`(u.name || ' ' || u.surname || chr(1) || u.email || chr(1) || coalesce(u.phone_number, '') || chr(1) || coalesce(u.number, ''))`;

interface UserRow {
  id: number;
  name: string;
  surname: string;
  email: string;
  phone_number: string | null;
  number: string | null;
  role_id: number;
  status_id: number;
  organization_id: number | null;
  organization_name: string | null;
  last_login: string | Date | null;
  lang_id: string;
  geofence_validation: boolean;
  address: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  country: string | null;
  carrier_name: string | null;
  carrier_domain: string | null;
}
interface WorksInRow {
  user_id: number;
  regional_office_id: number | null;
  regional_office_name: string | null;
  branch_office_id: number | null;
  branch_office_name: string | null;
  security_office_id: number | null;
  security_office_name: string | null;
  time_zone: string | null;
}

/**
 * A page of employees in scope (auth null = platform admin: everyone), ordered by surname, name,
 * id, with their WorksIn; `total` counts every match (a separate count query, run alongside the
 * page, so the page itself is an index range of users_org_idx and stops after `limit` rows).
 */
export async function listEmployees(db: Db, auth: AuthContext | null, f: EmployeeFilter): Promise<{ rows: EmployeeRow[]; total: number }> {
  const where: SQL[] = [auth ? employeeScope(auth) : sql`true`];
  if (f.organizationId) where.push(sql`u.organization_id = ${f.organizationId}`);
  if (f.roleId) where.push(sql`u.role_id = ${f.roleId}`);
  if (f.statusId) where.push(sql`u.status_id = ${f.statusId}`);
  if (f.employeeId) where.push(sql`u.id = ${f.employeeId}`);
  if (f.branchOfficeId) where.push(sql`u.id in (select user_id from works_in where branch_office_id = ${f.branchOfficeId})`);
  if (f.regionalOfficeId) {
    // Two index lookups (works in the region itself, or in one of its branches) instead of an OR across a join.
    where.push(sql`u.id in (select user_id from works_in where regional_office_id = ${f.regionalOfficeId}
      union all select w.user_id from works_in w join branch_offices b on b.id = w.branch_office_id where b.regional_office_id = ${f.regionalOfficeId})`);
  }
  if (f.search) where.push(sql`${SEARCH_TEXT} ilike ${likePattern(f.search)}`);
  const filter = sql.join(where, sql` and `);
  const after = f.after ? sql` and (u.surname, u.name, u.id) > (${f.after.surname}, ${f.after.name}, ${f.after.id}::int)` : sql``;
  // Named statements (lib/named-query.ts): on PostgreSQL each shape is planned once per connection.
  // On PGlite the page comes back as one JSON text (compactRows). Its offset and limit as pageSql
  // writes them, so that the statement's generic plan is used.
  const [list, counted] = await Promise.all([
    compactRows<UserRow>(
      db,
      sql`
      select u.id, u.name, u.surname, u.email, u.phone_number, u.number, u.role_id, u.status_id, u.organization_id, o.name as organization_name, u.last_login,
        u.lang_id, u.geofence_validation, u.address, u.city, u.state, u.zip_code, u.country, u.carrier_name, u.carrier_domain
      from users u left join organizations o on o.id = u.organization_id
      where ${filter}${after}
      order by u.surname, u.name, u.id
      ${pageSql(f.offset, f.limit)}`,
      sql`r.surname, r.name, r.id`,
    ),
    f.count === false
      ? Promise.resolve([{ n: 0 }])
      : namedRows<{ n: number | string }>(db, sql`select count(*) as n from users u where ${filter}`),
  ]);
  const ids = list.map((u) => u.id);
  // On PGlite as one JSON text (compactRows): some 30 rows of 8 columns decoded field by field in
  // JavaScript on the database's thread cost more than the query (issue 20).
  const works = ids.length
    ? await compactRows<WorksInRow>(
        db,
        sql`
      select w.id, w.user_id, coalesce(w.regional_office_id, b.regional_office_id) as regional_office_id, coalesce(r.name, br.name) as regional_office_name,
        w.branch_office_id, b.name as branch_office_name, w.security_office_id, s.name as security_office_name,
        coalesce(b.time_zone, r.time_zone, s.time_zone) as time_zone
      from works_in w
      left join branch_offices b on b.id = w.branch_office_id
      left join offices br on br.id = b.regional_office_id
      left join offices r on r.id = w.regional_office_id
      left join security_offices s on s.id = w.security_office_id
      where w.user_id = any(string_to_array(${ids.join(',')}, ',')::int[])
      order by w.id`,
        sql`r.id`,
      )
    : [];
  const byUser = new Map<number, WorksInRow[]>();
  for (const w of works) byUser.set(w.user_id, [...(byUser.get(w.user_id) ?? []), w]);
  return {
    total: Number(counted[0]?.n ?? 0),
    rows: list.map((u) => {
      const mine = byUser.get(u.id) ?? [];
      const zone = mine.find((w) => w.time_zone)?.time_zone ?? 'UTC';
      const WorksIn: WorksInEntry[] = mine.map((w) => ({
        RegionalOfficeId: w.regional_office_id,
        RegionalOfficeName: w.regional_office_name,
        BranchOfficeId: w.branch_office_id,
        BranchOfficeName: w.branch_office_name,
        SecurityOfficeId: w.security_office_id,
        SecurityOfficeName: w.security_office_name,
        OfficeDst: w.time_zone ? zoneAbbreviationNow(w.time_zone) : null,
      }));
      return {
        UserId: u.id,
        Name: u.name,
        Surname: u.surname,
        Email: u.email,
        PhoneNumber: u.phone_number,
        Number: u.number,
        RoleId: u.role_id,
        RoleNameDisplay: roleById(u.role_id)?.RoleNameDisplay ?? String(u.role_id),
        StatusId: u.status_id,
        Status: statusLabel(u.status_id),
        OrganizationId: u.organization_id,
        OrganizationName: u.organization_name,
        LastLogin: u.last_login ? new Date(u.last_login).toISOString() : null,
        OfficeTimeZone: zone,
        WorksIn,
        LangId: u.lang_id,
        GeofenceValidation: u.geofence_validation,
        CarrierInfo: u.carrier_name && u.carrier_domain ? { CarrierName: u.carrier_name, CarrierDomain: u.carrier_domain } : null,
        Address: u.address,
        City: u.city,
        State: u.state,
        ZipCode: u.zip_code,
        Country: u.country,
      };
    }),
  };
}

/** Column header of the employee CSV export. */
export const EMPLOYEE_CSV_HEADER = [
  'Id',
  'Name',
  'Surname',
  'Email',
  'PhoneNumber',
  'Number',
  'Role',
  'Status',
  'Organization',
  'WorksIn',
  'LastLogin',
];

/**
 * One page of the employee CSV export (keyset paging for sendCsv): the employees matching `f`
 * after `after` in the list order, as CSV rows, and the key of the last one.
 */
export async function employeeCsvPage(
  db: Db,
  auth: AuthContext | null,
  f: Omit<EmployeeFilter, 'offset' | 'limit' | 'after' | 'count'>,
  after: EmployeeKey | null,
  limit: number,
): Promise<CsvPage<EmployeeKey>> {
  const { rows: list } = await listEmployees(db, auth, { ...f, offset: 0, limit, after, count: false });
  const last = list[list.length - 1];
  return { rows: list.map(employeeCsvRow), next: last ? { surname: last.Surname, name: last.Name, id: last.UserId } : null };
}

/** One CSV row of an employee. */
export function employeeCsvRow(e: EmployeeRow): unknown[] {
  const works = e.WorksIn.map((w) => w.BranchOfficeName ?? w.RegionalOfficeName ?? w.SecurityOfficeName)
    .filter(Boolean)
    .join('; ');
  return [
    e.UserId,
    e.Name,
    e.Surname,
    e.Email,
    formatPhoneInternational(e.PhoneNumber),
    e.Number,
    e.RoleNameDisplay,
    e.Status,
    e.OrganizationName,
    works,
    e.LastLogin,
  ];
}

/** The branch `branchOfficeId` if in the caller's scope (its id and region), else undefined. */
export async function branchForEmployees(db: Db, auth: AuthContext, branchOfficeId: number) {
  const [b] = await db
    .select({ id: branchOffices.id, regionalOfficeId: branchOffices.regionalOfficeId })
    .from(branchOffices)
    .where(and(eq(branchOffices.id, branchOfficeId), branchScope(auth)))
    .limit(1);
  return b;
}

/**
 * The people who work at a branch: WorksIn the branch itself or its region (`regionalOfficeId`,
 * null when the branch has none), each once, by surname then name.
 */
export async function listBranchEmployees(db: Db, branch: { id: number; regionalOfficeId: number | null }): Promise<BranchEmployeeRow[]> {
  const worksHere = branch.regionalOfficeId
    ? or(eq(worksIn.branchOfficeId, branch.id), eq(worksIn.regionalOfficeId, branch.regionalOfficeId))
    : eq(worksIn.branchOfficeId, branch.id);
  const list = await db
    .selectDistinct({
      UserId: users.id,
      Name: users.name,
      Surname: users.surname,
      Email: users.email,
      PhoneNumber: users.phoneNumber,
      RoleId: users.roleId,
      StatusId: users.statusId,
    })
    .from(users)
    .innerJoin(worksIn, eq(worksIn.userId, users.id))
    .where(worksHere)
    .orderBy(asc(users.surname), asc(users.name));
  return list.map((u) => ({
    ...u,
    RoleNameDisplay: roleById(u.RoleId)?.RoleNameDisplay ?? String(u.RoleId),
    Status: statusLabel(u.StatusId),
  }));
}
