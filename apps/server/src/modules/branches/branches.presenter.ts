/** The branch row of spec §3 Branch office as getofficesv2 returns it. */
import { statusLabel, type BranchOfficeRow } from '@vigil/contract';
import { zoneAbbreviationNow } from '../../lib/time-zones.js';
import type { BranchListRow } from './branches.repository.js';

/** 'Branch / Location' is shown as 'Branch' (spec §3 Branch office). */
export function branchTypeDisplay(display: string): string {
  return display === 'Branch / Location' ? 'Branch' : display;
}

export function presentBranch(r: BranchListRow): BranchOfficeRow {
  const b = r.b;
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
    BranchActionTime: b.branchActionAt ? b.branchActionAt.toISOString() : null,
    BranchOfficeTypeId: b.branchOfficeTypeId,
    BranchOfficeTypeDisplay: branchTypeDisplay(r.typeDisplay),
    BranchTimeZone: b.timeZone,
    BranchDst: zoneAbbreviationNow(b.timeZone),
    SecurityOfficeId: b.securityOfficeId,
    SecurityOfficeName: r.securityOfficeName,
    GeofenceRadius: b.geofenceRadius,
  };
}
