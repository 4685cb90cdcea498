/** Branch shapes (spec §3 Branch office): the getofficesv2 row, the detail, the branch types and the CSV export. */
import { branchTypeDisplay, formatPhoneInternational, statusLabel, type BranchOfficeRow, type BranchOfficeType } from '@vigil/contract';
import type { branchOfficeTypes } from '../../db/schema/index.js';
import type { NameKey } from '../../lib/list-query.js';
import { presentTimers, type readSchedule } from '../../lib/office-schedule.js';
import { zoneAbbreviationNow } from '../../lib/time-zones.js';
import { iso } from '../../lib/zone-time.js';
import type { BoardBranchFields, BoardBranchRow, BranchListRow, BranchRowNames } from './branches.repository.js';

/** The list row of a branch (getofficesv2 organizationobject) of a `listBranches` row. */
export function presentBranch(r: BranchListRow): BranchOfficeRow {
  return presentBranchFields(r.b, r);
}

/** The list row of a branch (getofficesv2 organizationobject) of a `boardBranches` row. */
export function presentBoardBranch(r: BoardBranchRow): BranchOfficeRow {
  return presentBranchFields(r, r);
}

/** The list row of a branch of its columns `b` and the names joined to it `r`. */
function presentBranchFields(b: BoardBranchFields, r: BranchRowNames): BranchOfficeRow {
  return {
    BranchOfficeId: b.id,
    OrganizationId: b.organizationId,
    OrganizationName: r.organizationName,
    RegionalOfficeId: b.regionalOfficeId,
    RegionalOfficeName: r.regionalOfficeName,
    Name: b.name,
    Code: b.code,
    Address: b.address,
    City: b.city,
    State: b.state,
    ZipCode: b.zipCode,
    Country: b.country,
    PhoneNumber: b.phoneNumber,
    Email: b.email,
    Latitude: b.latitude,
    Longitude: b.longitude,
    StatusId: b.statusId,
    Status: statusLabel(b.statusId),
    TestMode: b.testMode,
    TestNote: b.testNote,
    BranchAction: b.branchAction,
    BranchActionTime: b.branchActionAt ? iso(b.branchActionAt) : null,
    BranchOfficeTypeId: b.branchOfficeTypeId,
    BranchOfficeTypeDisplay: branchTypeDisplay(r.typeDisplay),
    BranchTimeZone: b.timeZone,
    BranchDst: zoneAbbreviationNow(b.timeZone),
    SecurityOfficeId: b.securityOfficeId,
    SecurityOfficeName: r.securityOfficeName,
    GeofenceRadius: b.geofenceRadius,
  };
}

/** A branch office type as getknownoperators lists it. */
export function presentBranchType(t: typeof branchOfficeTypes.$inferSelect): BranchOfficeType {
  return {
    BranchOfficeTypeId: t.id,
    BranchOfficeType: t.type,
    BranchOfficeTypeDescription: t.description,
    BranchOfficeTypeDisplay: branchTypeDisplay(t.display),
  };
}

/** The branch detail of getbranchbyidv2 and the writes: the list row plus schedule (`schedule` from readSchedule), timers and dates. */
export function presentBranchDetail(r: BranchListRow, schedule: Awaited<ReturnType<typeof readSchedule>>) {
  const b = r.b;
  return {
    ...presentBranch(r),
    Altitude: b.altitude,
    ...schedule,
    ...presentTimers(b),
    CreatedOn: b.createdAt.toISOString(),
    FirstUseDate: b.firstUseDate,
  };
}

/** Column header of the branch CSV export. */
export const BRANCH_CSV_HEADER = [
  'Id',
  'Name',
  'Code',
  'Type',
  'Organization',
  'Region',
  'Address',
  'City',
  'State',
  'ZipCode',
  'Country',
  'PhoneNumber',
  'Email',
  'Latitude',
  'Longitude',
  'TimeZone',
  'Status',
  'TestMode',
  'SecurityOffice',
  'GeofenceRadius',
];

/** One CSV row of a branch. */
export function branchCsvRow(r: BranchListRow): unknown[] {
  const b = presentBranch(r);
  return [
    b.BranchOfficeId,
    b.Name,
    b.Code,
    b.BranchOfficeTypeDisplay,
    b.OrganizationName,
    b.RegionalOfficeName,
    b.Address,
    b.City,
    b.State,
    b.ZipCode,
    b.Country,
    formatPhoneInternational(b.PhoneNumber),
    b.Email,
    b.Latitude,
    b.Longitude,
    b.BranchTimeZone,
    b.Status,
    b.TestMode,
    b.SecurityOfficeName,
    b.GeofenceRadius,
  ];
}

/** The keyset of a branch row (to continue an export after it). */
export const branchKey = (r: BranchListRow): NameKey => ({ name: r.b.name, id: r.b.id });
