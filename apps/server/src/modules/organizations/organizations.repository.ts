/**
 * Organisation queries and writes: the client's organisations under its scope, the platform
 * admin's list and detail, the organisation's dealers and monitoring security offices, and its
 * single sign-on settings.
 */
import { and, asc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { ErrorCode, RoleId, type OrganizationSummary, type ZOrganizationDetails } from '@vigil/contract';
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
import { organizationIdsSubquery } from '../../plugins/authorization.js';
import { badRequest } from '../../plugins/errors.js';
import type { AuthContext } from '../../plugins/session.js';
import { afterNameKey, likePattern, type NameKey } from '../../lib/list-query.js';
import { normalize } from '../../lib/writes.js';
import { presentOrganizationSummary, type OrganizationDetailParts } from './organizations.presenter.js';

/** Organisations the user may see, by name. */
export async function listOrganizations(db: Db, auth: AuthContext): Promise<OrganizationSummary[]> {
  const list = await db
    .select()
    .from(organizations)
    .where(inArray(organizations.id, sql`(${organizationIdsSubquery(auth)})`))
    .orderBy(asc(organizations.name));
  return list.map(presentOrganizationSummary);
}

/** Filters of the admin organisation list. */
export interface OrganizationFilter {
  statusId?: number;
  search?: string;
  offset: number;
  limit: number;
  organizationId?: number;
  /** Keyset paging (exports): only organisations after this key in the list order (name, id). */
  after?: NameKey | null;
  /** false skips counting the matches (`total` is then 0). Default true. */
  count?: boolean;
}

/**
 * Organisations (platform admin: all), filtered, ordered by name then id and paged (offset/limit,
 * or keyset with `after` for exports), with their branch counts; `total` counts every match
 * unless `count` is false.
 */
export async function listOrganizationsAdmin(db: Db, f: OrganizationFilter) {
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
  return { list, total: list[0]?.total ?? 0 };
}

/** The parts of the admin detail besides the organisation row (see OrganizationDetailParts). */
export async function organizationDetailParts(db: Db, id: number): Promise<OrganizationDetailParts> {
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
  return { timeZone: ho?.timeZone ?? 'UTC', admins, dealers, securityOffices: sos };
}

/** Column values of an organisation form ('' → null, phones in E.164). */
export function organizationColumns(d: z.output<typeof ZOrganizationDetails>) {
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

/**
 * Replaces the organisation's monitoring security offices and dealers.
 * @throws 400 errors.badRequest (field securityOfficeIds or dealerIds) for an unknown id or a user who is no dealer.
 */
export async function setOrganizationLinks(db: Db, organizationId: number, d: { securityOfficeIds: number[]; dealerIds: number[] }) {
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

/** An organisation's single sign-on settings (the secret included: never returned to a client). */
export async function ssoSettings(db: Db, organizationId: number) {
  const [org] = await db
    .select({
      id: organizations.id,
      ssoDomain: organizations.ssoDomain,
      ssoIssuer: organizations.ssoIssuer,
      ssoClientId: organizations.ssoClientId,
      secret: organizations.ssoClientSecret,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return org;
}

/** Whether another organisation than `organizationId` signs in with the e-mail domain `ssoDomain`. */
export async function ssoDomainTaken(db: Db, ssoDomain: string, organizationId: number): Promise<boolean> {
  const [taken] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.ssoDomain, ssoDomain), ne(organizations.id, organizationId)))
    .limit(1);
  return !!taken;
}
