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
  type OfficeContact,
} from './fields.js';
import { INT16_MAX, zId, zInteger, zOffset } from './numbers.js';

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
export interface BranchOfficeRow extends OfficeContact {
  BranchOfficeId: number;
  OrganizationId: number;
  OrganizationName: string;
  RegionalOfficeId: number | null;
  RegionalOfficeName: string | null;
  Name: string;
  Code: string;
  StatusId: number;
  Status: string;
  TestMode: boolean;
  TestNote: string | null;
  BranchAction: string | null;
  /** When the last BranchAction happened, UTC ISO 8601. */
  BranchActionTime: string | null;
  BranchOfficeTypeId: number;
  BranchOfficeTypeDisplay: string;
  /** IANA zone name, e.g. Europe/Tirane. */
  BranchTimeZone: string;
  /** Zone abbreviation now, e.g. CET/CEST. */
  BranchDst: string;
  SecurityOfficeId: number | null;
  SecurityOfficeName: string | null;
  GeofenceRadius: number;
}
/** getofficesv2 answer body (spec §7: body.organizationobject), with the total count of matches. */
export interface GetOfficesV2Body {
  organizationobject: BranchOfficeRow[];
  total: number;
}

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
export interface BranchOfficeType {
  BranchOfficeTypeId: number;
  BranchOfficeType: string;
  BranchOfficeTypeDescription: string;
  BranchOfficeTypeDisplay: string;
}

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
export interface MapBranch {
  BranchOfficeId: number;
  Name: string;
  OrganizationId: number;
  RegionalOfficeId: number | null;
  StatusId: number;
  Latitude: number | null;
  Longitude: number | null;
  BranchAction: string | null;
  BranchActionTime: string | null;
  TestMode: boolean;
}
/** The getofficesformap answer body. */
export interface GetOfficesForMapBody {
  organizationobject: MapBranch[];
  organizationfeatures: {
    type: 'FeatureCollection';
    features: { type: 'Feature'; geometry: { type: 'Point'; coordinates: [number, number] }; properties: MapBranch }[];
  };
}

/** An SMS operator (spec §3 Operator: Brand, SmsDomain): its e-mail-to-SMS gateway domain, used for a user's CarrierInfo. */
export interface KnownOperator {
  Brand: string;
  SmsDomain: string;
}
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
