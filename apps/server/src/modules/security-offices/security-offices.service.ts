/**
 * Security office writes (spec §7 Admin addsecurityoffice, ADD-SECURITY-OFFICE and
 * UPDATE-SECURITY-OFFICE; platform admin only): the office and the organisations it monitors, in
 * one transaction, audited with before and after.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { SecurityOfficeRow, ZAddSecurityOfficeRequest } from '@vigil/contract';
import type { Db } from '../../db/client.js';
import { securityOffices } from '../../db/schema/index.js';
import { notFound } from '../../plugins/errors.js';
import { withConflicts } from '../../lib/writes.js';
import { writeAudit } from '../audit/audit.service.js';
import {
  assertOrganizationsExist,
  listSecurityOffices,
  monitoredOrganizationIds,
  securityOfficeColumns,
  setMonitoredOrganizations,
} from './security-offices.repository.js';

/** Who writes and from where (audit). */
export interface Writer {
  userId: number;
  ip: string;
}

/**
 * Adds or updates a security office and replaces the organisations it monitors.
 * @throws 400 (organizationIds) for an unknown organisation, 404 for an unknown office to update,
 * 409 management.errors.nameInUse / codeInUse.
 * @returns the office's row as the admin list shows it.
 */
export async function saveSecurityOffice(db: Db, by: Writer, d: z.output<typeof ZAddSecurityOfficeRequest>): Promise<SecurityOfficeRow> {
  const cols = securityOfficeColumns(d);
  const orgIds = [...new Set(d.organizationIds)];
  const id = await withConflicts(() =>
    db.transaction(async (tx) => {
      await assertOrganizationsExist(tx, orgIds);
      let soId: number;
      if (d.case === 'ADD-SECURITY-OFFICE') {
        const [row] = await tx.insert(securityOffices).values(cols).returning();
        soId = row!.id;
        await writeAudit(tx, {
          actorUserId: by.userId,
          action: 'add-security-office',
          entity: 'security_offices',
          entityId: soId,
          after: { ...row, organizationIds: orgIds },
          ip: by.ip,
        });
      } else {
        const [before] = await tx.select().from(securityOffices).where(eq(securityOffices.id, d.securityOfficeId));
        if (!before) throw notFound();
        const beforeOrgs = await monitoredOrganizationIds(tx, before.id);
        const [after] = await tx.update(securityOffices).set(cols).where(eq(securityOffices.id, before.id)).returning();
        soId = before.id;
        await writeAudit(tx, {
          actorUserId: by.userId,
          action: 'update-security-office',
          entity: 'security_offices',
          entityId: soId,
          before: { ...before, organizationIds: beforeOrgs },
          after: { ...after, organizationIds: orgIds },
          ip: by.ip,
        });
      }
      await setMonitoredOrganizations(tx, soId, orgIds);
      return soId;
    }),
  );
  const page = await listSecurityOffices(db, null, { securityOfficeId: id, offset: 0, limit: 1, count: false });
  return page.rows[0]!;
}
