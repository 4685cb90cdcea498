/**
 * Pure logic of the branch board (spec §2 colours; §3 Branch office; §4 map status): the time of
 * the last action in the branch's own zone, filtering and status counts. Action labels are
 * shared/format/branch-action.ts (alarms and notifications show them too).
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

/**
 * Branches by status for the summary chips. With `alarmBranchIds` (the branches with a waiting
 * real alarm, realtime/alarm-counts.ts: the same source as the alarm badge and the bell, issue
 * 13) the alarm chip counts exactly those branches, and they leave their own status's chip; a
 * branch whose last action was an alarm that is no longer waiting (acknowledged, or a test alarm)
 * is in no chip. Without it, every branch counts under its last action's status.
 */
export function statusCounts(rows: readonly BranchOfficeRow[], alarmBranchIds?: ReadonlySet<number>): Record<BranchStatus, number> {
  const c: Record<BranchStatus, number> = { open: 0, closed: 0, service: 0, alarm: 0 };
  for (const r of rows) {
    const s = branchStatusOf(r.BranchAction);
    if (!alarmBranchIds) c[s] += 1;
    else if (alarmBranchIds.has(r.BranchOfficeId)) c.alarm += 1;
    else if (s !== 'alarm') c[s] += 1;
  }
  return c;
}

export function organizationCount(rows: readonly BranchOfficeRow[]): number {
  return new Set(rows.map((r) => r.OrganizationId)).size;
}
