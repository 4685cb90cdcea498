import { describe, expect, it } from 'vitest';
import type { BranchOfficeRow } from '@vigil/contract';
import { branchActionKey } from '../../shared/format/branch-action';
import { filterBranches, formatBranchTime, organizationCount, regionsOf, statusCounts } from './branch-board';

function row(p: Partial<BranchOfficeRow>): BranchOfficeRow {
  return {
    BranchOfficeId: 1,
    OrganizationId: 1,
    OrganizationName: 'Org',
    RegionalOfficeId: 1,
    RegionalOfficeName: 'North',
    Name: 'Branch',
    Code: 'B1',
    Address: null,
    City: null,
    State: null,
    ZipCode: null,
    Country: null,
    PhoneNumber: null,
    Email: null,
    Latitude: null,
    Longitude: null,
    StatusId: 1,
    Status: 'ACTIVE',
    TestMode: false,
    TestNote: null,
    BranchAction: null,
    BranchActionTime: null,
    BranchOfficeTypeId: 1,
    BranchOfficeTypeDisplay: 'Branch',
    BranchTimeZone: 'Europe/Tirane',
    BranchDst: 'CET',
    SecurityOfficeId: null,
    SecurityOfficeName: null,
    GeofenceRadius: 100,
    ...p,
  };
}

describe('branch board', () => {
  it('translates known actions and leaves others raw', () => {
    expect(branchActionKey('Not Opened')).toBe('notOpened');
    expect(branchActionKey('Duress')).toBe('duress');
    expect(branchActionKey('Chat Emergency')).toBeNull();
    expect(branchActionKey(null)).toBeNull();
  });

  it('formats the action time in the branch zone with its abbreviation', () => {
    expect(formatBranchTime('2025-07-16T06:05:09Z', 'Europe/Tirane')).toBe('2025-07-16 08:05:09 CEST');
    expect(formatBranchTime('2025-01-16T06:05:09Z', 'America/New_York')).toBe('2025-01-16 01:05:09 EST');
    expect(formatBranchTime('2025-01-16T06:05:09Z', 'Not/AZone')).toBe('2025-01-16 06:05:09 UTC');
    expect(formatBranchTime(null, 'Europe/Tirane')).toBeNull();
  });

  it('filters by name or code and region, and counts statuses', () => {
    const rows = [
      row({ BranchOfficeId: 1, Name: 'Tirana Center', Code: 'TR01', BranchAction: 'Open' }),
      row({ BranchOfficeId: 2, Name: 'Durres Port', Code: 'DR02', RegionalOfficeName: 'Coast', BranchAction: 'Panic' }),
      row({ BranchOfficeId: 3, Name: 'Shkoder', Code: 'SH03', BranchAction: 'Service', OrganizationId: 2 }),
      row({ BranchOfficeId: 4, Name: 'Vlore', Code: 'VL04', RegionalOfficeName: 'Coast', BranchAction: 'Close' }),
    ];
    expect(filterBranches(rows, { search: 'dr0', region: '' }).map((r) => r.BranchOfficeId)).toEqual([2]);
    expect(filterBranches(rows, { search: '', region: 'Coast' }).map((r) => r.BranchOfficeId)).toEqual([2, 4]);
    expect(filterBranches(rows, { search: 'tirana', region: 'Coast' })).toEqual([]);
    expect(regionsOf(rows)).toEqual(['Coast', 'North']);
    expect(statusCounts(rows)).toEqual({ open: 1, closed: 1, service: 1, alarm: 1 });
    // One source with the alarm badge: the alarm chip counts the branches with a waiting alarm.
    const alarmRow = rows.find((r) => statusCounts([r]).alarm === 1)!;
    const openRow = rows.find((r) => statusCounts([r]).open === 1)!;
    expect(statusCounts(rows, new Set([openRow.BranchOfficeId]))).toEqual({ open: 0, closed: 1, service: 1, alarm: 1 });
    expect(statusCounts(rows, new Set<number>()).alarm).toBe(0);
    expect(statusCounts([alarmRow], new Set([alarmRow.BranchOfficeId])).alarm).toBe(1);
    expect(organizationCount(rows)).toBe(2);
  });
});
