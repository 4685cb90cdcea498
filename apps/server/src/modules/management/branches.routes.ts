/**
 * Branch management calls (spec §7 Offices and organisations): getbranchbyidv2, getknownoperators,
 * addbranchoffice (ADD / UPDATE) and managebranchoffices (UPDATE-BRANCH-OFFICE-DETAILS,
 * -WEEKSCHEDULE, -HOLIDAYS, -TIMERS). Reads follow branchScope; writes need role 2 or 12 and a
 * branch in scope (403 for other roles, 404 for a branch outside the scope). Every change is audited.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  ErrorCode,
  ZAddBranchOfficeRequest,
  ZBranchActivitiesRequest,
  ZGetBranchByIdRequest,
  ZGetKnownOperatorsRequest,
  ZManageBranchOfficesRequest,
  type BranchOfficeType,
  type Envelope,
} from '@vigil/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { serveBranchActivities } from '../reports/reports.routes.js';
import { branchOffices, branchOfficeTypes, offices, OfficeType, securityOffices } from '../../db/schema/index.js';
import { assertCanManage, branchScope, targetOrganization } from '../../plugins/authorization.js';
import { badRequest, notFound } from '../../plugins/errors.js';
import { requireClient, type AuthContext } from '../../plugins/session.js';
import { writeAudit } from '../audit/audit.service.js';
import { listBranches } from '../branches/branches.repository.js';
import { branchTypeDisplay, presentBranch } from '../branches/branches.presenter.js';
import { readSchedule, saveHolidays, saveWeekSchedule, timersOf } from '../../lib/office-schedule.js';
import { conflict, normalize, withConflicts } from '../../lib/writes.js';

type BranchDetailsIn = z.output<typeof ZAddBranchOfficeRequest>;

/** The branch with id `id` in the caller's scope, or 404. */
async function branchInScope(db: Db, auth: AuthContext, id: number) {
  const [b] = await db
    .select()
    .from(branchOffices)
    .where(and(eq(branchOffices.id, id), branchScope(auth)))
    .limit(1);
  if (!b) throw notFound();
  return b;
}

/** Branch detail: the list row plus schedule and timers. */
export async function branchDetail(db: Db, auth: AuthContext, id: number) {
  const { rows } = await listBranches(db, auth, { branchOfficeId: id, offset: 0, limit: 1, count: false });
  const row = rows[0];
  if (!row) throw notFound();
  const b = row.b;
  return {
    ...presentBranch(row),
    Altitude: b.altitude,
    ...(await readSchedule(db, b.weekScheduleId, b.holidayTemplateId)),
    Opening: b.openingTimer,
    Closing: b.closingTimer,
    Servicing: b.servicingTimer,
    AutoCloseTime: b.autoCloseTime ? b.autoCloseTime.slice(0, 5) : null,
    CreatedOn: b.createdAt.toISOString(),
    FirstUseDate: b.firstUseDate,
  };
}

/** Checks the references of branch details (region of the same organisation, type, security office) and the unique name. */
async function checkBranchDetails(db: Db, organizationId: number, d: BranchDetailsIn, selfId: number | null) {
  if (d.regionalOfficeId) {
    const [r] = await db
      .select({ id: offices.id })
      .from(offices)
      .where(
        and(
          eq(offices.id, d.regionalOfficeId),
          eq(offices.organizationId, organizationId),
          eq(offices.officeTypeId, OfficeType.RegionalOffice),
        ),
      );
    if (!r) throw badRequest(ErrorCode.BadRequest, 'regionalOfficeId');
  }
  const [t] = await db.select({ id: branchOfficeTypes.id }).from(branchOfficeTypes).where(eq(branchOfficeTypes.id, d.branchOfficeTypeId));
  if (!t) throw badRequest(ErrorCode.BadRequest, 'branchOfficeTypeId');
  if (d.securityOfficeId) {
    const [s] = await db.select({ id: securityOffices.id }).from(securityOffices).where(eq(securityOffices.id, d.securityOfficeId));
    if (!s) throw badRequest(ErrorCode.BadRequest, 'securityOfficeId');
  }
  const same = await db
    .select({ id: branchOffices.id })
    .from(branchOffices)
    .where(
      and(
        eq(branchOffices.organizationId, organizationId),
        sql`lower(${branchOffices.name}) = lower(${d.name})`,
        selfId ? ne(branchOffices.id, selfId) : sql`true`,
      ),
    )
    .limit(1);
  if (same.length) throw conflict('name');
}

/** Column values of branch details. */
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

export async function branchManagementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api/client/getbranchbyidv2', { preValidation: requireClient, schema: { body: ZGetBranchByIdRequest } }, async (req) => {
    return { success: true, body: { branchofficeobject: await branchDetail(app.db, req.auth!, req.body.branchOfficeId) } };
  });

  app.post(
    '/api/client/getknownoperators',
    { preValidation: requireClient, schema: { body: ZGetKnownOperatorsRequest } },
    async (): Promise<Envelope<{ branchofficetypes: BranchOfficeType[]; operators: { Brand: string; SmsDomain: string }[] }>> => {
      const types = await app.db.select().from(branchOfficeTypes).orderBy(asc(branchOfficeTypes.id));
      return {
        success: true,
        body: {
          branchofficetypes: types.map((t) => ({
            BranchOfficeTypeId: t.id,
            BranchOfficeType: t.type,
            BranchOfficeTypeDescription: t.description,
            BranchOfficeTypeDisplay: branchTypeDisplay(t.display),
          })),
          operators: [],
        },
      };
    },
  );

  app.post('/api/client/addbranchoffice', { preValidation: requireClient, schema: { body: ZAddBranchOfficeRequest } }, async (req) => {
    const auth = req.auth!;
    assertCanManage(auth);
    const d = req.body;
    if (d.case === 'ADD-BRANCH-OFFICE') {
      const organizationId = await targetOrganization(app.db, auth, d.organizationId);
      const id = await withConflicts(() =>
        app.db.transaction(async (tx) => {
          await checkBranchDetails(tx, organizationId, d, null);
          const [row] = await tx
            .insert(branchOffices)
            .values({ organizationId, ...branchColumns(d) })
            .returning();
          await writeAudit(tx, {
            actorUserId: auth.userId,
            action: 'add-branch-office',
            entity: 'branch_offices',
            entityId: row!.id,
            after: row,
            ip: req.ip,
          });
          return row!.id;
        }),
      );
      return { success: true, body: { branchofficeobject: await branchDetail(app.db, auth, id) } };
    }
    const before = await branchInScope(app.db, auth, d.branchOfficeId);
    await withConflicts(() =>
      app.db.transaction(async (tx) => {
        await checkBranchDetails(tx, before.organizationId, d, before.id);
        const [after] = await tx.update(branchOffices).set(branchColumns(d)).where(eq(branchOffices.id, before.id)).returning();
        await writeAudit(tx, {
          actorUserId: auth.userId,
          action: 'update-branch-office',
          entity: 'branch_offices',
          entityId: before.id,
          before,
          after,
          ip: req.ip,
        });
      }),
    );
    return { success: true, body: { branchofficeobject: await branchDetail(app.db, auth, before.id) } };
  });

  app.post(
    '/api/client/managebranchoffices',
    { preValidation: requireClient, schema: { body: z.union([ZManageBranchOfficesRequest, ZBranchActivitiesRequest]) } },
    async (req, reply) => {
      const auth = req.auth!;
      // GET-ACTIVITIES-BY-BRANCH-ID (spec §7 Reports) reads the branch's activity under the report scope rules.
      if (req.body.case === 'GET-ACTIVITIES-BY-BRANCH-ID') return serveBranchActivities(app, req, reply, req.body);
      assertCanManage(auth);
      const d = req.body;
      const before = await branchInScope(app.db, auth, d.branchOfficeId);
      const scope = `branch ${before.organizationId}/${before.code}`;
      await withConflicts(() =>
        app.db.transaction(async (tx) => {
          let set: Partial<typeof branchOffices.$inferInsert>;
          let action: string;
          switch (d.case) {
            case 'UPDATE-BRANCH-OFFICE-DETAILS':
              await checkBranchDetails(tx, before.organizationId, { ...d, case: 'UPDATE-BRANCH-OFFICE' }, before.id);
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
            actorUserId: auth.userId,
            action,
            entity: 'branch_offices',
            entityId: before.id,
            before,
            after: { ...after, ...('days' in d ? { days: d.days } : {}), ...('holidays' in d ? { holidays: d.holidays } : {}) },
            ip: req.ip,
          });
        }),
      );
      return { success: true, body: { branchofficeobject: await branchDetail(app.db, auth, before.id) } };
    },
  );
}
