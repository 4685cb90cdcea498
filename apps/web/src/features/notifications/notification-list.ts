/**
 * Pure logic of the notifications/[type] pages (spec §2 Notifications: All, Alarms, Anomaly,
 * Emergency, ENS; §9 notification types): which list a live NOTIFICATION belongs to, the row a
 * live message carries, and page updates (prepend, mark read, mark all read).
 */
import {
  SocketEventType,
  localDate,
  notificationCategory,
  type NotificationEvent,
  type NotificationListType,
  type NotificationRow,
  type SocketEvent,
} from '@vigil/contract';

/** The tabs of the notifications pages, in order. */
export const NOTIFICATION_TABS = ['all', 'alarms', 'anomaly', 'emergency', 'ens'] as const satisfies readonly NotificationListType[];
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];

export const PAGE_SIZE = 25;

export function isNotificationTab(v: string | undefined): v is NotificationTab {
  return !!v && (NOTIFICATION_TABS as readonly string[]).includes(v);
}

/** One page of a list: the rows asked for and whether there are more (fetched limit + 1). */
export interface NotificationPage {
  rows: NotificationRow[];
  hasMore: boolean;
}

/** Same rule as the server's type filter of getnotificationsv2 (spec §9). */
export function matchesListType(
  type: NotificationListType,
  r: Pick<NotificationRow, 'NotificationType' | 'BranchAction' | 'SecurityAlert'>,
): boolean {
  const t = r.NotificationType;
  switch (type) {
    case 'all':
      return true;
    case 'alarms':
      return t === 2 || t === 15 || r.SecurityAlert;
    case 'panic':
      return notificationCategory(t, r.BranchAction) === 'panic';
    case 'anomaly':
      return t === 0;
    case 'emergency':
      return t === 10 || t === 11 || t === 12;
    case 'ens':
      return false;
  }
}

/**
 * The notification row of a live NOTIFICATION message: the message without its own fields (type,
 * id, LoggedAtUTC, Payload). The server presents both with one presenter, so this row equals the
 * row getnotificationsv2 gives (as logged: unread, not acknowledged, no notes).
 */
export function notificationRowOf(e: NotificationEvent): NotificationRow {
  const { type: _type, id: _id, LoggedAtUTC: _loggedAt, Payload: _payload, ...row } = e;
  return row;
}

export function isNotificationEvent(e: SocketEvent): e is NotificationEvent {
  return e.type === SocketEventType.Notification;
}

/**
 * True when the UTC instant falls inside the YYYY-MM-DD range of days in `zone`, the branch's
 * zone (UTC when it has none), as the server counts them (notifications.repository.ts). Open ends allowed.
 */
export function inDateRange(iso: string, zone: string | null | undefined, from: string | undefined, to: string | undefined): boolean {
  const day = localDate(iso, zone);
  return (!from || day >= from) && (!to || day <= to);
}

/** A first page with the row on top (the same page when it is there already); keeps the page size. */
export function prependRow(page: NotificationPage | undefined, row: NotificationRow, pageSize: number): NotificationPage | undefined {
  if (!page) return page;
  if (page.rows.some((r) => r.NotificationId === row.NotificationId)) return page;
  const rows = [row, ...page.rows];
  const hasMore = page.hasMore || rows.length > pageSize;
  return { rows: rows.slice(0, pageSize), hasMore };
}

/**
 * The first page of a `type` list from `from` to `to` with the rows of the NOTIFICATION events of
 * `events` that belong to it on top, each once (the same page when none is new). Other pages are
 * left as they are. The live events applied to a cached page, and those dispatched while the page
 * was being read applied to its answer (api.ts; realtime/event-taps.ts).
 */
export function pageWithLiveRows(
  key: { type: NotificationListType; from: string | undefined; to: string | undefined; page: number },
  page: NotificationPage,
  events: readonly SocketEvent[],
): NotificationPage {
  if (key.page !== 0) return page;
  let out = page;
  for (const e of events) {
    if (!isNotificationEvent(e)) continue;
    const row = notificationRowOf(e);
    if (matchesListType(key.type, row) && inDateRange(row.NotificationTimeAddedUTC, row.BranchOfficeTimeZone, key.from, key.to))
      out = prependRow(out, row, PAGE_SIZE)!;
  }
  return out;
}

/** The unread list with the rows of the NOTIFICATION events of `events` on top, each once (the same list when none is new). */
export function unreadWithLiveRows<T extends { rows: NotificationRow[] }>(list: T, events: readonly SocketEvent[]): T {
  let out = list;
  for (const e of events) {
    if (!isNotificationEvent(e) || out.rows.some((r) => r.NotificationId === e.id)) continue;
    out = { ...out, rows: [notificationRowOf(e), ...out.rows] };
  }
  return out;
}

/** The page with the given ids (or all, when ids is 'all') marked read. */
export function markRowsRead<T extends { rows: NotificationRow[] }>(page: T | undefined, ids: readonly number[] | 'all'): T | undefined {
  if (!page) return page;
  let changed = false;
  const rows = page.rows.map((r) => {
    if (r.IsRead || (ids !== 'all' && !ids.includes(r.NotificationId))) return r;
    changed = true;
    return { ...r, IsRead: true };
  });
  return changed ? { ...page, rows } : page;
}

/** The unread count shown on the bell: "99+" above 99. */
export function unreadLabel(n: number): string {
  return n > 99 ? '99+' : String(n);
}

/** Catalogue key under notifications.category. for a row's Category. */
export function categoryKey(c: string | null | undefined): 'anomaly' | 'alarm' | 'emergency' | 'panic' | 'other' {
  return c === 'anomaly' || c === 'alarm' || c === 'emergency' || c === 'panic' ? c : 'other';
}
