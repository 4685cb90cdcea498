/**
 * Client organisations (spec §3 Organisation; §7 "Offices and organisations": client
 * getorganizations, admin getorganizations, getorganizationbyid, addclient, editclient including
 * its UPDATE-SSO case). The platform admin's client pages and the dealers' organisation selection.
 */
import { z } from 'zod';
import { ValidationKey } from './errors.js';
import {
  ZListPaging,
  ZOptionalEmail,
  ZOptionalPhone,
  ZStatusId,
  ZTimeZone,
  addressFields,
  contactFields,
  optionalText,
  requiredId,
  requiredText,
  ZContact,
  ZPostalAddress,
} from './fields.js';
import { zId } from './numbers.js';

/** POST /api/client/getorganizations: organisations in the caller's scope (the dealer's list, spec §6, §7). */
export const ZOrganizationSummary = z.strictObject({
  OrganizationId: z.number(),
  Name: z.string(),
  PhoneNumber: z.string().nullable(),
  Address: z.string().nullable(),
  City: z.string().nullable(),
  Country: z.string().nullable(),
  StatusId: z.number(),
});
export type OrganizationSummary = z.output<typeof ZOrganizationSummary>;

/** POST /api/admin/getorganizations (spec §7 Admin). */
export const ZOrganizationListRequest = z.object({ statusId: ZStatusId.optional(), ...ZListPaging });
/** Organisation form (spec §3 Organisation). */
export const ZOrganizationDetails = z.object({
  name: requiredText(),
  phoneNumber: ZOptionalPhone,
  email: ZOptionalEmail,
  ...addressFields,
  formattedAddress: optionalText(400),
  ...contactFields,
  statusId: ZStatusId.default(1),
  /** Time zone of the head office created with the organisation. */
  timeZone: ZTimeZone,
  securityOfficeIds: z.array(zId()).max(1000).default([]),
  dealerIds: z.array(zId()).max(1000).default([]),
});
export type OrganizationDetails = z.input<typeof ZOrganizationDetails>;
/** POST /api/admin/addclient (spec §7 Admin). */
export const ZAddClientRequest = ZOrganizationDetails;
/** POST /api/admin/editclient (spec §7 Admin). */
export const ZEditClientRequest = ZOrganizationDetails.extend({ organizationId: requiredId() });
/** POST /api/admin/getorganizationbyid {organizationId} (spec §7 Admin). */
export const ZGetOrganizationByIdRequest = z.object({ organizationId: requiredId() });

/** An organisation row of the admin list (spec §3 Organisation). */
export const ZOrganizationRow = ZPostalAddress.extend({
  OrganizationId: z.number(),
  Name: z.string(),
  PhoneNumber: z.string().nullable(),
  Email: z.string().nullable(),
  StatusId: z.number(),
  /** True when StatusId is 1 (spec §4). */
  Active: z.boolean(),
  BranchCount: z.number(),
});
export type OrganizationRow = z.output<typeof ZOrganizationRow>;
/** Organisation detail (spec §3 Organisation). */
export const ZOrganizationDetail = ZOrganizationRow.extend({
  Latitude: z.number().nullable(),
  Longitude: z.number().nullable(),
  FormattedAddress: z.string().nullable(),
  TimeZone: z.string(),
  PrimaryContact: ZContact,
  SecondaryContact: ZContact,
  HeadOfficeId: z.number().nullable(),
  Admins: z.array(
    z.strictObject({
      UserId: z.number(),
      Name: z.string(),
      Surname: z.string(),
      Email: z.string(),
      PhoneNumber: z.string().nullable(),
      StatusId: z.number(),
    }),
  ),
  Dealers: z.array(
    z.strictObject({
      UserId: z.number(),
      Name: z.string(),
      Surname: z.string(),
      DealerEmail: z.string(),
      PhoneNumber: z.string().nullable(),
      DealerAssignedHere: z.boolean(),
      StatusId: z.number(),
    }),
  ),
  SecurityOffices: z.array(
    z.strictObject({
      Id: z.number(),
      Name: z.string(),
    }),
  ),
});
export type OrganizationDetail = z.output<typeof ZOrganizationDetail>;

/**
 * POST /api/admin/editclient {case: 'UPDATE-SSO'} (platform admin): an organisation's OpenID
 * Connect settings. `ssoDomain` is the e-mail domain whose sign-ins go to the provider;
 * `ssoIssuer` the https issuer URL; `ssoClientSecret` may be omitted to keep the stored one.
 * `ssoIssuer: null` turns single sign-on off (and clears the other fields). The secret is never
 * returned. 404 for an unknown organisation; 409 when the domain belongs to another one.
 */
export const ZUpdateSsoRequest = z.union([
  z.object({
    case: z.literal('UPDATE-SSO'),
    organizationId: zId(),
    ssoDomain: z
      .string()
      .trim()
      .toLowerCase()
      .min(3)
      .max(255)
      .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, { error: ValidationKey.Formatted }),
    ssoIssuer: z.url({ protocol: /^https$/, error: ValidationKey.Formatted }).max(2048),
    ssoClientId: z.string().trim().min(1, { error: ValidationKey.Required }).max(255),
    ssoClientSecret: z.string().min(1).max(1024).optional(),
  }),
  z.object({ case: z.literal('UPDATE-SSO'), organizationId: zId(), ssoIssuer: z.null() }),
]);
export type UpdateSsoRequest = z.input<typeof ZUpdateSsoRequest>;

// ---------------------------------------------------------------------------------------------
// Answer bodies of the routes (each route's schema.response is envelopeOf(body); docs/API.md)

/** Answer body of POST /api/client/getorganizations. */
export const ZGetorganizationsBody = z.strictObject({ organizationobject: z.array(ZOrganizationSummary) });
export type GetorganizationsBody = z.output<typeof ZGetorganizationsBody>;

/** Answer body of POST /api/admin/getorganizations. */
export const ZAdminGetorganizationsBody = z.strictObject({ organizationobject: z.array(ZOrganizationRow), total: z.number() });
export type AdminGetorganizationsBody = z.output<typeof ZAdminGetorganizationsBody>;

/** Answer body of POST /api/admin/getorganizationbyid, POST /api/admin/addclient. */
export const ZAdminGetorganizationbyidBody = z.strictObject({ organizationobject: ZOrganizationDetail });
export type AdminGetorganizationbyidBody = z.output<typeof ZAdminGetorganizationbyidBody>;

/** The single sign-on settings as editclient UPDATE-SSO answers them (the secret only as "set"). */
export const ZSsoSettingsBody = z.strictObject({
  OrganizationId: z.number(),
  SsoDomain: z.string().nullable(),
  SsoIssuer: z.string().nullable(),
  SsoClientId: z.string().nullable(),
  SsoClientSecretSet: z.boolean(),
});
export type SsoSettingsBody = z.output<typeof ZSsoSettingsBody>;

/** Answer body of POST /api/admin/editclient: the organisation (edit) or its single sign-on settings (UPDATE-SSO). */
export const ZAdminEditclientBody = z.union([ZAdminGetorganizationbyidBody, ZSsoSettingsBody]);
