/**
 * Regional and head offices and the client's security offices (spec §7 Offices and organisations):
 * getoffices (regional list with CSV, regional by id, head office get and updates),
 * addregionaloffice, manageregionaloffices (details, week schedule, holidays, timers) and
 * getallsecurityoffices. Reads follow the caller's scope; writes need role 2 or 12.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  formatPhoneInternational,
  statusLabel,
  ZAddRegionalOfficeRequest,
  ZGetOfficesRequest,
  ZManageRegionalOfficesRequest,
  type HeadOfficeDetail,
  type OfficeRow,
} from '@vigil/contract';
import type { Db } from '../../db/client.js';
import { offices, OfficeType, organizations } from '../../db/schema/index.js';
import { notFound } from '../../plugins/errors.js';
import {
  assertCanManage,
  assertOrganizationInScope,
  organizationIdsSubquery,
  regionScope,
  targetOrganization,
} from '../../plugins/authorization.js';
import { requireClient, type AuthContext } from '../../plugins/session.js';
import { writeAudit } from '../audit/audit.service.js';
import { csvPage, sendCsv } from '../../lib/csv.js';
import { afterNameKey, likePattern, type NameKey } from '../../lib/list-query.js';
import { readSchedule, saveHolidays, saveWeekSchedule, timersOf } from '../../lib/office-schedule.js';
import { zoneAbbreviationNow } from '../../lib/time-zones.js';
import { conflict, normalize, withConflicts } from '../../lib/writes.js';

type OfficeSelect = typeof offices.$inferSelect;

/** The list row of an office. */
function presentOffice(o: OfficeSelect, organizationName: string, branchCount: number): OfficeRow {
  return {
    Id: o.id,
    OrganizationId: o.organizationId,
    OrganizationName: organizationName,
    OfficeTypeId: o.officeTypeId,
    Name: o.name,
    Code: o.code,
    PhoneNumber: o.phoneNumber,
    Email: o.email,
    Address: o.address,
    City: o.city,
    State: o.state,
    ZipCode: o.zipCode,
    Country: o.country,
    Latitude: o.latitude,
    Longitude: o.longitude,
    TimeZone: o.timeZone,
    Dst: zoneAbbreviationNow(o.timeZone),
    StatusId: o.statusId,
    Status: statusLabel(o.statusId),
    BranchCount: branchCount,
  };
}

/**
 * Regional offices in scope, filtered, ordered by name then id and paged (offset/limit, or keyset
 * with `after` for exports); `total` counts every match unless `count` is false.
 */
export async function listRegions(
  db: Db,
  auth: AuthContext,
  f: {
    organizationId?: number | null;
    statusId?: number;
    search?: string;
    offset: number;
    limit: number;
    after?: NameKey | null;
    count?: boolean;
  },
) {
  const where: SQL[] = [
    eq(offices.officeTypeId, OfficeType.RegionalOffice),
    regionScope(auth),
    ...afterNameKey(offices.name, offices.id, f.after),
  ];
  if (f.organizationId) where.push(eq(offices.organizationId, f.organizationId));
  if (f.statusId) where.push(eq(offices.statusId, f.statusId));
  if (f.search) where.push(or(ilike(offices.name, likePattern(f.search)), ilike(offices.code, likePattern(f.search)))!);
  const list = await db
    .select({
      o: offices,
      organizationName: organizations.name,
      branchCount: sql<number>`(select count(*) from branch_offices b where b.regional_office_id = ${offices.id})`.mapWith(Number),
      total: f.count === false ? sql<number>`0`.mapWith(Number) : sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(offices)
    .innerJoin(organizations, eq(organizations.id, offices.organizationId))
    .where(and(...where))
    .orderBy(asc(offices.name), asc(offices.id))
    .offset(f.offset)
    .limit(f.limit);
  return { rows: list.map((r) => presentOffice(r.o, r.organizationName, r.branchCount)), total: list[0]?.total ?? 0 };
}

/** A regional office in scope with schedule and timers, or 404. */
async function regionDetail(db: Db, auth: AuthContext, id: number) {
  const [r] = await db
    .select({ o: offices, organizationName: organizations.name })
    .from(offices)
    .innerJoin(organizations, eq(organizations.id, offices.organizationId))
    .where(and(eq(offices.id, id), eq(offices.officeTypeId, OfficeType.RegionalOffice), regionScope(auth)))
    .limit(1);
  if (!r) throw notFound();
  return {
    ...presentOffice(r.o, r.organizationName, 0),
    ...scheduleOf(r.o),
    ...(await readSchedule(db, r.o.weekScheduleId, r.o.holidayTemplateId)),
  };
}

/** Timers of an office as the detail calls return them. */
function scheduleOf(o: OfficeSelect) {
  return {
    Opening: o.openingTimer,
    Closing: o.closingTimer,
    Servicing: o.servicingTimer,
    AutoCloseTime: o.autoCloseTime ? o.autoCloseTime.slice(0, 5) : null,
  };
}

/** The head office of an organisation in scope, or 404. */
async function headOffice(
  db: Db,
  auth: AuthContext,
  requested: number | null | undefined,
): Promise<OfficeSelect & { organizationName: string }> {
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

async function headOfficeDetail(db: Db, o: OfficeSelect & { organizationName: string }): Promise<HeadOfficeDetail> {
  return {
    ...presentOffice(o, o.organizationName, 0),
    OfficeTypeName: 'Head Office',
    PrimaryContact: {
      Name: o.primaryContactName,
      Surname: o.primaryContactSurname,
      Email: o.primaryContactEmail,
      PhoneNumber: o.primaryContactPhone,
    },
    SecondaryContact: {
      Name: o.secondaryContactName,
      Surname: o.secondaryContactSurname,
      Email: o.secondaryContactEmail,
      PhoneNumber: o.secondaryContactPhone,
    },
    ...scheduleOf(o),
    ...(await readSchedule(db, o.weekScheduleId, o.holidayTemplateId)),
  };
}

type RegionalIn = z.output<typeof ZAddRegionalOfficeRequest>;

/** Column values of regional details. */
function regionColumns(d: Omit<RegionalIn, 'organizationId'>) {
  return {
    ...normalize({
      name: d.name,
      code: d.code,
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
      statusId: d.statusId,
    }),
    updatedAt: new Date(),
  };
}

/** 409 when another office of the organisation has the name. */
async function assertOfficeNameFree(db: Db, organizationId: number, name: string, selfId: number | null) {
  const same = await db
    .select({ id: offices.id })
    .from(offices)
    .where(
      and(
        eq(offices.organizationId, organizationId),
        sql`lower(${offices.name}) = lower(${name})`,
        selfId ? ne(offices.id, selfId) : sql`true`,
      ),
    )
    .limit(1);
  if (same.length) throw conflict('name');
}

/** Column header of the regional office CSV export. */
export const REGION_CSV_HEADER = [
  'Id',
  'Name',
  'Code',
  'Organization',
  'Address',
  'City',
  'State',
  'ZipCode',
  'Country',
  'PhoneNumber',
  'Email',
  'Latitude',
  'Longitude',
  'TimeZone',
  'Status',
  'Branches',
];

export async function officesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api/client/getoffices', { preValidation: requireClient, schema: { body: ZGetOfficesRequest } }, async (req, reply) => {
    const auth = req.auth!;
    const d = req.body;
    switch (d.case) {
      case 'GET-REGIONAL-OFFICES': {
        if (d.organizationId) await assertOrganizationInScope(app.db, auth, d.organizationId);
        if (d.format === 'csv') {
          return sendCsv(reply, 'regions.csv', REGION_CSV_HEADER, async (after: NameKey | null, limit) =>
            csvPage(
              (await listRegions(app.db, auth, { ...d, offset: 0, limit, after, count: false })).rows,
              (r) => [
                r.Id,
                r.Name,
                r.Code,
                r.OrganizationName,
                r.Address,
                r.City,
                r.State,
                r.ZipCode,
                r.Country,
                formatPhoneInternational(r.PhoneNumber),
                r.Email,
                r.Latitude,
                r.Longitude,
                r.TimeZone,
                r.Status,
                r.BranchCount,
              ],
              (r) => ({ name: r.Name, id: r.Id }),
            ),
          );
        }
        const page = await listRegions(app.db, auth, d);
        return { success: true, body: { officeobject: page.rows, total: page.total } };
      }
      case 'GET-REGIONAL-OFFICE-BY-ID':
        return { success: true, body: { officeobject: await regionDetail(app.db, auth, d.regionalOfficeId) } };
      case 'GET-HEAD-OFFICE':
        return { success: true, body: { officeobject: await headOfficeDetail(app.db, await headOffice(app.db, auth, d.organizationId)) } };
      default: {
        assertCanManage(auth);
        const before = await headOffice(app.db, auth, d.organizationId);
        const scope = `head office ${before.organizationId}`;
        await withConflicts(() =>
          app.db.transaction(async (tx) => {
            let set: Partial<typeof offices.$inferInsert>;
            if (d.case === 'UPDATE-HEAD-OFFICE-DETAILS') {
              await assertOfficeNameFree(tx, before.organizationId, d.name, before.id);
              set = {
                ...regionColumns({ ...d, statusId: before.statusId }),
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
              actorUserId: auth.userId,
              action: d.case.toLowerCase(),
              entity: 'offices',
              entityId: before.id,
              before: beforeRow,
              after,
              ip: req.ip,
            });
          }),
        );
        return {
          success: true,
          body: { officeobject: await headOfficeDetail(app.db, await headOffice(app.db, auth, before.organizationId)) },
        };
      }
    }
  });

  app.post('/api/client/addregionaloffice', { preValidation: requireClient, schema: { body: ZAddRegionalOfficeRequest } }, async (req) => {
    const auth = req.auth!;
    assertCanManage(auth);
    const d = req.body;
    const organizationId = await targetOrganization(app.db, auth, d.organizationId);
    const id = await withConflicts(() =>
      app.db.transaction(async (tx) => {
        await assertOfficeNameFree(tx, organizationId, d.name, null);
        const [row] = await tx
          .insert(offices)
          .values({ organizationId, officeTypeId: OfficeType.RegionalOffice, ...regionColumns(d) })
          .returning();
        await writeAudit(tx, {
          actorUserId: auth.userId,
          action: 'add-regional-office',
          entity: 'offices',
          entityId: row!.id,
          after: row,
          ip: req.ip,
        });
        return row!.id;
      }),
    );
    return { success: true, body: { officeobject: await regionDetail(app.db, auth, id) } };
  });

  app.post(
    '/api/client/manageregionaloffices',
    { preValidation: requireClient, schema: { body: ZManageRegionalOfficesRequest } },
    async (req) => {
      const auth = req.auth!;
      assertCanManage(auth);
      const d = req.body;
      const [before] = await app.db
        .select()
        .from(offices)
        .where(and(eq(offices.id, d.regionalOfficeId), eq(offices.officeTypeId, OfficeType.RegionalOffice), regionScope(auth)))
        .limit(1);
      if (!before) throw notFound();
      const scope = `region ${before.organizationId}/${before.code}`;
      await withConflicts(() =>
        app.db.transaction(async (tx) => {
          let set: Partial<typeof offices.$inferInsert>;
          if (d.case === 'UPDATE-REGIONAL-OFFICE-DETAILS') {
            await assertOfficeNameFree(tx, before.organizationId, d.name, before.id);
            set = regionColumns(d);
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
            actorUserId: auth.userId,
            action: d.case.toLowerCase(),
            entity: 'offices',
            entityId: before.id,
            before,
            after,
            ip: req.ip,
          });
        }),
      );
      return { success: true, body: { officeobject: await regionDetail(app.db, auth, before.id) } };
    },
  );
}
