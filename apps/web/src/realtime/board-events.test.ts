import { describe, expect, it } from 'vitest';
import { branchStatusOf, type BranchOfficeRow, type GetOfficesV2Body } from '@vigil/contract';
import { applyEventToBoard } from './board-events';
import { ev } from './test-events';

function row(id: number, action: string | null, at: string | null): BranchOfficeRow {
  return { BranchOfficeId: id, BranchAction: action, BranchActionTime: at, Name: `B${id}` } as BranchOfficeRow;
}
const body = (): GetOfficesV2Body => ({
  organizationobject: [row(7, 'Close', '2026-03-01T08:00:00.000Z'), row(8, 'Open', '2026-03-01T08:00:00.000Z')],
  total: 2,
});

describe('board rows from live events', () => {
  it('recolours the matching row on a branch action', () => {
    const before = body();
    const next = applyEventToBoard(before, ev({ type: 'BRANCH-ACTION', id: 10, BranchAction: 'Open' }))!;
    expect(next.organizationobject[0]).toMatchObject({ BranchAction: 'Open', BranchActionTime: '2026-03-01T10:00:00.000Z' });
    expect(branchStatusOf(next.organizationobject[0]!.BranchAction)).toBe('open');
    expect(next.organizationobject[1]).toBe(before.organizationobject[1]);
  });
  it('turns a row to alarm on a panic notification', () => {
    const next = applyEventToBoard(
      body(),
      ev({ type: 'NOTIFICATION', id: 11, BranchAction: 'Panic', NotificationType: 10, SecurityAlert: true }),
    )!;
    expect(branchStatusOf(next.organizationobject[0]!.BranchAction)).toBe('alarm');
  });
  it('ignores actions that do not move the map status, other branches, other kinds and older events', () => {
    const b = body();
    expect(applyEventToBoard(b, ev({ type: 'NOTIFICATION', id: 12, BranchAction: 'Not Opened', NotificationType: 0 }))).toBe(b);
    expect(applyEventToBoard(b, ev({ type: 'NOTIFICATION', id: 13, BranchAction: 'Chat Emergency', NotificationType: 12 }))).toBe(b);
    expect(applyEventToBoard(b, ev({ type: 'BRANCH-ACTION', id: 14, BranchAction: 'Open', BranchOfficeId: 99 }))).toBe(b);
    expect(applyEventToBoard(b, ev({ type: 'CHECK-IN', id: 15, BranchAction: 'Check In' }))).toBe(b);
    expect(
      applyEventToBoard(
        b,
        ev({ type: 'BRANCH-ACTION', id: 16, BranchAction: 'Open', NotificationTimeAddedUTC: '2026-03-01T07:00:00.000Z' }),
      ),
    ).toBe(b);
    expect(applyEventToBoard(undefined, ev({ type: 'BRANCH-ACTION', id: 17, BranchAction: 'Open' }))).toBeUndefined();
  });
});
