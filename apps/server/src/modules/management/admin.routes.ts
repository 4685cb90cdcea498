/**
 * Platform admin console calls (spec §7 Admin; role 1 through /api/admin/*): getorganizations,
 * getorganizationbyid, addclient, editclient (the route is the account module's, which dispatches on `case`;
 * is the account module's UPDATE-SSO route; to be merged as one call dispatching on `case`), getAllSecurityOffices, addsecurityoffice (add and
 * update) and getallemployees. Client sessions answer 401 (requireAdmin). Every change is audited.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ErrorCode,
  formatPhoneInternational,
  RoleId,
  StatusId,
  ZAddClientRequest,
  ZEditClientRequest,
  ZGetAllEmployeesRequest,
  ZGetOrganizationByIdRequest,
  ZOrganizationListRequest,
  type OrganizationDetail,
  type OrganizationRow,
} from '@vigil/contract';
import type { Db } from '../../db/client.js';
import {
  offices,
  OfficeType,
  organizationDealers,
  organizations,
  organizationSecurityOffices,
  securityOffices,
  users,
} from '../../db/schema/index.js';
import { badRequest, notFound } from '../../plugins/errors.js';
import { requireAdmin } from '../../plugins/session.js';
import { writeAudit } from '../audit/audit.service.js';
import { csvPage, sendCsv } from '../../lib/csv.js';
import { afterNameKey, likePattern, type NameKey } from '../../lib/list-query.js';
import { normalize, withConflicts } from '../../lib/writes.js';
import { EMPLOYEE_CSV_HEADER, employeeCsvPage, listEmployees, type EmployeeKey } from './employees.repository.js';

type OrgIn = z.output<typeof ZAddClientRequest>;

/**
 * Organisations (platform admin: all), filtered, ordered by name then id and paged (offset/limit,
 * or keyset with `after` for exports); `total` counts every match unless `count` is false.
 */
async function listOrganizationsAdmin(
  db: Db,
  f: {
    statusId?: number;
    search?: string;
    offset: number;
    limit: number;
    organizationId?: number;
    after?: NameKey | null;
    count?: boolean;
  },
) {
  const where: SQL[] = [...afterNameKey(organizations.name, organizations.id, f.after)];
  if (f.statusId) where.push(eq(organizations.statusId, f.statusId));
  if (f.organizationId) where.push(eq(organizations.id, f.organizationId));
  if (f.search)
    where.push(
      or(
        ilike(organizations.name, likePattern(f.search)),
        ilike(organizations.city, likePattern(f.search)),
        ilike(organizations.email, likePattern(f.search)),
      )!,
    );
  const list = await db
    .select({
      o: organizations,
      branchCount: sql<number>`(select count(*) from branch_offices b where b.organization_id = "organizations"."id")`.mapWith(Number),
      total: f.count === false ? sql<number>`0`.mapWith(Number) : sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(organizations)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(organizations.name), asc(organizations.id))
    .offset(f.offset)
    .limit(f.limit);
  const rows: OrganizationRow[] = list.map(({ o, branchCount }) => ({
    OrganizationId: o.id,
    Name: o.name,
    Address: o.address,
    City: o.city,
    State: o.state,
    ZipCode: o.zipCode,
    Country: o.country,
    PhoneNumber: o.phoneNumber,
    Email: o.email,
    StatusId: o.statusId,
    Active: o.statusId === StatusId.Active,
    BranchCount: branchCount,
  }));
  return { rows, total: list[0]?.total ?? 0, raw: list.map((r) => r.o) };
}

/** Organisation detail with contacts, admins, dealers and monitoring security offices; 404 if unknown. */
async function organizationDetail(db: Db, id: number): Promise<OrganizationDetail> {
  const { rows, raw } = await listOrganizationsAdmin(db, { organizationId: id, offset: 0, limit: 1, count: false });
  const row = rows[0];
  const o = raw[0];
  if (!row || !o) throw notFound();
  const [ho] = await db
    .select({ timeZone: offices.timeZone })
    .from(offices)
    .where(and(eq(offices.organizationId, id), eq(offices.officeTypeId, OfficeType.HeadOffice)))
    .limit(1);
  const admins = await db
    .select()
    .from(users)
    .where(and(eq(users.organizationId, id), eq(users.roleId, RoleId.OrganizationAdmin)))
    .orderBy(asc(users.surname));
  const dealers = await db
    .select({
      u: users,
      here: sql<boolean>`exists (select 1 from organization_dealers d where d.user_id = ${users.id} and d.organization_id = ${id})`,
    })
    .from(users)
    .where(eq(users.roleId, RoleId.Dealer))
    .orderBy(asc(users.surname), asc(users.name));
  const sos = await db
    .select({ Id: securityOffices.id, Name: securityOffices.name })
    .from(organizationSecurityOffices)
    .innerJoin(securityOffices, eq(securityOffices.id, organizationSecurityOffices.securityOfficeId))
    .where(eq(organizationSecurityOffices.organizationId, id))
    .orderBy(asc(securityOffices.name));
  return {
    ...row,
    Latitude: o.latitude,
    Longitude: o.longitude,
    FormattedAddress: o.formattedAddress,
    TimeZone: ho?.timeZone ?? 'UTC',
    HeadOfficeId: o.headOfficeId,
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
    Admins: admins.map((u) => ({
      UserId: u.id,
      Name: u.name,
      Surname: u.surname,
      Email: u.email,
      PhoneNumber: u.phoneNumber,
      StatusId: u.statusId,
    })),
    Dealers: dealers.map(({ u, here }) => ({
      UserId: u.id,
      Name: u.name,
      Surname: u.surname,
      DealerEmail: u.email,
      PhoneNumber: u.phoneNumber,
      DealerAssignedHere: !!here,
      StatusId: u.statusId,
    })),
    SecurityOffices: sos,
  };
}

/** Column values of an organisation form. */
function organizationColumns(d: OrgIn) {
  return {
    ...normalize(
      {
        name: d.name,
        phoneNumber: d.phoneNumber ?? null,
        email: d.email ?? null,
        address: d.address ?? null,
        city: d.city ?? null,
        state: d.state ?? null,
        zipCode: d.zipCode ?? null,
        country: d.country ?? null,
        latitude: d.latitude ?? null,
        longitude: d.longitude ?? null,
        formattedAddress: d.formattedAddress ?? null,
        primaryContactName: d.primaryContactName ?? null,
        primaryContactSurname: d.primaryContactSurname ?? null,
        primaryContactEmail: d.primaryContactEmail ?? null,
        primaryContactPhone: d.primaryContactPhone ?? null,
        secondaryContactName: d.secondaryContactName ?? null,
        secondaryContactSurname: d.secondaryContactSurname ?? null,
        secondaryContactEmail: d.secondaryContactEmail ?? null,
        secondaryContactPhone: d.secondaryContactPhone ?? null,
        statusId: d.statusId,
      },
      ['phoneNumber', 'primaryContactPhone', 'secondaryContactPhone'],
    ),
    updatedAt: new Date(),
  };
}

/** Replaces the organisation's monitoring security offices and dealers (ids checked: 400 when unknown). */
async function setOrganizationLinks(db: Db, organizationId: number, d: OrgIn) {
  const soIds = [...new Set(d.securityOfficeIds)];
  const dealerIds = [...new Set(d.dealerIds)];
  if (soIds.length) {
    const found = await db.select({ id: securityOffices.id }).from(securityOffices).where(inArray(securityOffices.id, soIds));
    if (found.length !== soIds.length) throw badRequest(ErrorCode.BadRequest, 'securityOfficeIds');
  }
  if (dealerIds.length) {
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, dealerIds), eq(users.roleId, RoleId.Dealer)));
    if (found.length !== dealerIds.length) throw badRequest(ErrorCode.BadRequest, 'dealerIds');
  }
  await db.delete(organizationSecurityOffices).where(eq(organizationSecurityOffices.organizationId, organizationId));
  if (soIds.length)
    await db.insert(organizationSecurityOffices).values(soIds.map((securityOfficeId) => ({ organizationId, securityOfficeId })));
  await db.delete(organizationDealers).where(eq(organizationDealers.organizationId, organizationId));
  if (dealerIds.length) await db.insert(organizationDealers).values(dealerIds.map((userId) => ({ organizationId, userId })));
}

export async function adminManagementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/admin/getorganizations',
    { preValidation: requireAdmin, schema: { body: ZOrganizationListRequest } },
    async (req, reply) => {
      const d = req.body;
      if (d.format === 'csv') {
        return sendCsv(
          reply,
          'clients.csv',
          ['Id', 'Name', 'Address', 'City', 'State', 'ZipCode', 'Country', 'PhoneNumber', 'Email', 'Status', 'Branches'],
          async (after: NameKey | null, limit) =>
            csvPage(
              (await listOrganizationsAdmin(app.db, { ...d, offset: 0, limit, after, count: false })).rows,
              (o) => [
                o.OrganizationId,
                o.Name,
                o.Address,
                o.City,
                o.State,
                o.ZipCode,
                o.Country,
                formatPhoneInternational(o.PhoneNumber),
                o.Email,
                o.Active ? 'Active' : 'Inactive',
                o.BranchCount,
              ],
              (o) => ({ name: o.Name, id: o.OrganizationId }),
            ),
        );
      }
      const { rows, total } = await listOrganizationsAdmin(app.db, d);
      return { success: true, body: { organizationobject: rows, total } };
    },
  );

  app.post(
    '/api/admin/getorganizationbyid',
    { preValidation: requireAdmin, schema: { body: ZGetOrganizationByIdRequest } },
    async (req) => {
      return { success: true, body: { organizationobject: await organizationDetail(app.db, req.body.organizationId) } };
    },
  );

  app.post('/api/admin/addclient', { preValidation: requireAdmin, schema: { body: ZAddClientRequest } }, async (req) => {
    const d = req.body;
    const id = await withConflicts(() =>
      app.db.transaction(async (tx) => {
        const [org] = await tx.insert(organizations).values(organizationColumns(d)).returning();
        const [ho] = await tx
          .insert(offices)
          .values({
            organizationId: org!.id,
            officeTypeId: OfficeType.HeadOffice,
            name: `${d.name} Head Office`,
            code: 'HO',
            timeZone: d.timeZone,
            address: org!.address,
            city: org!.city,
            state: org!.state,
            zipCode: org!.zipCode,
            country: org!.country,
            latitude: org!.latitude,
            longitude: org!.longitude,
            phoneNumber: org!.phoneNumber,
            email: org!.email,
            statusId: StatusId.Active,
          })
          .returning({ id: offices.id });
        await tx.update(organizations).set({ headOfficeId: ho!.id }).where(eq(organizations.id, org!.id));
        await setOrganizationLinks(tx, org!.id, d);
        await writeAudit(tx, {
          actorUserId: req.auth!.userId,
          action: 'add-client',
          entity: 'organizations',
          entityId: org!.id,
          after: { ...org, headOfficeId: ho!.id, securityOfficeIds: d.securityOfficeIds, dealerIds: d.dealerIds },
          ip: req.ip,
        });
        return org!.id;
      }),
    );
    return { success: true, body: { organizationobject: await organizationDetail(app.db, id) } };
  });

  app.post('/api/admin/getallemployees', { preValidation: requireAdmin, schema: { body: ZGetAllEmployeesRequest } }, async (req, reply) => {
    const d = req.body;
    if (d.format === 'csv') {
      return sendCsv(reply, 'employees.csv', EMPLOYEE_CSV_HEADER, (after: EmployeeKey | null, limit) =>
        employeeCsvPage(app.db, null, d, after, limit),
      );
    }
    const page = await listEmployees(app.db, null, d);
    return { success: true, body: { personobject: page.rows, total: page.total } };
  });
}

/**
 * POST /api/admin/editclient (without `case`, or any case but UPDATE-SSO): edits an organisation —
 * address, coordinates, contacts, status, head-office zone, dealers and monitoring security offices.
 * Registered by the account module's editclient route, which also serves UPDATE-SSO. Audited.
 */
export async function editClient(app: FastifyInstance, req: FastifyRequest, d: z.infer<typeof ZEditClientRequest>) {
  const before = await organizationDetail(app.db, d.organizationId);
  await withConflicts(() =>
    app.db.transaction(async (tx) => {
      const [after] = await tx.update(organizations).set(organizationColumns(d)).where(eq(organizations.id, d.organizationId)).returning();
      await tx
        .update(offices)
        .set({ timeZone: d.timeZone, updatedAt: new Date() })
        .where(and(eq(offices.organizationId, d.organizationId), eq(offices.officeTypeId, OfficeType.HeadOffice)));
      await setOrganizationLinks(tx, d.organizationId, d);
      await writeAudit(tx, {
        actorUserId: req.auth!.userId,
        action: 'edit-client',
        entity: 'organizations',
        entityId: d.organizationId,
        before,
        after: { ...after, timeZone: d.timeZone, securityOfficeIds: d.securityOfficeIds, dealerIds: d.dealerIds },
        ip: req.ip,
      });
    }),
  );
  return { success: true, body: { organizationobject: await organizationDetail(app.db, d.organizationId) } };
}
