/**
 * Reference data every installation needs, written idempotently on each start: the role table
 * (from packages/contract roles.ts, spec §6) and the branch types (spec §3 Branch type).
 */
import { sql } from 'drizzle-orm';
import { ROLES } from '@vigil/contract';
import type { Db } from './client.js';
import { branchOfficeTypes, roles } from './schema/index.js';

export const BRANCH_OFFICE_TYPES = [
  { type: 'BRANCH', description: 'Retail branch or location open to the public', display: 'Branch / Location' },
  { type: 'ATM', description: 'Stand-alone ATM site', display: 'ATM' },
  { type: 'VAULT', description: 'Cash centre or vault', display: 'Vault' },
  { type: 'NON_RETAIL', description: 'Office not open to the public', display: 'Non-Retail Office' },
] as const;

export async function ensureReferenceData(db: Db): Promise<void> {
  await db
    .insert(roles)
    .values(
      ROLES.map((r) => ({
        id: r.Id,
        roleName: r.RoleName,
        roleNameDisplay: r.RoleNameDisplay,
        orderWeight: r.OrderWeight,
        webLogin: r.webLogin,
        mobileLogin: r.mobileLogin,
      })),
    )
    .onConflictDoUpdate({
      target: roles.id,
      set: {
        roleName: sql`excluded.role_name`,
        roleNameDisplay: sql`excluded.role_name_display`,
        orderWeight: sql`excluded.order_weight`,
        webLogin: sql`excluded.web_login`,
        mobileLogin: sql`excluded.mobile_login`,
      },
    });
  await db
    .insert(branchOfficeTypes)
    .values([...BRANCH_OFFICE_TYPES])
    .onConflictDoUpdate({
      target: branchOfficeTypes.type,
      set: { description: sql`excluded.description`, display: sql`excluded.display` },
    });
}
