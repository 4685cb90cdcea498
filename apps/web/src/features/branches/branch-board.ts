/**
 * Pure logic of the branch board (spec §2 colours; §3 Branch office; §4 map status): the time of
 * the last action in the branch's own zone, filtering and status counts. Action labels are
 * shared/format/branch-action.ts (alarms and notifications show them too).
 */
import { DateTime } from 'luxon';
import { branchStatusOf, zoneAbbreviation, type BranchOfficeRow, type BranchStatus } from '@vigil/contract';
import { wallTime } from '../../shared/format/wall-time';

export const BRANCH_STATUSES: readonly BranchStatus[] = ['open', 'closed', 'service', 'alarm'];

/**
 * The last action's time in the branch's zone: 'yyyy-MM-dd HH:mm:ss' and the zone
 * abbreviation (contract zoneAbbreviation: CET/CEST, EST/EDT). Invalid zones fall back to UTC; no time gives null.
 */
export function formatBranchTime(iso: string | null | undefined, zone: string | null | undefined): string | null {
  if (!iso) return null;
  const fast = formatBranchTimeIntl(iso, zone);
  if (fast !== undefined) return fast;
  const utc = DateTime.fromISO(iso, { zone: 'utc' });
  if (!utc.isValid) return null;
  let local = zone ? utc.setZone(zone) : utc;
  if (!local.isValid) local = utc;
  return `${local.toFormat('yyyy-MM-dd HH:mm:ss')} ${zoneAbbreviation(local.zoneName ?? 'UTC', utc.toJSDate())}`;
}

/** The Intl formats of one zone's short name in en-US and en-GB (zoneAbbreviation's locales). */
interface ZoneFormats {
  us: Intl.DateTimeFormat;
  gb: Intl.DateTimeFormat;
}

/** Formats per zone name (null: not a zone Intl knows), made once per page: each costs ~1 ms. */
const zoneFormatCache = new Map<string, ZoneFormats | null>();

function zoneFormats(zone: string): ZoneFormats | null {
  let f = zoneFormatCache.get(zone);
  if (f !== undefined) return f;
  try {
    const name = (locale: string) => new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' });
    f = { us: name('en-US'), gb: name('en-GB') };
  } catch {
    f = null;
  }
  zoneFormatCache.set(zone, f);
  return f;
}

/** An ISO UTC instant with a T, seconds optional, a fraction, and Z, an offset or nothing (UTC). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * formatBranchTime with Intl formats kept per zone instead of luxon (which builds its formats and
 * offsets per call: ~2 ms a row, the largest cost of the board's first rows at 5,000 branches).
 * Undefined for a time it does not read (luxon then does), so the answers are luxon's.
 */
function formatBranchTimeIntl(iso: string, zone: string | null | undefined): string | null | undefined {
  const m = ISO_INSTANT.exec(iso);
  if (!m) return undefined;
  const ms = Date.parse(m[3] ? iso : `${iso}Z`);
  if (Number.isNaN(ms)) return undefined;
  // A zone Intl does not know (luxon may: fixed offsets like UTC+2; else it falls back to UTC) goes to luxon.
  const f = zoneFormats(zone || 'UTC');
  if (!f) return undefined;
  const at = new Date(ms);
  const shortName = (fmt: Intl.DateTimeFormat) => fmt.formatToParts(at).find((x) => x.type === 'timeZoneName')?.value;
  let abbreviation: string | undefined;
  for (const fmt of [f.us, f.gb]) {
    const n = shortName(fmt);
    if (n && !n.startsWith('GMT') && !n.startsWith('UTC')) {
      abbreviation = n;
      break;
    }
  }
  abbreviation ??= shortName(f.gb) ?? zone ?? 'UTC';
  return `${wallTime(at, zone || 'UTC')} ${abbreviation}`;
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

/** Which summary chip a branch counts in (see statusCounts), or null for none. */
function chipOf(status: BranchStatus, branchId: number, alarmBranchIds?: ReadonlySet<number>): BranchStatus | null {
  if (!alarmBranchIds) return status;
  if (alarmBranchIds.has(branchId)) return 'alarm';
  return status === 'alarm' ? null : status;
}

/**
 * What the board draws of its rows under a filter: the rows shown, the summary counts, the region
 * choices and whether more than one organisation is listed, with what boardView needs to follow
 * the next rows incrementally.
 */
export interface BoardView {
  /** The board's rows this view was made from. */
  rows: readonly BranchOfficeRow[];
  filter: BoardFilter;
  alarmBranchIds: ReadonlySet<number> | undefined;
  /** filterBranches(rows, filter). */
  visible: BranchOfficeRow[];
  /** For each row (by index in `rows`): its index in `visible`, or -1 when filtered out. */
  visibleIndex: Int32Array;
  /** For each row (by index in `rows`): branchStatusOf its BranchAction. */
  status: BranchStatus[];
  /** statusCounts(visible, alarmBranchIds). */
  counts: Record<BranchStatus, number>;
  /** regionsOf(rows). */
  regions: string[];
  /** organizationCount(rows). */
  organizations: number;
}

/** True when a row's replacement keeps what filters, regions and organisations read of it. */
function sameListing(a: BranchOfficeRow, b: BranchOfficeRow): boolean {
  return (
    a.BranchOfficeId === b.BranchOfficeId &&
    a.Name === b.Name &&
    a.Code === b.Code &&
    a.RegionalOfficeName === b.RegionalOfficeName &&
    a.OrganizationId === b.OrganizationId
  );
}

/** The whole view, every row read (the first rows, another filter, rows added or removed). */
function fullBoardView(rows: readonly BranchOfficeRow[], filter: BoardFilter, alarmBranchIds?: ReadonlySet<number>): BoardView {
  const visible = filterBranches(rows, filter);
  const visibleIndex = new Int32Array(rows.length).fill(-1);
  const status = new Array<BranchStatus>(rows.length);
  const counts: Record<BranchStatus, number> = { open: 0, closed: 0, service: 0, alarm: 0 };
  let v = 0;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    status[i] = branchStatusOf(r.BranchAction);
    if (visible[v] !== r) continue;
    visibleIndex[i] = v++;
    const chip = chipOf(status[i]!, r.BranchOfficeId, alarmBranchIds);
    if (chip) counts[chip] += 1;
  }
  return {
    rows,
    filter,
    alarmBranchIds,
    visible,
    visibleIndex,
    status,
    counts,
    regions: regionsOf(rows),
    organizations: organizationCount(rows),
  };
}

/**
 * The board view of `rows` (issue 20: 5,000 branches while 200 events/s arrive), following `prev`
 * incrementally when only some rows were replaced by other objects of the same branch, name, code,
 * region and organisation — what a live event does (realtime/board-events.ts: it replaces the rows
 * it changes and keeps the others' objects) — under the same filter: the replaced rows take their
 * place in `visible`, and the counts move by their change (all counted again, from the statuses
 * kept, only when `alarmBranchIds` is another set). Answers `prev` itself when nothing changed, and
 * keeps `visible`, `regions` and `counts` as the same objects when they did not change, so memoised
 * views do not redraw. Anything else (the first rows, another filter, rows added, removed, moved or
 * renamed) is read whole. Equal to the plain functions in every case (filterBranches, statusCounts,
 * regionsOf, organizationCount).
 */
export function boardView(
  prev: BoardView | null,
  rows: readonly BranchOfficeRow[],
  filter: BoardFilter,
  alarmBranchIds?: ReadonlySet<number>,
): BoardView {
  if (!prev || prev.rows.length !== rows.length || prev.filter.search !== filter.search || prev.filter.region !== filter.region) {
    return fullBoardView(rows, filter, alarmBranchIds);
  }
  if (prev.rows === rows && prev.alarmBranchIds === alarmBranchIds) return prev;
  const changed: number[] = [];
  if (prev.rows !== rows) {
    for (let i = 0; i < rows.length; i++) {
      const before = prev.rows[i]!;
      const now = rows[i]!;
      if (before === now) continue;
      if (!sameListing(before, now)) return fullBoardView(rows, filter, alarmBranchIds);
      changed.push(i);
    }
  }
  if (changed.length === 0 && prev.alarmBranchIds === alarmBranchIds) return prev.rows === rows ? prev : { ...prev, rows };
  let visible = prev.visible;
  let status = prev.status;
  let counts = prev.counts;
  const sameAlarms = prev.alarmBranchIds === alarmBranchIds;
  if (changed.length > 0) {
    status = prev.status.slice();
    if (sameAlarms) counts = { ...prev.counts };
    for (const i of changed) {
      const r = rows[i]!;
      const s = branchStatusOf(r.BranchAction);
      const v = prev.visibleIndex[i]!;
      if (v >= 0) {
        if (visible === prev.visible) visible = prev.visible.slice();
        visible[v] = r;
        if (sameAlarms) {
          const was = chipOf(prev.status[i]!, r.BranchOfficeId, alarmBranchIds);
          const is = chipOf(s, r.BranchOfficeId, alarmBranchIds);
          if (was) counts[was] -= 1;
          if (is) counts[is] += 1;
        }
      }
      status[i] = s;
    }
  }
  if (!sameAlarms) {
    counts = { open: 0, closed: 0, service: 0, alarm: 0 };
    for (let i = 0; i < rows.length; i++) {
      if (prev.visibleIndex[i]! < 0) continue;
      const chip = chipOf(status[i]!, rows[i]!.BranchOfficeId, alarmBranchIds);
      if (chip) counts[chip] += 1;
    }
  }
  if (
    counts !== prev.counts &&
    counts.open === prev.counts.open &&
    counts.closed === prev.counts.closed &&
    counts.service === prev.counts.service &&
    counts.alarm === prev.counts.alarm
  ) {
    counts = prev.counts;
  }
  return { ...prev, rows, alarmBranchIds, visible, status, counts };
}
