/**
 * Notifications (spec §7 getnotificationsv2, getnotifications): paged lists by type and the
 * global date range, the unread list behind the top-bar bell, details, read marks and the ENS
 * list. All data lives in the query cache; the socket handler (live.ts) prepends live
 * notifications to it. (The alarm panel's history is realtime/alarm-history.ts.)
 */
import { replaceEqualDeep, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NotificationListType, NotificationRow } from '@vigil/contract';
import { apiGet, apiPost } from '../../shared/api/client';
import { readKeepingEvents } from '../../realtime/event-taps';
import { PAGE_SIZE, markRowsRead, pageWithLiveRows, unreadWithLiveRows, type NotificationPage } from './notification-list';

const LIST_PATH = '/api/client/getnotificationsv2';
const ACTION_PATH = '/api/client/getnotifications';
/** How many unread notifications the bell counts at most. */
export const UNREAD_LIMIT = 500;

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (type: NotificationListType, from: string, to: string, page: number) =>
    [...notificationKeys.lists(), type, from, to, page] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  detail: (id: number) => [...notificationKeys.all, 'detail', id] as const,
  ens: () => [...notificationKeys.all, 'ens'] as const,
};

export type ListKey = ReturnType<typeof notificationKeys.list>;

interface ListBody {
  notificationobject: NotificationRow[];
}

/**
 * One page of a notifications list (getnotificationsv2, PAGE_SIZE rows; hasMore when a row follows),
 * with the live NOTIFICATION rows dispatched while it was being read put on top of a first page
 * (realtime/event-taps.ts: the server may have read the page before them).
 */
export function fetchNotificationPage(type: NotificationListType, from: string, to: string, page: number): Promise<NotificationPage> {
  return readKeepingEvents(
    async () => {
      const body = await apiGet<ListBody>(LIST_PATH, { type, from, to, offset: page * PAGE_SIZE, limit: PAGE_SIZE + 1 });
      const rows = body.notificationobject ?? [];
      return { rows: rows.slice(0, PAGE_SIZE), hasMore: rows.length > PAGE_SIZE };
    },
    (answer, events) => pageWithLiveRows({ type, from, to, page }, answer, events),
  );
}

export function useNotificationPage(type: NotificationListType, from: string, to: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.list(type, from, to, page),
    queryFn: () => fetchNotificationPage(type, from, to, page),
    enabled,
    placeholderData: (prev) => prev,
  });
}

/** Unread notifications (not-done rows the user has not read), newest first. */
export interface UnreadList {
  rows: NotificationRow[];
}

/**
 * The unread list behind the bell (not-done rows, up to UNREAD_LIMIT, the unread ones), with the
 * live NOTIFICATION rows dispatched while it was being read on top (realtime/event-taps.ts).
 */
export function fetchUnread(): Promise<UnreadList> {
  return readKeepingEvents(async () => {
    const body = await apiGet<ListBody>(LIST_PATH, { type: 'all', notDone: true, limit: UNREAD_LIMIT });
    return { rows: (body.notificationobject ?? []).filter((r) => !r.IsRead) };
  }, unreadWithLiveRows);
}

/** Unread lists made from a live event (live.ts): every row but the new one is the very object of the list before. */
const liveUnread = new WeakSet<UnreadList>();

/** Marks `list` as made from a live event (see unreadSharing). */
export function markLiveUnread(list: UnreadList): void {
  liveUnread.add(list);
}

/**
 * Structural sharing of the unread list query: a list made from a live event is taken as it is
 * (its other rows are already the objects of the list before); a fetched one is compared deeply.
 * A deep comparison of up to 500 rows on every live notification was a large share of the
 * console's work under load (issue 20).
 */
export function unreadSharing(before: unknown, after: unknown): unknown {
  return typeof after === 'object' && after !== null && liveUnread.has(after as UnreadList) ? after : replaceEqualDeep(before, after);
}

export function useUnreadNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: fetchUnread,
    enabled,
    staleTime: 60_000,
    structuralSharing: unreadSharing,
  });
}

/** Details of one notification (GET-REPORT-DETAILS-BY-NOTIFICATION-ID): the row plus report extras. */
export type NotificationDetails = NotificationRow & Record<string, unknown>;

export function useNotificationDetails(id: number | null) {
  return useQuery({
    queryKey: notificationKeys.detail(id ?? 0),
    queryFn: () =>
      apiPost<{ notificationobject: NotificationDetails }>(ACTION_PATH, { case: 'GET-REPORT-DETAILS-BY-NOTIFICATION-ID', taskid: id }).then(
        (b) => b.notificationobject,
      ),
    enabled: id !== null,
  });
}

/** Marks rows read in every cached list, and drops them from the unread list. */
export function applyRead(qc: QueryClient, ids: readonly number[] | 'all'): void {
  qc.setQueriesData<NotificationPage>({ queryKey: notificationKeys.lists() }, (page) => markRowsRead(page, ids));
  qc.setQueryData<UnreadList>(notificationKeys.unread(), (u) =>
    u ? { rows: ids === 'all' ? [] : u.rows.filter((r) => !ids.includes(r.NotificationId)) } : u,
  );
  if (ids !== 'all')
    for (const id of ids) qc.setQueryData<NotificationDetails>(notificationKeys.detail(id), (d) => (d ? { ...d, IsRead: true } : d));
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (taskid: number) => apiPost<{ taskid: number }>(ACTION_PATH, { case: 'MARK-AS-READ-BY-TASKID', taskid }),
    onSuccess: (_b, taskid) => applyRead(qc, [taskid]),
  });
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<{ upToNotificationId: number }>(ACTION_PATH, { case: 'MARK-ALL-AS-READ' }),
    onSuccess: () => {
      applyRead(qc, 'all');
      void qc.invalidateQueries({ queryKey: notificationKeys.lists() });
    },
  });
}
