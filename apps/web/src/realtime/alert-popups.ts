/**
 * The pop-ups of live alerts (issue 16 "Notification settings": which categories pop up). A
 * NOTIFICATION event (not replayed, not a test) or a new incoming chat pops up when the user's
 * settings allow it (alertWanted(category, 'Popup'): switched on, allowed, outside do-not-disturb;
 * panic and emergency always for roles 5 and 8). The shell shows the list (AlertPopups); this
 * module is the list: a tiny store outside React, newest first, at most MAX_POPUPS.
 */
import { SocketEventType, notificationCategory, type AlertCategory, type ChatSessionPayload, type SocketEvent } from '@vigil/contract';
import { alertWanted } from '../shared/sound/alert-preferences';
import type { EventContext } from './socket-client';

/** Pop-ups shown at once; an older one leaves when a new one comes. */
export const MAX_POPUPS = 3;

/** One pop-up: what the shell shows (texts are built there, from the catalogue). */
export interface AlertPopup {
  /** The event's id in the log (unique). */
  id: number;
  category: AlertCategory;
  /** 'notification': BranchAction at BranchOfficeName; 'chat': a chat from `who` at the branch. */
  kind: 'notification' | 'chat';
  branchAction: string | null;
  branchName: string | null;
  who: string | null;
  message: string | null;
  /** UTC ISO. */
  at: string;
  /** Where "Open" goes: the chat page, or the dashboard's alarm panel. */
  to: string;
}

let popups: AlertPopup[] = [];
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** The pop-ups shown now (newest first); a new array after each change (useSyncExternalStore). */
export function getPopups(): readonly AlertPopup[] {
  return popups;
}

/** Subscribes to changes; answers the unsubscribe function. */
export function subscribePopups(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** Adds a pop-up on top (dropping the oldest beyond MAX_POPUPS, and any earlier one of the same id). */
export function pushPopup(p: AlertPopup): void {
  popups = [p, ...popups.filter((x) => x.id !== p.id)].slice(0, MAX_POPUPS);
  notify();
}

/** Closes one pop-up. */
export function dismissPopup(id: number): void {
  if (!popups.some((p) => p.id === id)) return;
  popups = popups.filter((p) => p.id !== id);
  notify();
}

/** Closes them all (logout). */
export function clearPopups(): void {
  popups = [];
  notify();
}

/**
 * The pop-up an event makes, before the settings are asked (pure): a live NOTIFICATION that is not
 * a test, or a CHAT-SESSION that just started; null for anything else.
 */
export function popupOf(e: SocketEvent): AlertPopup | null {
  if (e.type === SocketEventType.Notification) {
    if (e.IsTestNotification) return null;
    return {
      id: e.id,
      category: notificationCategory(e.NotificationType, e.BranchAction),
      kind: 'notification',
      branchAction: e.BranchAction,
      branchName: e.BranchOfficeName,
      who: [e.Name, e.Surname].filter(Boolean).join(' ') || null,
      message: e.MessageContent,
      at: e.NotificationTimeAddedUTC,
      to: '/',
    };
  }
  if (e.type === SocketEventType.ChatSession) {
    const p = e.Payload as ChatSessionPayload;
    if (p.change !== 'started') return null;
    return {
      id: e.id,
      category: 'chat',
      kind: 'chat',
      branchAction: null,
      branchName: e.BranchOfficeName,
      who: [e.Name, e.Surname].filter(Boolean).join(' ') || null,
      message: null,
      at: e.LoggedAtUTC,
      to: `/chat/${p.session.ChatSessionId}`,
    };
  }
  return null;
}

/**
 * The socket handler: pops up each live event the settings let pop up (`wanted`, by default the
 * user's notification settings). Replayed events (missed while away) never pop up.
 */
export function popupHandler(
  wanted: (c: AlertCategory) => boolean = (c) => alertWanted(c, 'Popup'),
  push: (p: AlertPopup) => void = pushPopup,
): (e: SocketEvent, ctx: EventContext) => void {
  return (e, ctx) => {
    if (ctx.replay) return;
    const p = popupOf(e);
    if (p && wanted(p.category)) push(p);
  };
}
