/** Organisation queries under the caller's scope. */
import { asc, inArray, sql } from 'drizzle-orm';
import type { OrganizationSummary } from '@vigil/contract';
import type { Db } from '../../db/client.js';
import { organizations } from '../../db/schema/index.js';
import { organizationIdsSubquery } from '../../plugins/authorization.js';
import type { AuthContext } from '../../plugins/session.js';

/** Organisations the user may see, by name. */
export async function listOrganizations(db: Db, auth: AuthContext): Promise<OrganizationSummary[]> {
  const list = await db
    .select()
    .from(organizations)
    .where(inArray(organizations.id, sql`(${organizationIdsSubquery(auth)})`))
    .orderBy(asc(organizations.name));
  return list.map((o) => ({
    OrganizationId: o.id,
    Name: o.name,
    PhoneNumber: o.phoneNumber,
    Address: o.address,
    City: o.city,
    Country: o.country,
    StatusId: o.statusId,
  }));
}
