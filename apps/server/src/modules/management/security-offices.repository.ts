/**
 * Security office queries (spec §3 Security office): the client's list (offices monitoring its
 * organisations; for security-office staff their own offices) and the admin's (every office).
 */
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { formatPhoneInternational, RoleId, statusLabel, type SecurityOfficeRow } from '@vigil/contract';
import type { Db } from '../../db/client.js';
import { organizations, organizationSecurityOffices, securityOffices, users, worksIn } from '../../db/schema/index.js';
import { organizationIdsSubquery } from '../../plugins/authorization.js';
import type { AuthContext } from '../../plugins/session.js';
import { afterNameKey, likePattern, type NameKey } from '../../lib/list-query.js';

/** SQL condition on `security_offices` a client user may see; null auth = platform admin (all). */
function securityOfficeScope(auth: AuthContext | null): SQL {
  if (!auth) return sql`true`;
  if (auth.roleId === RoleId.SecurityOfficer || auth.roleId === RoleId.SecurityOperator) {
    return sql`${securityOffices.id} in (select security_office_id from works_in where user_id = ${auth.userId} and security_office_id is not null)`;
  }
  return sql`${securityOffices.id} in (select security_office_id from organization_security_offices where organization_id in (${organizationIdsSubquery(auth)}))`;
}

/**
 * Security offices in scope, filtered, ordered by name then id and paged (offset/limit, or keyset
 * with `after` for exports), with Managing and Admins; `total` counts every match unless `count` is false.
 */
export async function listSecurityOffices(
  db: Db,
  auth: AuthContext | null,
  f: {
    organizationId?: number | null;
    statusId?: number;
    search?: string;
    offset: number;
    limit: number;
    securityOfficeId?: number;
    after?: NameKey | null;
    count?: boolean;
  },
) {
  const where: SQL[] = [securityOfficeScope(auth), ...afterNameKey(securityOffices.name, securityOffices.id, f.after)];
  if (f.organizationId)
    where.push(
      sql`${securityOffices.id} in (select security_office_id from organization_security_offices where organization_id = ${f.organizationId})`,
    );
  if (f.statusId) where.push(eq(securityOffices.statusId, f.statusId));
  if (f.securityOfficeId) where.push(eq(securityOffices.id, f.securityOfficeId));
  if (f.search) where.push(or(ilike(securityOffices.name, likePattern(f.search)), ilike(securityOffices.code, likePattern(f.search)))!);
  const total = f.count === false ? sql<number>`0`.mapWith(Number) : sql<number>`count(*) over ()`.mapWith(Number);
  const list = await db
    .select({ s: securityOffices, total })
    .from(securityOffices)
    .where(and(...where))
    .orderBy(asc(securityOffices.name), asc(securityOffices.id))
    .offset(f.offset)
    .limit(f.limit);
  const ids = list.map((r) => r.s.id);
  const managing = ids.length
    ? await db
        .select({ soId: organizationSecurityOffices.securityOfficeId, id: organizations.id, name: organizations.name })
        .from(organizationSecurityOffices)
        .innerJoin(organizations, eq(organizations.id, organizationSecurityOffices.organizationId))
        .where(
          and(
            inArray(organizationSecurityOffices.securityOfficeId, ids),
            auth ? sql`${organizations.id} in (${organizationIdsSubquery(auth)})` : sql`true`,
          ),
        )
        .orderBy(asc(organizations.name))
    : [];
  const admins = ids.length
    ? await db
        .select({
          soId: worksIn.securityOfficeId,
          u: {
            id: users.id,
            name: users.name,
            surname: users.surname,
            email: users.email,
            phoneNumber: users.phoneNumber,
            statusId: users.statusId,
          },
        })
        .from(worksIn)
        .innerJoin(users, eq(users.id, worksIn.userId))
        .where(inArray(worksIn.securityOfficeId, ids))
        .orderBy(asc(users.surname), asc(users.name))
    : [];
  const rows: SecurityOfficeRow[] = list.map(({ s }) => ({
    SecurityOfficeId: s.id,
    Name: s.name,
    Code: s.code,
    Address: s.address,
    City: s.city,
    State: s.state,
    ZipCode: s.zipCode,
    Country: s.country,
    PhoneNumber: s.phoneNumber,
    Email: s.email,
    Latitude: s.latitude,
    Longitude: s.longitude,
    TimeZone: s.timeZone,
    IsMonitoring: s.isMonitoring,
    StatusId: s.statusId,
    Status: statusLabel(s.statusId),
    Managing: managing.filter((m) => m.soId === s.id).map((m) => ({ OrganizationId: m.id, OrganizationName: m.name })),
    Admins: admins
      .filter((a) => a.soId === s.id)
      .map(({ u }) => ({
        AdminId: u.id,
        AdminName: u.name,
        AdminSurname: u.surname,
        AdminEmail: u.email,
        AdminPhoneNumber: u.phoneNumber,
        StatusId: u.statusId,
      })),
  }));
  return { rows, total: list[0]?.total ?? 0 };
}

/** Column header of the security office CSV export. */
export const SECURITY_OFFICE_CSV_HEADER = [
  'Id',
  'Name',
  'Code',
  'Address',
  'City',
  'State',
  'ZipCode',
  'Country',
  'PhoneNumber',
  'Email',
  'Monitoring',
  'Status',
  'Managing',
];

/** The keyset of a security office row (to continue an export after it). */
export const securityOfficeKey = (s: SecurityOfficeRow): NameKey => ({ name: s.Name, id: s.SecurityOfficeId });

/** One CSV row of a security office. */
export function securityOfficeCsvRow(s: SecurityOfficeRow): unknown[] {
  return [
    s.SecurityOfficeId,
    s.Name,
    s.Code,
    s.Address,
    s.City,
    s.State,
    s.ZipCode,
    s.Country,
    formatPhoneInternational(s.PhoneNumber),
    s.Email,
    s.IsMonitoring,
    s.Status,
    s.Managing.map((m) => m.OrganizationName).join('; '),
  ];
}
