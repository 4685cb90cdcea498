/**
 * The head office of an organisation (spec §3 Head office; §2 /mainoffice; §7 getoffices "head
 * office get and update of timers, week schedule, holidays"). POST /api/client/getoffices serves
 * the head office and the regional list (regions.ts), so its request is put together here.
 */
import { z } from 'zod';
import { ZHoliday, ZTimers, ZWeekScheduleDay, contactFields, optionalId, ZContact, ZOfficeSchedule } from './fields.js';
import { ZAddregionalofficeBody, ZGetRegionalOfficesCases, ZRegionalDetails, ZOfficeRow } from './regions.js';

/** Head office details form: regional fields plus contacts (spec §3 Head office). */
export const ZHeadOfficeDetails = ZRegionalDetails.omit({ statusId: true }).extend(contactFields);
export type HeadOfficeDetails = z.input<typeof ZHeadOfficeDetails>;

/** POST /api/client/getoffices: regional list (csv optional), head office get and updates (spec §7). */
export const ZGetOfficesRequest = z.discriminatedUnion('case', [
  ...ZGetRegionalOfficesCases,
  z.object({ case: z.literal('GET-HEAD-OFFICE'), organizationId: optionalId() }),
  ZHeadOfficeDetails.extend({ case: z.literal('UPDATE-HEAD-OFFICE-DETAILS'), organizationId: optionalId() }),
  z.object({ case: z.literal('UPDATE-HEAD-OFFICE-WEEKSCHEDULE'), organizationId: optionalId(), days: z.array(ZWeekScheduleDay).max(7) }),
  z.object({ case: z.literal('UPDATE-HEAD-OFFICE-HOLIDAYS'), organizationId: optionalId(), holidays: z.array(ZHoliday).max(400) }),
  ZTimers.extend({ case: z.literal('UPDATE-HEAD-OFFICE-TIMERS'), organizationId: optionalId() }),
]);

/** Head office detail: row, contacts and schedule (spec §3 Head office). */
export const ZHeadOfficeDetail = z.strictObject({
  ...ZOfficeRow.shape,
  ...ZOfficeSchedule.shape,
  ...{
    OfficeTypeName: z.string(),
    /** Spec §3 Head office TaskNames: the names of the organisation's task list templates, by name. */
    TaskNames: z.array(z.string()),
    PrimaryContact: ZContact,
    SecondaryContact: ZContact,
  },
});
export type HeadOfficeDetail = z.output<typeof ZHeadOfficeDetail>;

/**
 * POST /api/client/getstatistics (spec §7 Offices and organisations: "getstatistics (branch
 * structure)"; issue 19): the organisation's branch structure for the head office page's chart.
 * `organizationId`: the dealer's selected organisation (others: their own; outside the scope 403).
 */
export const ZGetStatisticsRequest = z.object({
  case: z.literal('GET-BRANCH-STRUCTURE').default('GET-BRANCH-STRUCTURE'),
  organizationId: optionalId(),
});

/** Branches of one status group (spec §4 Active / Pending / Inactive) and how many are in test mode. */
export const ZBranchCounts = z.strictObject({
  Active: z.number(),
  Pending: z.number(),
  Inactive: z.number(),
  /** Branches in test mode (any status). */
  TestMode: z.number(),
  /** All branches. */
  Total: z.number(),
});
export type BranchCounts = z.output<typeof ZBranchCounts>;

/**
 * getstatistics body.statisticsobject: the organisation's regions in name order, each with its
 * branch counts and its branches per branch type, then the branches without a region (RegionalOfficeId
 * null, last, when there are any), and the totals. Counts are whole numbers of branch offices.
 */
export const ZBranchStructure = z.strictObject({
  OrganizationId: z.number(),
  OrganizationName: z.string(),
  Regions: z.array(
    ZBranchCounts.extend({
      RegionalOfficeId: z.number().nullable(),
      RegionalOfficeName: z.string().nullable(),
      /** Regional office status (spec §4); null for the branches without a region. */
      StatusId: z.number().nullable(),
      Types: z.array(
        z.strictObject({
          BranchOfficeTypeId: z.number(),
          BranchOfficeTypeDisplay: z.string(),
          Count: z.number(),
        }),
      ),
    }),
  ),
  /** Regions: regional offices of the organisation; Employees: its Active users. */
  Totals: ZBranchCounts.extend({
    Regions: z.number(),
    Employees: z.number(),
  }),
});
export type BranchStructure = z.output<typeof ZBranchStructure>;

// ---------------------------------------------------------------------------------------------
// Answer bodies of the routes (each route's schema.response is envelopeOf(body); docs/API.md)

/**
 * Answer body of POST /api/client/getoffices: a page of regional offices (GET-REGIONAL-OFFICES),
 * one regional office (GET-REGIONAL-OFFICE-BY-ID), or the head office (GET-HEAD-OFFICE and its
 * UPDATE-HEAD-OFFICE-* cases).
 */
export const ZGetofficesBody = z.union([
  z.strictObject({ officeobject: z.array(ZOfficeRow), total: z.number() }),
  ZAddregionalofficeBody,
  z.strictObject({ officeobject: ZHeadOfficeDetail }),
]);
export type GetofficesBody = z.output<typeof ZGetofficesBody>;

/** Answer body of POST /api/client/getstatistics. */
export const ZGetstatisticsBody = z.strictObject({ statisticsobject: ZBranchStructure });
export type GetstatisticsBody = z.output<typeof ZGetstatisticsBody>;
