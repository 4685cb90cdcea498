/** Branch office queries, always under the caller's scope (spec §7 getofficesv2). */
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { branchOffices, branchOfficeTypes, offices, organizations, securityOffices } from '../../db/schema/index.js';
import { branchScope } from '../../plugins/authorization.js';
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
    .where(and(...where))
    .orderBy(asc(branchOffices.name), asc(branchOffices.id))
    .offset(f.offset)
    .limit(f.limit);
  return { rows, total: rows[0]?.total ?? 0 };
}
export type BranchListRow = Awaited<ReturnType<typeof listBranches>>['rows'][number];
