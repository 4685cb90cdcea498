/**
 * Regional offices (spec §7 Offices and organisations): the list (with CSV) and detail of
 * getoffices GET-REGIONAL-OFFICES / GET-REGIONAL-OFFICE-BY-ID, addregionaloffice and
 * manageregionaloffices (details, week schedule, holidays, timers). Reads follow regionScope;
 * writes need role 2 or 12 and are audited with before and after.
 */
import type { FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZAddRegionalOfficeRequest, ZGetOfficesRequest, ZManageRegionalOfficesRequest } from '@vigil/contract';
import type { Db } from '../../db/client.js';
import { offices, OfficeType } from '../../db/schema/index.js';
import { assertCanManage, assertOrganizationInScope, targetOrganization } from '../../plugins/authorization.js';
import type { AuthContext } from '../../plugins/session.js';
import { csvPage, sendCsv } from '../../lib/csv.js';
import type { NameKey } from '../../lib/list-query.js';
import { presentTimers, readSchedule, saveHolidays, saveWeekSchedule, timersOf } from '../../lib/office-schedule.js';
import { assertOfficeNameFree, officeColumns, presentOffice } from '../../lib/offices.js';
import { withConflicts } from '../../lib/writes.js';
import { writeAudit } from '../audit/audit.service.js';
import { listRegions, regionInScope } from './regions.repository.js';
import { REGION_CSV_HEADER, regionCsvRow, regionKey } from './regions.presenter.js';

/** Who acts and from where (audit). */
export interface Actor {
  auth: AuthContext;
  ip: string;
}

type RegionalListRequest = Extract<z.output<typeof ZGetOfficesRequest>, { case: 'GET-REGIONAL-OFFICES' }>;

/**
 * getoffices GET-REGIONAL-OFFICES: a page of the regional offices in scope, or with
 * `format: 'csv'` every match as a file. @throws 403 for an organisation outside the scope.
 */
export async function regionalOfficesAnswer(db: Db, reply: FastifyReply, auth: AuthContext, d: RegionalListRequest) {
  if (d.organizationId) await assertOrganizationInScope(db, auth, d.organizationId);
  if (d.format === 'csv') {
    return sendCsv(reply, 'regions.csv', REGION_CSV_HEADER, async (after: NameKey | null, limit) =>
      csvPage((await listRegions(db, auth, { ...d, offset: 0, limit, after, count: false })).rows, regionCsvRow, regionKey),
    );
  }
  const page = await listRegions(db, auth, d);
  return { success: true, body: { officeobject: page.rows, total: page.total } };
}

/** A regional office in scope with its week schedule, holidays and timers. @throws 404 outside the scope. */
export async function regionDetail(db: Db, auth: AuthContext, id: number) {
  const r = await regionInScope(db, auth, id);
  return {
    ...presentOffice(r.o, r.organizationName, 0),
    ...presentTimers(r.o),
    ...(await readSchedule(db, r.o.weekScheduleId, r.o.holidayTemplateId)),
  };
}

/**
 * addregionaloffice: a regional office of the caller's organisation (a dealer's selected one).
 * @throws 403 for other roles, 409 management.errors.nameInUse / codeInUse.
 */
export async function addRegion(db: Db, a: Actor, d: z.output<typeof ZAddRegionalOfficeRequest>) {
  assertCanManage(a.auth);
  const organizationId = await targetOrganization(db, a.auth, d.organizationId);
  const id = await withConflicts(() =>
    db.transaction(async (tx) => {
      await assertOfficeNameFree(tx, organizationId, d.name, null);
      const [row] = await tx
        .insert(offices)
        .values({ organizationId, officeTypeId: OfficeType.RegionalOffice, ...officeColumns(d) })
        .returning();
      await writeAudit(tx, {
        actorUserId: a.auth.userId,
        action: 'add-regional-office',
        entity: 'offices',
        entityId: row!.id,
        after: row,
        ip: a.ip,
      });
      return row!.id;
    }),
  );
  return regionDetail(db, a.auth, id);
}

/**
 * manageregionaloffices: details, week schedule, holidays or timers of a regional office in scope.
 * @throws 403 for other roles than 2 and 12, 404 outside the scope, 409 management.errors.nameInUse.
 */
export async function manageRegion(db: Db, a: Actor, d: z.output<typeof ZManageRegionalOfficesRequest>) {
  assertCanManage(a.auth);
  const { o: before } = await regionInScope(db, a.auth, d.regionalOfficeId);
  const scope = `region ${before.organizationId}/${before.code}`;
  await withConflicts(() =>
    db.transaction(async (tx) => {
      let set: Partial<typeof offices.$inferInsert>;
      if (d.case === 'UPDATE-REGIONAL-OFFICE-DETAILS') {
        await assertOfficeNameFree(tx, before.organizationId, d.name, before.id);
        set = officeColumns(d);
      } else if (d.case === 'UPDATE-REGIONAL-OFFICE-WEEKSCHEDULE')
        set = { weekScheduleId: await saveWeekSchedule(tx, before.organizationId, scope, before.weekScheduleId, d.days) };
      else if (d.case === 'UPDATE-REGIONAL-OFFICE-HOLIDAYS')
        set = { holidayTemplateId: await saveHolidays(tx, before.organizationId, scope, before.holidayTemplateId, d.holidays) };
      else set = timersOf(d);
      const [after] = await tx
        .update(offices)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(offices.id, before.id))
        .returning();
      await writeAudit(tx, {
        actorUserId: a.auth.userId,
        action: d.case.toLowerCase(),
        entity: 'offices',
        entityId: before.id,
        before,
        after,
        ip: a.ip,
      });
    }),
  );
  return regionDetail(db, a.auth, before.id);
}
