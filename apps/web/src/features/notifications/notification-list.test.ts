import { describe, expect, it } from 'vitest';
import type { NotificationRow } from '@vigil/contract';
import { ev } from '../../realtime/test-events';
import {
  categoryKey,
  inDateRange,
  isNotificationTab,
  markRowsRead,
  matchesListType,
  prependRow,
  notificationRowOf,
  unreadLabel,
  type NotificationPage,
} from './notification-list';

const panic = ev({ type: 'NOTIFICATION', id: 20, BranchAction: 'Panic', NotificationType: 10, SecurityAlert: true });
const trouble = ev({ type: 'NOTIFICATION', id: 21, BranchAction: 'Trouble', NotificationType: 2 });
const notOpened = ev({ type: 'NOTIFICATION', id: 22, BranchAction: 'Not Opened', NotificationType: 0 });

function page(ids: number[], hasMore = false): NotificationPage {
  return { rows: ids.map((id) => ({ ...notificationRowOf(ev({ type: 'NOTIFICATION', id })), IsRead: id % 2 === 0 })), hasMore };
}

describe('notification lists', () => {
  it('knows the tabs', () => {
    expect(['all', 'alarms', 'anomaly', 'emergency', 'ens'].every(isNotificationTab)).toBe(true);
    expect(isNotificationTab('panic')).toBe(false);
    expect(isNotificationTab(undefined)).toBe(false);
  });

  it('puts a live notification in the lists of its type (spec §9)', () => {
    const r = (e: typeof panic) => notificationRowOf(e);
    expect(matchesListType('all', r(notOpened))).toBe(true);
    expect(matchesListType('alarms', r(trouble))).toBe(true);
    expect(matchesListType('alarms', r(panic))).toBe(true); // a security alert
    expect(matchesListType('emergency', r(panic))).toBe(true);
    expect(matchesListType('emergency', r(trouble))).toBe(false);
    expect(matchesListType('anomaly', r(notOpened))).toBe(true);
    expect(matchesListType('anomaly', r(panic))).toBe(false);
    expect(matchesListType('panic', r(panic))).toBe(true);
    expect(matchesListType('ens', r(panic))).toBe(false);
  });

  it('takes the row a live message carries, without the message fields', () => {
    expect(notificationRowOf(panic)).not.toHaveProperty('type');
    expect(notificationRowOf(panic)).not.toHaveProperty('Payload');
    expect(notificationRowOf(panic)).not.toHaveProperty('LoggedAtUTC');
    expect(notificationRowOf(panic)).toMatchObject({
      NotificationId: 20,
      BranchAction: 'Panic',
      Category: 'panic',
      BranchOfficeName: 'Tirana Center',
      BranchOfficeTimeZone: 'Europe/Tirane',
      IsRead: false,
      Acknowledged: null,
      Notes: [],
    });
    expect(categoryKey('panic')).toBe('panic');
    expect(categoryKey('weird')).toBe('other');
  });

  it('checks the date range by the branch-local day, open ends allowed', () => {
    expect(inDateRange('2026-03-01T10:00:00.000Z', null, '2026-03-01', '2026-03-01')).toBe(true);
    expect(inDateRange('2026-03-02T00:00:00.000Z', null, '2026-03-01', '2026-03-01')).toBe(false);
    expect(inDateRange('2026-02-28T23:59:59.000Z', 'UTC', '2026-03-01', undefined)).toBe(false);
    expect(inDateRange('2026-02-28T23:59:59.000Z', null, undefined, undefined)).toBe(true);
    // 23:30 UTC is already the next day in Tirana (UTC+1) and still the same day in New York.
    expect(inDateRange('2026-02-28T23:30:00.000Z', 'Europe/Tirane', '2026-03-01', '2026-03-01')).toBe(true);
    expect(inDateRange('2026-02-28T23:30:00.000Z', 'Europe/Tirane', '2026-02-28', '2026-02-28')).toBe(false);
    expect(inDateRange('2026-03-01T02:00:00.000Z', 'America/New_York', '2026-02-28', '2026-02-28')).toBe(true);
    expect(inDateRange('2026-03-01T02:00:00.000Z', 'America/New_York', '2026-03-01', undefined)).toBe(false);
    // A zone that is not a valid IANA name counts as UTC.
    expect(inDateRange('2026-02-28T23:30:00.000Z', 'Nowhere/Void', '2026-02-28', '2026-02-28')).toBe(true);
  });

  it('prepends once and keeps the page size', () => {
    const p = page([3, 2, 1]);
    const next = prependRow(p, notificationRowOf(panic), 3)!;
    expect(next.rows.map((r) => r.NotificationId)).toEqual([20, 3, 2]);
    expect(next.hasMore).toBe(true);
    expect(prependRow(next, notificationRowOf(panic), 3)).toBe(next);
    expect(prependRow(page([1]), notificationRowOf(panic), 3)!.hasMore).toBe(false);
    expect(prependRow(undefined, notificationRowOf(panic), 3)).toBeUndefined();
  });

  it('marks one or all rows read', () => {
    const p = page([3, 2, 1]);
    const one = markRowsRead(p, [3])!;
    expect(one.rows.map((r: NotificationRow) => r.IsRead)).toEqual([true, true, false]);
    expect(markRowsRead(one, [3])).toBe(one);
    expect(markRowsRead(p, 'all')!.rows.every((r) => r.IsRead)).toBe(true);
  });

  it('caps the bell label', () => {
    expect(unreadLabel(5)).toBe('5');
    expect(unreadLabel(100)).toBe('99+');
  });
});
