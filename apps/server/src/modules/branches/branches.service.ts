/**
 * Branch management (spec §7 Offices and organisations): the detail of getbranchbyidv2,
 * addbranchoffice (ADD / UPDATE) and managebranchoffices (UPDATE-BRANCH-OFFICE-DETAILS,
 * -WEEKSCHEDULE, -HOLIDAYS, -TIMERS). Reads follow branchScope; writes need role 2 or 12 (403
 * otherwise) and a branch in scope (404 otherwise). Every change is audited with before and after.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZAddBranchOfficeRequest, ZManageBranchOfficesRequest } from '@vigil/contract';
import type { Db } from '../../db/client.js';
import { branchOffices } from '../../db/schema/index.js';
import { assertCanManage, targetOrganization } from '../../plugins/authorization.js';
import { notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../plugins/session.js';
import { readSchedule, saveHolidays, saveWeekSchedule, timersOf } from '../../lib/office-schedule.js';
import { normalize, withConflicts } from '../../lib/writes.js';
import { writeAudit } from '../audit/audit.service.js';
import { presentBranchDetail } from './branches.presenter.js';
import { branchInScope, branchTaskFields, checkBranchReferences, listBranches } from './branches.repository.js';

type BranchDetailsIn = z.output<typeof ZAddBranchOfficeRequest>;

/** Who acts and from where (audit). */
export interface Actor {
  auth: AuthContext;
  ip: string;
}

/**
 * The detail of a branch in scope: the list row plus schedule, timers and dates, and its task lists
 * (spec §3 ChecklistTemplatesData, LastTask). @throws 404 outside the scope.
 */
export async function branchDetail(db: Db, auth: AuthContext, id: number) {
  const { rows } = await listBranches(db, auth, { branchOfficeId: id, offset: 0, limit: 1, count: false });
  const row = rows[0];
  if (!row) throw notFound();
  return {
    ...presentBranchDetail(row, await readSchedule(db, row.b.weekScheduleId, row.b.holidayTemplateId)),
    ...(await branchTaskFields(db, id)),
  };
}

/** Column values of branch details ('' → null, phone in E.164). */
function branchColumns(d: BranchDetailsIn) {
  const n = normalize({
    name: d.name,
    code: d.code,
    regionalOfficeId: d.regionalOfficeId ?? null,
    branchOfficeTypeId: d.branchOfficeTypeId,
    securityOfficeId: d.securityOfficeId ?? null,
    phoneNumber: d.phoneNumber ?? null,
    email: d.email ?? null,
    address: d.address ?? null,
    city: d.city ?? null,
    state: d.state ?? null,
    zipCode: d.zipCode ?? null,
    country: d.country ?? null,
    latitude: d.latitude ?? null,
    longitude: d.longitude ?? null,
    timeZone: d.timeZone,
    geofenceRadius: d.geofenceRadius,
    testMode: d.testMode,
    testNote: d.testNote ?? null,
    statusId: d.statusId,
  });
  return { ...n, updatedAt: new Date() };
}

/**
 * addbranchoffice: ADD-BRANCH-OFFICE in the caller's organisation (a dealer's selected one) or
 * UPDATE-BRANCH-OFFICE of a branch in scope.
 * @throws 403 for roles other than 2 and 12, 404 outside the scope, 400 for bad references, 409 management.errors.nameInUse.
 */
export async function saveBranch(db: Db, a: Actor, d: BranchDetailsIn) {
  assertCanManage(a.auth);
  if (d.case === 'ADD-BRANCH-OFFICE') {
    const organizationId = await targetOrganization(db, a.auth, d.organizationId);
    const id = await withConflicts(() =>
      db.transaction(async (tx) => {
        await checkBranchReferences(tx, organizationId, d, null);
        const [row] = await tx
          .insert(branchOffices)
          .values({ organizationId, ...branchColumns(d) })
          .returning();
        await writeAudit(tx, {
          actorUserId: a.auth.userId,
          action: 'add-branch-office',
          entity: 'branch_offices',
          entityId: row!.id,
          after: row,
          ip: a.ip,
        });
        return row!.id;
      }),
    );
    return branchDetail(db, a.auth, id);
  }
  const before = await branchInScope(db, a.auth, d.branchOfficeId);
  await withConflicts(() =>
    db.transaction(async (tx) => {
      await checkBranchReferences(tx, before.organizationId, d, before.id);
      const [after] = await tx.update(branchOffices).set(branchColumns(d)).where(eq(branchOffices.id, before.id)).returning();
      await writeAudit(tx, {
        actorUserId: a.auth.userId,
        action: 'update-branch-office',
        entity: 'branch_offices',
        entityId: before.id,
        before,
        after,
        ip: a.ip,
      });
    }),
  );
  return branchDetail(db, a.auth, before.id);
}

/**
 * managebranchoffices: details, week schedule, holidays or timers of a branch in scope.
 * @throws 403 for roles other than 2 and 12, 404 outside the scope, 400 for bad references, 409 management.errors.nameInUse.
 */
export async function manageBranch(db: Db, a: Actor, d: z.output<typeof ZManageBranchOfficesRequest>) {
  assertCanManage(a.auth);
  const before = await branchInScope(db, a.auth, d.branchOfficeId);
  const scope = `branch ${before.organizationId}/${before.code}`;
  await withConflicts(() =>
    db.transaction(async (tx) => {
      let set: Partial<typeof branchOffices.$inferInsert>;
      let action: string;
      switch (d.case) {
        case 'UPDATE-BRANCH-OFFICE-DETAILS':
          await checkBranchReferences(tx, before.organizationId, d, before.id);
          set = branchColumns({ ...d, case: 'UPDATE-BRANCH-OFFICE' });
          action = 'update-branch-office-details';
          break;
        case 'UPDATE-BRANCH-OFFICE-WEEKSCHEDULE':
          set = { weekScheduleId: await saveWeekSchedule(tx, before.organizationId, scope, before.weekScheduleId, d.days) };
          action = 'update-branch-office-weekschedule';
          break;
        case 'UPDATE-BRANCH-OFFICE-HOLIDAYS':
          set = { holidayTemplateId: await saveHolidays(tx, before.organizationId, scope, before.holidayTemplateId, d.holidays) };
          action = 'update-branch-office-holidays';
          break;
        case 'UPDATE-BRANCH-OFFICE-TIMERS':
          set = timersOf(d);
          action = 'update-branch-office-timers';
          break;
      }
      const [after] = await tx
        .update(branchOffices)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(branchOffices.id, before.id))
        .returning();
      await writeAudit(tx, {
        actorUserId: a.auth.userId,
        action,
        entity: 'branch_offices',
        entityId: before.id,
        before,
        after: { ...after, ...('days' in d ? { days: d.days } : {}), ...('holidays' in d ? { holidays: d.holidays } : {}) },
        ip: a.ip,
      });
    }),
  );
  return branchDetail(db, a.auth, before.id);
}
