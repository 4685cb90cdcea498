import { describe, expect, it } from 'vitest';
import { branchStatusOf, type BranchOfficeRow, type GetOfficesV2Body } from '@vigil/contract';
import { applyEventToBoard, applyEventsToBoard, isEventBody } from './board-events';
import { boardSharing } from '../features/branches/api';
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

  it('applies a frame of events in one pass, each branch taking its events in order, unchanged rows kept', () => {
    const before = body();
    const next = applyEventsToBoard(before, [
      ev({ type: 'BRANCH-ACTION', id: 20, BranchAction: 'Open', NotificationTimeAddedUTC: '2026-03-01T09:00:00.000Z' }),
      ev({ type: 'CHECK-IN', id: 21, BranchAction: 'Check In' }),
      ev({ type: 'BRANCH-ACTION', id: 22, BranchAction: 'Close', NotificationTimeAddedUTC: '2026-03-01T09:30:00.000Z' }),
      // An older event than the one before it at the same branch changes nothing.
      ev({ type: 'BRANCH-ACTION', id: 23, BranchAction: 'Service', NotificationTimeAddedUTC: '2026-03-01T09:10:00.000Z' }),
    ])!;
    expect(next.organizationobject[0]).toMatchObject({ BranchAction: 'Close', BranchActionTime: '2026-03-01T09:30:00.000Z' });
    expect(next.organizationobject[1]).toBe(before.organizationobject[1]);
    // The same as applying them one by one.
    let one: GetOfficesV2Body | undefined = before;
    for (const id of [20, 22, 23]) {
      const at = { 20: '2026-03-01T09:00:00.000Z', 22: '2026-03-01T09:30:00.000Z', 23: '2026-03-01T09:10:00.000Z' }[id]!;
      const action = { 20: 'Open', 22: 'Close', 23: 'Service' }[id]!;
      one = applyEventToBoard(one, ev({ type: 'BRANCH-ACTION', id, BranchAction: action, NotificationTimeAddedUTC: at }));
    }
    expect(next).toEqual(one);
    expect(applyEventsToBoard(before, [ev({ type: 'CHECK-IN', id: 24, BranchAction: 'Check In' })])).toBe(before);
    expect(applyEventsToBoard(before, [])).toBe(before);
  });
  it('the board query takes an event-made body as it is and compares a fetched one deeply', () => {
    const before = body();
    const fromEvents = applyEventsToBoard(before, [ev({ type: 'BRANCH-ACTION', id: 30, BranchAction: 'Open' })])!;
    expect(isEventBody(fromEvents)).toBe(true);
    expect(boardSharing(before, fromEvents)).toBe(fromEvents);
    const fetched = body();
    expect(isEventBody(fetched)).toBe(false);
    // A fetched answer equal to what is shown keeps the shown objects (memoised rows do not redraw).
    expect(boardSharing(before, fetched)).toBe(before);
  });
});
