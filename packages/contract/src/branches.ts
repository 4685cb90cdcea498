/**
 * Branch offices, called locations (spec §3 Branch office, Branch type; §7 "Offices and
 * organisations": getofficesv2, getbranchbyidv2, getknownoperators, addbranchoffice,
 * managebranchoffices, setbranchmode). The board and list rows, the branch form and the console's
 * branch mode. The zod schemas are shared: the server validates request bodies with them and the
 * console's forms use them through zodResolver, so both give the same catalogue messages.
 */
import { z } from 'zod';
import {
  ZOptionalEmail,
  ZOptionalPhone,
  ZHoliday,
  ZStatusId,
  ZTimeZone,
  ZTimers,
  ZWeekScheduleDay,
  addressFields,
  intRange,
  optionalId,
  optionalText,
  requiredId,
  requiredText,
  ZOfficeContact,
} from './fields.js';
import { INT16_MAX, zId, zInteger, zOffset } from './numbers.js';
import { ZChecklistTemplateData, ZLastTaskData } from './task-lists.js';

/** How a branch type's display name is shown (spec §3 Branch office: the value 'Branch / Location' is shown as 'Branch'). */
export function branchTypeDisplay(display: string): string {
  return display === 'Branch / Location' ? 'Branch' : display;
}

/** POST /api/client/getofficesv2 case GET-ALL-BRANCH-OFFICES (spec §7). Paging: offset/limit rows. */
export const ZGetOfficesV2Request = z.object({
  case: z.literal('GET-ALL-BRANCH-OFFICES'),
  /** Dealers (role 12) act on one selected organisation; others may omit it. */
  organizationId: zId().optional(),
  regionalOfficeId: zId().optional(),
  search: z.string().trim().max(200).optional(),
  statusId: zInteger(0, INT16_MAX).optional(),
  branchOfficeTypeId: zId().optional(),
  securityOfficeId: zId().optional(),
  testMode: z.boolean().optional(),
  /** 'csv': every matching branch streamed as a CSV file instead of a page. */
  format: z.literal('csv').optional(),
  offset: zOffset().default(0),
  limit: zInteger(1, 10_000).default(10_000),
});
export type GetOfficesV2Request = z.input<typeof ZGetOfficesV2Request>;

/** A branch as the board and list read it (spec §3 Branch office; times are UTC ISO strings). */
export const ZBranchOfficeRow = ZOfficeContact.extend({
  BranchOfficeId: z.number(),
  OrganizationId: z.number(),
  OrganizationName: z.string(),
  RegionalOfficeId: z.number().nullable(),
  RegionalOfficeName: z.string().nullable(),
  Name: z.string(),
  Code: z.string(),
  StatusId: z.number(),
  Status: z.string(),
  TestMode: z.boolean(),
  TestNote: z.string().nullable(),
  BranchAction: z.string().nullable(),
  /** When the last BranchAction happened, UTC ISO 8601. */
  BranchActionTime: z.string().nullable(),
  BranchOfficeTypeId: z.number(),
  BranchOfficeTypeDisplay: z.string(),
  /** IANA zone name, e.g. Europe/Tirane. */
  BranchTimeZone: z.string(),
  /** Zone abbreviation now, e.g. CET/CEST. */
  BranchDst: z.string(),
  SecurityOfficeId: z.number().nullable(),
  SecurityOfficeName: z.string().nullable(),
  GeofenceRadius: z.number(),
});
export type BranchOfficeRow = z.output<typeof ZBranchOfficeRow>;
/** getofficesv2 answer body (spec §7: body.organizationobject), with the total count of matches. */
export const ZGetOfficesV2Body = z.strictObject({
  organizationobject: z.array(ZBranchOfficeRow),
  total: z.number(),
});
export type GetOfficesV2Body = z.output<typeof ZGetOfficesV2Body>;

/** Branch details form (spec §3 Branch office; §5 validation). */
export const ZBranchDetails = z.object({
  name: requiredText(),
  code: requiredText(50),
  regionalOfficeId: optionalId(),
  branchOfficeTypeId: requiredId(),
  securityOfficeId: optionalId(),
  phoneNumber: ZOptionalPhone,
  email: ZOptionalEmail,
  ...addressFields,
  timeZone: ZTimeZone,
  geofenceRadius: intRange(10, 10_000),
  testMode: z.boolean().default(false),
  testNote: optionalText(500),
  statusId: ZStatusId.default(1),
});
export type BranchDetails = z.input<typeof ZBranchDetails>;

/** POST /api/client/addbranchoffice (ADD-BRANCH-OFFICE, UPDATE-BRANCH-OFFICE; spec §7). */
export const ZAddBranchOfficeRequest = z.discriminatedUnion('case', [
  ZBranchDetails.extend({ case: z.literal('ADD-BRANCH-OFFICE'), organizationId: optionalId() }),
  ZBranchDetails.extend({ case: z.literal('UPDATE-BRANCH-OFFICE'), branchOfficeId: requiredId() }),
]);
/** POST /api/client/managebranchoffices (UPDATE-BRANCH-OFFICE-*; spec §7). GET-ACTIVITIES-BY-BRANCH-ID is in reports.ts. */
export const ZManageBranchOfficesRequest = z.discriminatedUnion('case', [
  ZBranchDetails.extend({ case: z.literal('UPDATE-BRANCH-OFFICE-DETAILS'), branchOfficeId: requiredId() }),
  z.object({ case: z.literal('UPDATE-BRANCH-OFFICE-WEEKSCHEDULE'), branchOfficeId: requiredId(), days: z.array(ZWeekScheduleDay).max(7) }),
  z.object({ case: z.literal('UPDATE-BRANCH-OFFICE-HOLIDAYS'), branchOfficeId: requiredId(), holidays: z.array(ZHoliday).max(400) }),
  ZTimers.extend({ case: z.literal('UPDATE-BRANCH-OFFICE-TIMERS'), branchOfficeId: requiredId() }),
]);
/** POST /api/client/getbranchbyidv2 (spec §7). */
export const ZGetBranchByIdRequest = z.object({ case: z.literal('GET-BRANCH-OFFICE-BY-BRANCHOFFICEID'), branchOfficeId: requiredId() });
/** POST /api/client/getknownoperators (spec §7). */
export const ZGetKnownOperatorsRequest = z.object({ case: z.literal('GET-BRANCH-OFFICE-TYPES') });

/** Branch type (spec §3 Branch type); the display 'Branch / Location' is given as 'Branch'. */
export const ZBranchOfficeType = z.strictObject({
  BranchOfficeTypeId: z.number(),
  BranchOfficeType: z.string(),
  BranchOfficeTypeDescription: z.string(),
  BranchOfficeTypeDisplay: z.string(),
});
export type BranchOfficeType = z.output<typeof ZBranchOfficeType>;

/** Console: POST /api/client/setbranchmode case SET-BRANCH-MODE (spec §7; §4 open, close, service). */
export const ZSetBranchModeRequest = z.object({
  case: z.literal('SET-BRANCH-MODE'),
  branchOfficeId: zId(),
  mode: z.enum(['OPEN', 'CLOSE', 'SERVICE']),
});

/**
 * POST /api/client/getbranchbyregionalid (spec §7), case GET-BRANCH-OFFICES-BY-REGION: the
 * branches of one regional office within the caller's scope, by name. Answer `{organizationobject:
 * BranchOfficeRow[]}`; a region outside the scope (or unknown) 404 errors.notFound.
 */
export const ZGetBranchByRegionRequest = z.object({ case: z.literal('GET-BRANCH-OFFICES-BY-REGION'), regionalOfficeId: requiredId() });

/**
 * POST /api/client/getofficesformap (spec §7), case GET-FOR-MAP-COMPACT: every branch in scope
 * (optionally of one organisation, dealers) in a compact form for a map. Answer
 * `{organizationobject: MapBranch[], organizationfeatures: GeoJSON FeatureCollection}` (features:
 * the branches that have a position, Point [lng, lat] with the MapBranch as properties).
 */
export const ZGetOfficesForMapRequest = z.object({ case: z.literal('GET-FOR-MAP-COMPACT'), organizationId: zId().optional() });

/** A branch on the map (compact): position in WGS 84 degrees (null when unknown), its latest BranchAction. */
export const ZMapBranch = z.strictObject({
  BranchOfficeId: z.number(),
  Name: z.string(),
  OrganizationId: z.number(),
  RegionalOfficeId: z.number().nullable(),
  StatusId: z.number(),
  Latitude: z.number().nullable(),
  Longitude: z.number().nullable(),
  BranchAction: z.string().nullable(),
  BranchActionTime: z.string().nullable(),
  TestMode: z.boolean(),
});
export type MapBranch = z.output<typeof ZMapBranch>;
/** The getofficesformap answer body. */
export const ZGetOfficesForMapBody = z.strictObject({
  organizationobject: z.array(ZMapBranch),
  organizationfeatures: z.strictObject({
    type: z.literal('FeatureCollection'),
    features: z.array(
      z.strictObject({
        type: z.literal('Feature'),
        geometry: z.strictObject({
          type: z.literal('Point'),
          coordinates: z.tuple([z.number(), z.number()]),
        }),
        properties: ZMapBranch,
      }),
    ),
  }),
});
export type GetOfficesForMapBody = z.output<typeof ZGetOfficesForMapBody>;

/** An SMS operator (spec §3 Operator: Brand, SmsDomain): its e-mail-to-SMS gateway domain, used for a user's CarrierInfo. */
export const ZKnownOperator = z.strictObject({
  Brand: z.string(),
  SmsDomain: z.string(),
});
export type KnownOperator = z.output<typeof ZKnownOperator>;
/** The operators getknownoperators answers (US carriers' public e-mail-to-SMS gateways), by brand. */
export const KNOWN_OPERATORS: readonly KnownOperator[] = [
  { Brand: 'AT&T', SmsDomain: 'txt.att.net' },
  { Brand: 'Boost Mobile', SmsDomain: 'sms.myboostmobile.com' },
  { Brand: 'C Spire', SmsDomain: 'cspire1.com' },
  { Brand: 'Consumer Cellular', SmsDomain: 'mailmymobile.net' },
  { Brand: 'Cricket Wireless', SmsDomain: 'sms.cricketwireless.net' },
  { Brand: 'Google Fi', SmsDomain: 'msg.fi.google.com' },
  { Brand: 'Metro by T-Mobile', SmsDomain: 'mymetropcs.com' },
  { Brand: 'Mint Mobile', SmsDomain: 'mailmymobile.net' },
  { Brand: 'Republic Wireless', SmsDomain: 'text.republicwireless.com' },
  { Brand: 'T-Mobile', SmsDomain: 'tmomail.net' },
  { Brand: 'Ting', SmsDomain: 'message.ting.com' },
  { Brand: 'US Cellular', SmsDomain: 'email.uscc.net' },
  { Brand: 'Verizon', SmsDomain: 'vtext.com' },
  { Brand: 'Virgin Mobile', SmsDomain: 'vmobl.com' },
  { Brand: 'Xfinity Mobile', SmsDomain: 'vtext.com' },
];

// ---------------------------------------------------------------------------------------------
// Answer bodies of the routes (each route's schema.response is envelopeOf(body); docs/API.md)

/** Answer body of POST /api/client/getbranchbyidv2, POST /api/client/addbranchoffice. */
export const ZGetbranchbyidv2Body = z.strictObject({
  branchofficeobject: ZBranchOfficeRow.extend({
    ChecklistTemplatesData: z.array(ZChecklistTemplateData),
    LastTask: ZLastTaskData.nullable(),
    CreatedOn: z.string(),
    FirstUseDate: z.string().nullable(),
    Opening: z.number(),
    Closing: z.number(),
    Servicing: z.number(),
    AutoCloseTime: z.string().nullable(),
    WeekSchedule: z.array(z.strictObject({ weekday: z.number(), opensAt: z.string(), closesAt: z.string() })),
    HolidaysTemplate: z.array(z.strictObject({ day: z.string(), name: z.string() })),
    Altitude: z.number().nullable(),
  }),
});
export type Getbranchbyidv2Body = z.output<typeof ZGetbranchbyidv2Body>;

/** Answer body of POST /api/client/getknownoperators. */
export const ZGetknownoperatorsBody = z.strictObject({ branchofficetypes: z.array(ZBranchOfficeType), operators: z.array(ZKnownOperator) });
export type GetknownoperatorsBody = z.output<typeof ZGetknownoperatorsBody>;

/** Answer body of POST /api/client/getbranchbyregionalid. */
export const ZGetbranchbyregionalidBody = z.strictObject({ organizationobject: z.array(ZBranchOfficeRow) });
export type GetbranchbyregionalidBody = z.output<typeof ZGetbranchbyregionalidBody>;

/** Answer body of POST /api/client/setbranchmode. */
export const ZSetbranchmodeBody = z.strictObject({
  NotificationId: z.number(),
  BranchOfficeId: z.number(),
  BranchAction: z.enum(['Service', 'Open', 'Close']),
  At: z.string(),
});
export type SetbranchmodeBody = z.output<typeof ZSetbranchmodeBody>;
