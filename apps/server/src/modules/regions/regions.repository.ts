/** Regional office queries (spec §3 Regional office; §7 getoffices GET-REGIONAL-OFFICES), always under the caller's region scope. */
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { OfficeRow } from '@vigil/contract';
import type { Db } from '../../db/client.js';
import { offices, OfficeType, organizations } from '../../db/schema/index.js';
import { regionScope } from '../../plugins/authorization.js';
import { notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../plugins/session.js';
import { afterNameKey, likePattern, type NameKey } from '../../lib/list-query.js';
import { presentOffice, type OfficeSelect } from '../../lib/offices.js';

/** Filters of the regional office list. */
export interface RegionFilter {
  organizationId?: number | null;
  statusId?: number;
  search?: string;
  offset: number;
  limit: number;
  /** Keyset paging (exports): only offices after this key in the list order (name, id). */
  after?: NameKey | null;
  /** false skips counting the matches (`total` is then 0). Default true. */
  count?: boolean;
}

/**
 * Regional offices in scope, filtered, ordered by name then id and paged (offset/limit, or keyset
 * with `after` for exports); `total` counts every match unless `count` is false.
 */
export async function listRegions(db: Db, auth: AuthContext, f: RegionFilter): Promise<{ rows: OfficeRow[]; total: number }> {
  const where: SQL[] = [
    eq(offices.officeTypeId, OfficeType.RegionalOffice),
    regionScope(auth),
    ...afterNameKey(offices.name, offices.id, f.after),
  ];
  if (f.organizationId) where.push(eq(offices.organizationId, f.organizationId));
  if (f.statusId) where.push(eq(offices.statusId, f.statusId));
  if (f.search) where.push(or(ilike(offices.name, likePattern(f.search)), ilike(offices.code, likePattern(f.search)))!);
  const list = await db
    .select({
      o: offices,
      organizationName: organizations.name,
      branchCount: sql<number>`(select count(*) from branch_offices b where b.regional_office_id = ${offices.id})`.mapWith(Number),
      total: f.count === false ? sql<number>`0`.mapWith(Number) : sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(offices)
    .innerJoin(organizations, eq(organizations.id, offices.organizationId))
    .where(and(...where))
    .orderBy(asc(offices.name), asc(offices.id))
    .offset(f.offset)
    .limit(f.limit);
  return { rows: list.map((r) => presentOffice(r.o, r.organizationName, r.branchCount)), total: list[0]?.total ?? 0 };
}

/** The regional office `id` in scope with its organisation's name. @throws 404 outside the scope. */
export async function regionInScope(db: Db, auth: AuthContext, id: number): Promise<{ o: OfficeSelect; organizationName: string }> {
  const [r] = await db
    .select({ o: offices, organizationName: organizations.name })
    .from(offices)
    .innerJoin(organizations, eq(organizations.id, offices.organizationId))
    .where(and(eq(offices.id, id), eq(offices.officeTypeId, OfficeType.RegionalOffice), regionScope(auth)))
    .limit(1);
  if (!r) throw notFound();
  return r;
}
