/**
 * Live notifications: a NOTIFICATION event goes on top of every cached first page whose type
 * and date range it matches, and into the unread list behind the bell (all in the query cache).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { SocketEvent } from '@vigil/contract';
import { markLiveUnread, notificationKeys, type ListKey, type UnreadList } from './api';
import { isNotificationEvent, pageWithLiveRows, unreadWithLiveRows, type NotificationPage } from './notification-list';

export function applyNotificationEvent(qc: QueryClient, e: SocketEvent): void {
  if (!isNotificationEvent(e)) return;
  for (const q of qc.getQueryCache().findAll({ queryKey: notificationKeys.lists() })) {
    const [, , type, from, to, page] = q.queryKey as ListKey;
    qc.setQueryData<NotificationPage>(q.queryKey, (p) => p && pageWithLiveRows({ type, from, to, page }, p, [e]));
  }
  qc.setQueryData<UnreadList>(notificationKeys.unread(), (u) => {
    if (!u) return u;
    const next = unreadWithLiveRows(u, [e]);
    if (next !== u) markLiveUnread(next);
    return next;
  });
}
