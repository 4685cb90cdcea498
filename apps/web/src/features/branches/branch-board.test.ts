import { describe, expect, it } from 'vitest';
import { formatInZone, type BranchOfficeRow } from '@vigil/contract';
import { branchActionKey } from '../../shared/format/branch-action';
import {
  boardView,
  filterBranches,
  formatBranchTime,
  organizationCount,
  regionsOf,
  statusCounts,
  type BoardFilter,
  type BoardView,
} from './branch-board';

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

  it('formats branch times as luxon does (contract formatInZone) across zones, DST changes and ISO forms', () => {
    const zones = ['Europe/Tirane', 'America/New_York', 'America/Chicago', 'Europe/London', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC'];
    const instants = [
      '2025-03-30T00:59:59Z',
      '2025-03-30T01:00:00Z',
      '2025-10-26T00:59:59.999Z',
      '2025-10-26T01:00:00Z',
      '2025-03-09T06:59:59Z',
      '2025-03-09T07:00:00Z',
      '2025-11-02T05:30:00Z',
      '2024-02-29T23:59:59Z',
      '2025-12-31T23:00:00.123Z',
    ];
    for (const zone of zones) for (const iso of instants) expect(formatBranchTime(iso, zone)).toBe(formatInZone(iso, zone));
    // No offset: UTC; an offset: that instant.
    expect(formatBranchTime('2025-07-16T06:05:09', 'Europe/Tirane')).toBe('2025-07-16 08:05:09 CEST');
    expect(formatBranchTime('2025-07-16T08:05:09+02:00', 'UTC')).toBe('2025-07-16 06:05:09 UTC');
    expect(formatBranchTime('2025-07-16T06:05Z', null)).toBe('2025-07-16 06:05:00 UTC');
    // What the Intl path does not read goes to luxon: a fixed-offset zone, another ISO form, nonsense.
    expect(formatBranchTime('2025-07-16T06:05:09Z', 'UTC+3')).toBe('2025-07-16 09:05:09 UTC+3');
    expect(formatBranchTime('2025-197T06:05:09Z', 'UTC')).toBe('2025-07-16 06:05:09 UTC');
    expect(formatBranchTime('yesterday', 'UTC')).toBeNull();
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

describe('boardView', () => {
  const ACTIONS = [null, 'Open', 'Close', 'Service', 'Panic', 'Trouble', 'Opened'];
  /** A deterministic pseudo-random sequence (the same rows and events on every run). */
  function random(seed: number) {
    let s = seed;
    return () => {
      s = (s * 1103515245 + 12345) % 2 ** 31;
      return s / 2 ** 31;
    };
  }
  function board(n: number): BranchOfficeRow[] {
    return Array.from({ length: n }, (_, i) =>
      row({
        BranchOfficeId: i + 1,
        Name: `Branch ${i + 1}`,
        Code: `C${i + 1}`,
        RegionalOfficeName: ['North', 'South', 'East'][i % 3]!,
        OrganizationId: (i % 2) + 1,
        BranchAction: ACTIONS[i % ACTIONS.length]!,
      }),
    );
  }
  /** What the plain functions answer (what the view must equal). */
  function expectPlain(v: BoardView, rows: BranchOfficeRow[], filter: BoardFilter, alarms?: ReadonlySet<number>) {
    const visible = filterBranches(rows, filter);
    expect(v.visible).toEqual(visible);
    v.visible.forEach((r, i) => expect(r).toBe(visible[i]));
    expect(v.counts).toEqual(statusCounts(visible, alarms));
    expect(v.regions).toEqual(regionsOf(rows));
    expect(v.organizations).toBe(organizationCount(rows));
  }

  it('equals the plain functions through live events, alarm set changes and filter changes', () => {
    const next = random(7);
    let rows = board(60);
    let filter: BoardFilter = { search: '', region: '' };
    let alarms: ReadonlySet<number> | undefined = undefined;
    let v = boardView(null, rows, filter, alarms);
    expectPlain(v, rows, filter, alarms);
    for (let step = 0; step < 300; step++) {
      const kind = next();
      if (kind < 0.7) {
        // A live event: one to three rows replaced by new objects with another action.
        rows = rows.slice();
        const n = 1 + Math.floor(next() * 3);
        for (let k = 0; k < n; k++) {
          const i = Math.floor(next() * rows.length);
          rows[i] = { ...rows[i]!, BranchAction: ACTIONS[Math.floor(next() * ACTIONS.length)]!, BranchActionTime: `t${step}` };
        }
      } else if (kind < 0.85) {
        alarms = next() < 0.2 ? undefined : new Set(Array.from({ length: 5 }, () => 1 + Math.floor(next() * 60)));
      } else if (kind < 0.95) {
        filter = [
          { search: '', region: '' },
          { search: '1', region: '' },
          { search: '', region: 'South' },
          { search: 'c2', region: 'East' },
        ][Math.floor(next() * 4)]!;
      } else {
        // A refetch: renamed branch (read whole).
        rows = rows.slice();
        rows[3] = { ...rows[3]!, Name: `Renamed ${step}` };
      }
      v = boardView(v, rows, filter, alarms);
      expectPlain(v, rows, filter, alarms);
    }
  });

  it('answers the same view when nothing changed, and keeps the shown rows when only hidden rows changed', () => {
    const rows = board(9);
    const filter = { search: '', region: 'North' };
    const v = boardView(null, rows, filter);
    expect(boardView(v, rows, { search: '', region: 'North' })).toBe(v);
    // Index 1 is in the South region: hidden by the filter.
    const moved = rows.slice();
    moved[1] = { ...rows[1]!, BranchAction: 'Panic' };
    const w = boardView(v, moved, filter);
    expect(w.visible).toBe(v.visible);
    expect(w.counts).toBe(v.counts);
    expect(w.regions).toBe(v.regions);
    // Index 0 is shown: the shown rows are a new array holding the new row.
    const shown = moved.slice();
    shown[0] = { ...moved[0]!, BranchAction: 'Open' };
    const x = boardView(w, shown, filter);
    expect(x.visible).not.toBe(w.visible);
    expect(x.visible[0]).toBe(shown[0]);
    expect(x.regions).toBe(w.regions);
  });

  it('reads rows added or removed whole', () => {
    const rows = board(6);
    const filter = { search: '', region: '' };
    const v = boardView(null, rows, filter);
    const more = [...rows, row({ BranchOfficeId: 99, Name: 'New', Code: 'N', RegionalOfficeName: 'West', OrganizationId: 3 })];
    const w = boardView(v, more, filter);
    expectPlain(w, more, filter);
    expect(w.regions).toContain('West');
    const fewer = rows.slice(1);
    expectPlain(boardView(w, fewer, filter), fewer, filter);
  });
});
