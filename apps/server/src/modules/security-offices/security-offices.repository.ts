/**
 * Security office queries and writes (spec §3 Security office): the client's list (offices
 * monitoring its organisations; for security-office staff their own offices, securityOfficeScope)
 * and the admin's (every office); the office row and its monitored organisations.
 */
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { ErrorCode, type SecurityOfficeRow, type ZSecurityOfficeDetails } from '@vigil/contract';
import type { Db } from '../../db/client.js';
import { organizations, organizationSecurityOffices, securityOffices, users, worksIn } from '../../db/schema/index.js';
import { organizationIdsSubquery, securityOfficeScope, securityOfficeStaffScope } from '../../plugins/authorization.js';
import { badRequest } from '../../plugins/errors.js';
import type { AuthContext } from '../../plugins/session.js';
import { afterNameKey, likePattern, type NameKey } from '../../lib/list-query.js';
import { officeColumns } from '../../lib/offices.js';
import { presentSecurityOffice } from './security-offices.presenter.js';

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
        .where(and(inArray(worksIn.securityOfficeId, ids), securityOfficeStaffScope(auth)))
        .orderBy(asc(users.surname), asc(users.name))
    : [];
  const rows: SecurityOfficeRow[] = list.map(({ s }) =>
    presentSecurityOffice(
      s,
      managing.filter((m) => m.soId === s.id),
      admins.filter((a) => a.soId === s.id).map((a) => a.u),
    ),
  );
  return { rows, total: list[0]?.total ?? 0 };
}

/** Column values of the security office form: an office's details (lib/offices.ts officeColumns) and isMonitoring. */
export function securityOfficeColumns(d: z.output<typeof ZSecurityOfficeDetails>) {
  return { ...officeColumns(d), isMonitoring: d.isMonitoring };
}

/** Ids of the organisations a security office monitors. */
export async function monitoredOrganizationIds(db: Db, securityOfficeId: number): Promise<number[]> {
  const list = await db
    .select({ id: organizationSecurityOffices.organizationId })
    .from(organizationSecurityOffices)
    .where(eq(organizationSecurityOffices.securityOfficeId, securityOfficeId));
  return list.map((o) => o.id);
}

/** 400 errors.badRequest (field organizationIds) unless every id is an organisation. */
export async function assertOrganizationsExist(db: Db, organizationIds: readonly number[]): Promise<void> {
  const ids = [...new Set(organizationIds)];
  if (ids.length === 0) return;
  const found = await db.select({ id: organizations.id }).from(organizations).where(inArray(organizations.id, ids));
  if (found.length !== ids.length) throw badRequest(ErrorCode.BadRequest, 'organizationIds');
}

/** Replaces the organisations a security office monitors (ids checked by assertOrganizationsExist). */
export async function setMonitoredOrganizations(db: Db, securityOfficeId: number, organizationIds: readonly number[]): Promise<void> {
  const ids = [...new Set(organizationIds)];
  await db.delete(organizationSecurityOffices).where(eq(organizationSecurityOffices.securityOfficeId, securityOfficeId));
  if (ids.length) await db.insert(organizationSecurityOffices).values(ids.map((organizationId) => ({ organizationId, securityOfficeId })));
}
