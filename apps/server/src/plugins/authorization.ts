/**
 * Server-side scope rules (ARCHITECTURE.md Authorization): which organisations and branches a
 * signed-in user may see. The role comes from the database row behind the session, never from the
 * client.
 *
 * - role 2: its organisation. role 12 (dealer): the organisations it is assigned to.
 * - roles 5, 8: organisations monitored by the security office(s) they work in.
 * - role 9: branches of its region(s). role 6: its branch(es).
 * - mobile-only roles 7, 10, 11, 13 (mobile API only): the branches and regions they work in.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { branchOffices } from '../db/schema/index.js';
import type { AuthContext } from './session.js';

/**
 * Whose scope: the signed-in user, or for a prepared statement a role whose user id is a
 * placeholder (the roles whose rules use only the user id: 6, 7, 9, 10, 11, 13).
 */
export type ScopeSubject = Pick<AuthContext, 'roleId' | 'organizationId'> & { userId: number | Placeholder };

/** SQL condition: `branch_offices` rows the user may see. */
export function branchScope(auth: ScopeSubject): SQL {
  const b = branchOffices;
  switch (auth.roleId) {
    case 2:
      return auth.organizationId == null ? sql`false` : sql`${b.organizationId} = ${auth.organizationId}`;
    case 12:
    case 5:
    case 8:
      return sql`${b.organizationId} in (${organizationIdsSubquery(auth)})`;
    case 9:
      return sql`${b.regionalOfficeId} in (select regional_office_id from works_in where user_id = ${auth.userId} and regional_office_id is not null)`;
    case 6:
      return sql`${b.id} in (select branch_office_id from works_in where user_id = ${auth.userId} and branch_office_id is not null)`;
    case 7:
    case 10:
    case 11:
    case 13:
      return sql`(${b.id} in (select branch_office_id from works_in where user_id = ${auth.userId} and branch_office_id is not null)
        or ${b.regionalOfficeId} in (select regional_office_id from works_in where user_id = ${auth.userId} and regional_office_id is not null))`;
    default:
      return sql`false`;
  }
}

/** SQL subquery: ids of organisations the user may see (whole or in part). */
export function organizationIdsSubquery(auth: ScopeSubject): SQL {
  switch (auth.roleId) {
    case 2:
    case 6:
    case 7:
    case 9:
    case 10:
    case 11:
    case 13:
      return auth.organizationId == null ? sql`select null::int where false` : sql`select ${auth.organizationId}::int`;
    case 12:
      return sql`select organization_id from organization_dealers where user_id = ${auth.userId}`;
    case 5:
    case 8:
      return sql`select os.organization_id from organization_security_offices os
        join works_in w on w.security_office_id = os.security_office_id where w.user_id = ${auth.userId}`;
    default:
      return sql`select null::int where false`;
  }
}
