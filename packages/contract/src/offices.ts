/** Offices calls used by the dashboard (spec §7 Offices and organisations; §3 Branch office). */
import { z } from 'zod';

/** POST /api/client/getofficesv2 case GET-ALL-BRANCH-OFFICES (spec §7). Paging: offset/limit rows. */
export const ZGetOfficesV2Request = z.object({
  case: z.literal('GET-ALL-BRANCH-OFFICES'),
  /** Dealers (role 12) act on one selected organisation; others may omit it. */
  organizationId: z.coerce.number().int().positive().optional(),
  regionalOfficeId: z.coerce.number().int().positive().optional(),
  search: z.string().trim().max(200).optional(),
  statusId: z.coerce.number().int().optional(),
  branchOfficeTypeId: z.coerce.number().int().positive().optional(),
  securityOfficeId: z.coerce.number().int().positive().optional(),
  testMode: z.boolean().optional(),
  /** 'csv': every matching branch streamed as a CSV file instead of a page. */
  format: z.literal('csv').optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(10_000).default(10_000),
});
export type GetOfficesV2Request = z.input<typeof ZGetOfficesV2Request>;

/** A postal address as rows carry it (spec §3: Address, City, State, ZipCode, Country). */
export interface PostalAddress {
  Address: string | null;
  City: string | null;
  State: string | null;
  ZipCode: string | null;
  Country: string | null;
}

/** Where an office is and how to reach it: its address, phone, e-mail and WGS 84 coordinates (degrees). */
export interface OfficeContact extends PostalAddress {
  PhoneNumber: string | null;
  Email: string | null;
  Latitude: number | null;
  Longitude: number | null;
}

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
export interface GetOfficesV2Body {
  organizationobject: BranchOfficeRow[];
  total: number;
}

/** POST /api/client/getorganizations: organisations in the caller's scope (the dealer's list, spec §6). */
export interface OrganizationSummary {
  OrganizationId: number;
  Name: string;
  PhoneNumber: string | null;
  Address: string | null;
  City: string | null;
  Country: string | null;
  StatusId: number;
}
