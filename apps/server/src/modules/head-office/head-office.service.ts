/**
 * Head office (spec §7 getoffices GET-HEAD-OFFICE and UPDATE-HEAD-OFFICE-DETAILS, -WEEKSCHEDULE,
 * -HOLIDAYS, -TIMERS; the /mainoffice page). Reads follow the organisation scope; updates need
 * role 2 or 12 and are audited with before and after.
 */
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { BranchStructure, HeadOfficeDetail, ZGetOfficesRequest } from '@vigil/contract';
import type { Db } from '../../db/client.js';
import { offices, taskListTemplates } from '../../db/schema/index.js';
import { assertCanManage } from '../../plugins/authorization.js';
import type { AuthContext } from '../../plugins/session.js';
import { readSchedule, saveHolidays, saveWeekSchedule, timersOf } from '../../lib/office-schedule.js';
import { assertOfficeNameFree, officeColumns } from '../../lib/offices.js';
import { normalize, withConflicts } from '../../lib/writes.js';
import { writeAudit } from '../audit/audit.service.js';
import { presentHeadOffice } from './head-office.presenter.js';
import { findHeadOffice, type HeadOfficeRow } from './head-office.repository.js';
import { branchStructure } from './statistics.repository.js';

/** The UPDATE-HEAD-OFFICE-* cases of getoffices. */
export type HeadOfficeUpdate = Extract<z.output<typeof ZGetOfficesRequest>, { case: `UPDATE-HEAD-OFFICE-${string}` }>;

async function detailOf(db: Db, o: HeadOfficeRow): Promise<HeadOfficeDetail> {
  const templates = await db
    .select({ name: taskListTemplates.name })
    .from(taskListTemplates)
    .where(eq(taskListTemplates.organizationId, o.organizationId))
    .orderBy(asc(taskListTemplates.name));
  return presentHeadOffice(
    o,
    await readSchedule(db, o.weekScheduleId, o.holidayTemplateId),
    templates.map((t) => t.name),
  );
}

/** GET-HEAD-OFFICE: the head office of the requested (or the caller's) organisation. @throws 403 / 404 (findHeadOffice). */
export async function headOfficeDetail(db: Db, auth: AuthContext, organizationId: number | null | undefined): Promise<HeadOfficeDetail> {
  return detailOf(db, await findHeadOffice(db, auth, organizationId));
}

/**
 * UPDATE-HEAD-OFFICE-*: details (with contacts; the status is kept), week schedule, holidays or timers.
 * @throws 403 for roles other than 2 and 12 or an organisation outside the scope, 409 management.errors.nameInUse.
 */
export async function updateHeadOffice(db: Db, a: { auth: AuthContext; ip: string }, d: HeadOfficeUpdate): Promise<HeadOfficeDetail> {
  assertCanManage(a.auth);
  const before = await findHeadOffice(db, a.auth, d.organizationId);
  const scope = `head office ${before.organizationId}`;
  await withConflicts(() =>
    db.transaction(async (tx) => {
      let set: Partial<typeof offices.$inferInsert>;
      if (d.case === 'UPDATE-HEAD-OFFICE-DETAILS') {
        await assertOfficeNameFree(tx, before.organizationId, d.name, before.id);
        set = {
          ...officeColumns({ ...d, statusId: before.statusId }),
          ...normalize(
            {
              primaryContactName: d.primaryContactName ?? null,
              primaryContactSurname: d.primaryContactSurname ?? null,
              primaryContactEmail: d.primaryContactEmail ?? null,
              primaryContactPhone: d.primaryContactPhone ?? null,
              secondaryContactName: d.secondaryContactName ?? null,
              secondaryContactSurname: d.secondaryContactSurname ?? null,
              secondaryContactEmail: d.secondaryContactEmail ?? null,
              secondaryContactPhone: d.secondaryContactPhone ?? null,
            },
            ['primaryContactPhone', 'secondaryContactPhone'],
          ),
        };
      } else if (d.case === 'UPDATE-HEAD-OFFICE-WEEKSCHEDULE')
        set = { weekScheduleId: await saveWeekSchedule(tx, before.organizationId, scope, before.weekScheduleId, d.days) };
      else if (d.case === 'UPDATE-HEAD-OFFICE-HOLIDAYS')
        set = { holidayTemplateId: await saveHolidays(tx, before.organizationId, scope, before.holidayTemplateId, d.holidays) };
      else set = timersOf(d);
      const { organizationName: _n, ...beforeRow } = before;
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
        before: beforeRow,
        after,
        ip: a.ip,
      });
    }),
  );
  return detailOf(db, await findHeadOffice(db, a.auth, before.organizationId));
}

/**
 * getstatistics (spec §7 "branch structure"): the branch structure of the requested (dealer) or
 * the caller's organisation, for the roles of the head office page (2 and 12).
 * @throws 403 for other roles or an organisation outside the scope, 404 when there is none.
 */
export async function branchStatistics(db: Db, auth: AuthContext, organizationId: number | null | undefined): Promise<BranchStructure> {
  assertCanManage(auth);
  const head = await findHeadOffice(db, auth, organizationId);
  return branchStructure(db, head.organizationId, head.organizationName);
}
