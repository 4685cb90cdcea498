/**
 * The signed-in user's notification settings as the alert logic reads them (spec §7
 * updatenotificationsettingsweb, updatenotificationsallowed, updateDndNotifications): set by the
 * notification-settings feature when it loads or saves them, read by the realtime sound handlers.
 * Until they are loaded, everything sounds (the defaults). Panic and emergency always sound for roles
 * 5 and 8 (alertAllowed).
 */
import { alertAllowed, type AlertCategory, type NotificationSettings } from '@vigil/contract';

let current: NotificationSettings | null = null;

/** Stores the settings (null: forget them, e.g. at logout). */
export function setAlertPreferences(s: NotificationSettings | null): void {
  current = s;
}

/** Whether an alert of `category` may pop up / sound now; true while no settings are loaded. */
export function alertWanted(category: AlertCategory, what: 'Popup' | 'Sound', at: Date = new Date()): boolean {
  return current ? alertAllowed(current, category, what, at) : true;
}
