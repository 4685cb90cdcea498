/**
 * Organisation writes of the platform admin (spec §7 Admin addclient, editclient; docs/API.md
 * "Account lifecycle" for editclient UPDATE-SSO): a new organisation with its head office, the
 * organisation edit (address, contacts, status, head-office zone, dealers, monitoring security
 * offices) and its single sign-on settings. Every change is audited with before and after.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  AccountKey,
  StatusId,
  type OrganizationDetail,
  type ZAddClientRequest,
  type ZEditClientRequest,
  type ZUpdateSsoRequest,
  type SsoSettingsBody,
} from '@vigil/contract';
import type { Db } from '../../db/client.js';
import { offices, OfficeType, organizations } from '../../db/schema/index.js';
import { AppError, notFound } from '../../plugins/errors.js';
import { withConflicts } from '../../lib/writes.js';
import { writeAudit } from '../audit/audit.service.js';
import { forgetProviderConfig } from '../auth/sso.service.js';
import { presentOrganizationDetail } from './organizations.presenter.js';
import {
  listOrganizationsAdmin,
  organizationColumns,
  organizationDetailParts,
  setOrganizationLinks,
  ssoDomainTaken,
  ssoSettings,
} from './organizations.repository.js';

/** Who writes and from where (audit). */
export interface Writer {
  userId: number;
  ip: string;
}

/** The admin detail of an organisation. @throws 404 for an unknown id. */
export async function organizationDetail(db: Db, id: number): Promise<OrganizationDetail> {
  const { list } = await listOrganizationsAdmin(db, { organizationId: id, offset: 0, limit: 1, count: false });
  const row = list[0];
  if (!row) throw notFound();
  return presentOrganizationDetail(row.o, row.branchCount, await organizationDetailParts(db, id));
}

/**
 * addclient: the organisation, its head office (named "<name> Head Office", code HO, in the
 * requested zone), dealers and monitoring security offices, in one transaction.
 * @throws 400 for unknown links, 409 management.errors.nameInUse.
 */
export async function addClient(db: Db, by: Writer, d: z.output<typeof ZAddClientRequest>): Promise<OrganizationDetail> {
  const id = await withConflicts(() =>
    db.transaction(async (tx) => {
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
        actorUserId: by.userId,
        action: 'add-client',
        entity: 'organizations',
        entityId: org!.id,
        after: { ...org, headOfficeId: ho!.id, securityOfficeIds: d.securityOfficeIds, dealerIds: d.dealerIds },
        ip: by.ip,
      });
      return org!.id;
    }),
  );
  return organizationDetail(db, id);
}

/**
 * editclient (without `case`): edits an organisation — address, coordinates, contacts, status,
 * head-office zone, dealers and monitoring security offices.
 * @throws 404 for an unknown organisation, 400 for unknown links, 409 management.errors.nameInUse.
 */
export async function editClient(db: Db, by: Writer, d: z.output<typeof ZEditClientRequest>): Promise<OrganizationDetail> {
  const before = await organizationDetail(db, d.organizationId);
  await withConflicts(() =>
    db.transaction(async (tx) => {
      const [after] = await tx.update(organizations).set(organizationColumns(d)).where(eq(organizations.id, d.organizationId)).returning();
      await tx
        .update(offices)
        .set({ timeZone: d.timeZone, updatedAt: new Date() })
        .where(and(eq(offices.organizationId, d.organizationId), eq(offices.officeTypeId, OfficeType.HeadOffice)));
      await setOrganizationLinks(tx, d.organizationId, d);
      await writeAudit(tx, {
        actorUserId: by.userId,
        action: 'edit-client',
        entity: 'organizations',
        entityId: d.organizationId,
        before,
        after: { ...after, timeZone: d.timeZone, securityOfficeIds: d.securityOfficeIds, dealerIds: d.dealerIds },
        ip: by.ip,
      });
    }),
  );
  return organizationDetail(db, d.organizationId);
}

/**
 * editclient UPDATE-SSO: sets an organisation's single sign-on settings (`ssoIssuer: null` turns
 * it off and clears the rest; an omitted secret keeps the stored one) and forgets the cached
 * provider configuration. The secret is audited only as "changed".
 * @throws 404 for an unknown organisation, 409 account.errors.ssoDomainTaken (field ssoDomain).
 */
export async function updateSso(db: Db, by: Writer, b: z.output<typeof ZUpdateSsoRequest>): Promise<SsoSettingsBody> {
  const org = await ssoSettings(db, b.organizationId);
  if (!org) throw notFound();
  const before = { ssoDomain: org.ssoDomain, ssoIssuer: org.ssoIssuer, ssoClientId: org.ssoClientId };
  let next: { ssoDomain: string | null; ssoIssuer: string | null; ssoClientId: string | null; ssoClientSecret: string | null };
  if (b.ssoIssuer === null) {
    next = { ssoDomain: null, ssoIssuer: null, ssoClientId: null, ssoClientSecret: null };
  } else {
    if (await ssoDomainTaken(db, b.ssoDomain, org.id)) throw new AppError(409, AccountKey.SsoDomainTaken, {}, 'ssoDomain');
    next = { ssoDomain: b.ssoDomain, ssoIssuer: b.ssoIssuer, ssoClientId: b.ssoClientId, ssoClientSecret: b.ssoClientSecret ?? org.secret };
  }
  await db
    .update(organizations)
    .set({ ...next, updatedAt: new Date() })
    .where(eq(organizations.id, org.id));
  forgetProviderConfig(org.id);
  await writeAudit(db, {
    actorUserId: by.userId,
    action: 'update-sso',
    entity: 'organizations',
    entityId: org.id,
    ip: by.ip,
    before,
    after: {
      ssoDomain: next.ssoDomain,
      ssoIssuer: next.ssoIssuer,
      ssoClientId: next.ssoClientId,
      secretChanged: next.ssoClientSecret !== org.secret,
    },
  });
  return {
    OrganizationId: org.id,
    SsoDomain: next.ssoDomain,
    SsoIssuer: next.ssoIssuer,
    SsoClientId: next.ssoClientId,
    SsoClientSecretSet: !!next.ssoClientSecret,
  };
}
