/**
 * Regional offices (spec §3 Regional office; §7 "Offices and organisations": addregionaloffice,
 * manageregionaloffices, getoffices GET-REGIONAL-OFFICES and GET-REGIONAL-OFFICE-BY-ID). The
 * getoffices request as a whole, with the head office cases, is in head-office.ts.
 */
import { z } from 'zod';
import {
  ZHoliday,
  ZListPaging,
  ZOptionalEmail,
  ZOptionalPhone,
  ZStatusId,
  ZTimeZone,
  ZTimers,
  ZWeekScheduleDay,
  addressFields,
  optionalId,
  requiredId,
  requiredText,
  ZOfficeContact,
} from './fields.js';

/** Regional office details form (spec §3 Regional office; §5 validation). */
export const ZRegionalDetails = z.object({
  name: requiredText(),
  code: requiredText(50),
  phoneNumber: ZOptionalPhone,
  email: ZOptionalEmail,
  ...addressFields,
  timeZone: ZTimeZone,
  statusId: ZStatusId.default(1),
});
export type RegionalDetails = z.input<typeof ZRegionalDetails>;
/** POST /api/client/addregionaloffice (spec §7). */
export const ZAddRegionalOfficeRequest = ZRegionalDetails.extend({ organizationId: optionalId() });
/** POST /api/client/manageregionaloffices: details, week schedule, holidays, timers (spec §7). */
export const ZManageRegionalOfficesRequest = z.discriminatedUnion('case', [
  ZRegionalDetails.extend({ case: z.literal('UPDATE-REGIONAL-OFFICE-DETAILS'), regionalOfficeId: requiredId() }),
  z.object({
    case: z.literal('UPDATE-REGIONAL-OFFICE-WEEKSCHEDULE'),
    regionalOfficeId: requiredId(),
    days: z.array(ZWeekScheduleDay).max(7),
  }),
  z.object({ case: z.literal('UPDATE-REGIONAL-OFFICE-HOLIDAYS'), regionalOfficeId: requiredId(), holidays: z.array(ZHoliday).max(400) }),
  ZTimers.extend({ case: z.literal('UPDATE-REGIONAL-OFFICE-TIMERS'), regionalOfficeId: requiredId() }),
]);

/** getoffices cases of the regional offices (spec §7 "regional list with optional csv blob"): the list, and one by id. */
export const ZGetRegionalOfficesCases = [
  z.object({ case: z.literal('GET-REGIONAL-OFFICES'), organizationId: optionalId(), statusId: ZStatusId.optional(), ...ZListPaging }),
  z.object({ case: z.literal('GET-REGIONAL-OFFICE-BY-ID'), regionalOfficeId: requiredId() }),
] as const;

/** A regional or head office row (spec §3 Regional office, Head office). */
export const ZOfficeRow = ZOfficeContact.extend({
  Id: z.number(),
  OrganizationId: z.number(),
  OrganizationName: z.string(),
  OfficeTypeId: z.number(),
  Name: z.string(),
  Code: z.string(),
  TimeZone: z.string(),
  Dst: z.string(),
  StatusId: z.number(),
  Status: z.string(),
  BranchCount: z.number(),
});
export type OfficeRow = z.output<typeof ZOfficeRow>;

// ---------------------------------------------------------------------------------------------
// Answer bodies of the routes (each route's schema.response is envelopeOf(body); docs/API.md)

/** Answer body of POST /api/client/addregionaloffice, POST /api/client/manageregionaloffices. */
export const ZAddregionalofficeBody = z.strictObject({
  officeobject: z.strictObject({
    WeekSchedule: z.array(z.strictObject({ weekday: z.number(), opensAt: z.string(), closesAt: z.string() })),
    HolidaysTemplate: z.array(z.strictObject({ day: z.string(), name: z.string() })),
    Opening: z.number(),
    Closing: z.number(),
    Servicing: z.number(),
    AutoCloseTime: z.string().nullable(),
    Address: z.string().nullable(),
    City: z.string().nullable(),
    State: z.string().nullable(),
    ZipCode: z.string().nullable(),
    Country: z.string().nullable(),
    PhoneNumber: z.string().nullable(),
    Email: z.string().nullable(),
    Latitude: z.number().nullable(),
    Longitude: z.number().nullable(),
    Id: z.number(),
    OrganizationId: z.number(),
    OrganizationName: z.string(),
    OfficeTypeId: z.number(),
    Name: z.string(),
    Code: z.string(),
    TimeZone: z.string(),
    Dst: z.string(),
    StatusId: z.number(),
    Status: z.string(),
    BranchCount: z.number(),
  }),
});
export type AddregionalofficeBody = z.output<typeof ZAddregionalofficeBody>;
