/**
 * Pure logic of the branch board (spec §2 colours; §3 Branch office; §4 map status): the time of
 * the last action in the branch's own zone, filtering and status counts. (Action labels:
 * shared/i18n/branch-action.ts.)
 */
import { DateTime } from 'luxon';
import { branchStatusOf, zoneAbbreviation, type BranchOfficeRow, type BranchStatus } from '@vigil/contract';

export const BRANCH_STATUSES: readonly BranchStatus[] = ['open', 'closed', 'service', 'alarm'];

/**
 * The last action's time in the branch's zone: 'yyyy-MM-dd HH:mm:ss' and the zone
 * abbreviation (contract zoneAbbreviation: CET/CEST, EST/EDT). Invalid zones fall back to UTC; no time gives null.
 */
export function formatBranchTime(iso: string | null | undefined, zone: string | null | undefined): string | null {
  if (!iso) return null;
  const utc = DateTime.fromISO(iso, { zone: 'utc' });
  if (!utc.isValid) return null;
  let local = zone ? utc.setZone(zone) : utc;
  if (!local.isValid) local = utc;
  return `${local.toFormat('yyyy-MM-dd HH:mm:ss')} ${zoneAbbreviation(local.zoneName ?? 'UTC', utc.toJSDate())}`;
}

export interface BoardFilter {
  /** Matches name or code, case-insensitive. */
  search: string;
  /** RegionalOfficeName, or '' for all. */
  region: string;
}

export function filterBranches(rows: readonly BranchOfficeRow[], f: BoardFilter): BranchOfficeRow[] {
  const q = f.search.trim().toLowerCase();
  return rows.filter(
    (r) => (!f.region || r.RegionalOfficeName === f.region) && (!q || r.Name.toLowerCase().includes(q) || r.Code.toLowerCase().includes(q)),
  );
}

/** Distinct region names, sorted. */
export function regionsOf(rows: readonly BranchOfficeRow[]): string[] {
  return [...new Set(rows.map((r) => r.RegionalOfficeName).filter((n): n is string => !!n))].sort((a, b) => a.localeCompare(b));
}

export function statusCounts(rows: readonly BranchOfficeRow[]): Record<BranchStatus, number> {
  const c: Record<BranchStatus, number> = { open: 0, closed: 0, service: 0, alarm: 0 };
  for (const r of rows) c[branchStatusOf(r.BranchAction)] += 1;
  return c;
}

export function organizationCount(rows: readonly BranchOfficeRow[]): number {
  return new Set(rows.map((r) => r.OrganizationId)).size;
}
