/**
 * Security offices: the monitoring centres whose staff (roles 5 and 8) watch the organisations
 * they manage (spec §3 Security office; §7 getallsecurityoffices, admin getAllSecurityOffices,
 * addsecurityoffice add and update).
 */
import { z } from 'zod';
import {
  ZListPaging,
  ZOptionalEmail,
  ZOptionalPhone,
  ZStatusId,
  ZTimeZone,
  addressFields,
  optionalId,
  requiredId,
  requiredText,
  ZOfficeContact,
} from './fields.js';
import { zId } from './numbers.js';

/** POST /api/client/getallsecurityoffices and /api/admin/getAllSecurityOffices (spec §7). */
export const ZSecurityOfficeListRequest = z.object({ organizationId: optionalId(), statusId: ZStatusId.optional(), ...ZListPaging });
/** Security office form (spec §3 Security office). */
export const ZSecurityOfficeDetails = z.object({
  name: requiredText(),
  code: requiredText(50),
  phoneNumber: ZOptionalPhone,
  email: ZOptionalEmail,
  ...addressFields,
  timeZone: ZTimeZone,
  isMonitoring: z.boolean().default(true),
  statusId: ZStatusId.default(1),
  /** Organisations it monitors (Managing). */
  organizationIds: z.array(zId()).max(1000).default([]),
});
export type SecurityOfficeDetails = z.input<typeof ZSecurityOfficeDetails>;
/** POST /api/admin/addsecurityoffice (add and update; spec §7). */
export const ZAddSecurityOfficeRequest = z.discriminatedUnion('case', [
  ZSecurityOfficeDetails.extend({ case: z.literal('ADD-SECURITY-OFFICE') }),
  ZSecurityOfficeDetails.extend({ case: z.literal('UPDATE-SECURITY-OFFICE'), securityOfficeId: requiredId() }),
]);
/** A security office row (spec §3 Security office). */
export const ZSecurityOfficeRow = ZOfficeContact.extend({
  SecurityOfficeId: z.number(),
  Name: z.string(),
  Code: z.string(),
  TimeZone: z.string(),
  IsMonitoring: z.boolean(),
  StatusId: z.number(),
  Status: z.string(),
  Managing: z.array(
    z.strictObject({
      OrganizationId: z.number(),
      OrganizationName: z.string(),
    }),
  ),
  Admins: z.array(
    z.strictObject({
      AdminId: z.number(),
      AdminName: z.string(),
      AdminSurname: z.string(),
      AdminEmail: z.string(),
      AdminPhoneNumber: z.string().nullable(),
      StatusId: z.number(),
    }),
  ),
});
export type SecurityOfficeRow = z.output<typeof ZSecurityOfficeRow>;

// ---------------------------------------------------------------------------------------------
// Answer bodies of the routes (each route's schema.response is envelopeOf(body); docs/API.md)

/** Answer body of POST /api/client/getallsecurityoffices, POST /api/admin/getAllSecurityOffices. */
export const ZGetallsecurityofficesBody = z.strictObject({ securityofficeobject: z.array(ZSecurityOfficeRow), total: z.number() });
export type GetallsecurityofficesBody = z.output<typeof ZGetallsecurityofficesBody>;

/** Answer body of POST /api/admin/addsecurityoffice. */
export const ZAdminAddsecurityofficeBody = z.strictObject({ securityofficeobject: ZSecurityOfficeRow });
export type AdminAddsecurityofficeBody = z.output<typeof ZAdminAddsecurityofficeBody>;
