/** The head office of an organisation (spec §3 Head office; the /mainoffice calls), under the caller's scope. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { offices, OfficeType, organizations } from '../../db/schema/index.js';
import { assertOrganizationInScope, organizationIdsSubquery } from '../../plugins/authorization.js';
import { notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../plugins/session.js';
import type { OfficeSelect } from '../../lib/offices.js';

/** A head office row with its organisation's name. */
export type HeadOfficeRow = OfficeSelect & { organizationName: string };

/**
 * The head office of the requested organisation (403 outside the scope), else of the caller's own,
 * else of the first organisation in scope by name. @throws 404 when there is none.
 */
export async function findHeadOffice(db: Db, auth: AuthContext, requested: number | null | undefined): Promise<HeadOfficeRow> {
  let organizationId = requested ?? auth.organizationId;
  if (requested) await assertOrganizationInScope(db, auth, requested);
  if (!organizationId) {
    const [first] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(sql`${organizations.id} in (${organizationIdsSubquery(auth)})`)
      .orderBy(asc(organizations.name))
      .limit(1);
    organizationId = first?.id ?? null;
  }
  if (!organizationId) throw notFound();
  const [r] = await db
    .select({ o: offices, organizationName: organizations.name })
    .from(offices)
    .innerJoin(organizations, eq(organizations.id, offices.organizationId))
    .where(
      and(
        eq(offices.organizationId, organizationId),
        eq(offices.officeTypeId, OfficeType.HeadOffice),
        sql`${offices.organizationId} in (${organizationIdsSubquery(auth)})`,
      ),
    )
    .limit(1);
  if (!r) throw notFound();
  return { ...r.o, organizationName: r.organizationName };
}
