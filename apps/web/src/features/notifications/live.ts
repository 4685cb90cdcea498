/**
 * Live notifications: a NOTIFICATION event goes on top of every cached first page whose type
 * and date range it matches, and into the unread list behind the bell (all in the query cache).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { SocketEvent } from '@vigil/contract';
import { markLiveUnread, notificationKeys, type ListKey, type UnreadList } from './api';
import {
  PAGE_SIZE,
  inDateRange,
  isNotificationEvent,
  matchesListType,
  prependRow,
  notificationRowOf,
  type NotificationPage,
} from './notification-list';

export function applyNotificationEvent(qc: QueryClient, e: SocketEvent): void {
  if (!isNotificationEvent(e)) return;
  const row = notificationRowOf(e);
  for (const q of qc.getQueryCache().findAll({ queryKey: notificationKeys.lists() })) {
    const [, , type, from, to, page] = q.queryKey as ListKey;
    if (page !== 0 || !matchesListType(type, row) || !inDateRange(row.NotificationTimeAddedUTC, from, to)) continue;
    qc.setQueryData<NotificationPage>(q.queryKey, (p) => prependRow(p, row, PAGE_SIZE));
  }
  qc.setQueryData<UnreadList>(notificationKeys.unread(), (u) => {
    if (!u || u.rows.some((r) => r.NotificationId === row.NotificationId)) return u;
    const next = { rows: [row, ...u.rows] };
    markLiveUnread(next);
    return next;
  });
}
