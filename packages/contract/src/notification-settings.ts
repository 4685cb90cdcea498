/**
 * Notification settings (spec §7 updateDndNotifications, updatenotificationsettingsweb,
 * updatenotificationsallowed; §8 'Error updating user DnD preferences'; the "Notification
 * settings" screen of the §2 catalogue): per user, which notification categories pop up and sound on
 * the web console, which are allowed at all, and a do-not-disturb window. Stored on the server.
 * Panic (incl. duress), emergency (incl. the ENS "I need help" alarm) ALWAYS sound for the security
 * roles 5 and 8, whatever the settings. docs/API.md "Notification settings".
 */
import { z } from 'zod';
import { ZTimeOfDay, ZTimeZone } from './fields.js';
import { RoleGroup, inRoleGroup } from './roles.js';

/** Catalogue keys (packages/i18n notification-settings.*.json, section `alerting`). */
export const AlertingKey = {
  /** Spec §8, the web's text when a DnD save fails. */
  DndFailed: 'alerting.errors.dndFailed',
  SettingsJson: 'alerting.errors.settingsJson',
  Saved: 'alerting.messages.saved',
} as const;

/** Categories of web alerts: the notification categories (constants.ts) and incoming chats. */
export const ALERT_CATEGORIES = ['panic', 'emergency', 'alarm', 'anomaly', 'other', 'chat'] as const;
export type AlertCategory = (typeof ALERT_CATEGORIES)[number];

/** Categories that always sound for roles 5 and 8 (panic and duress, emergency and ENS "needs help"). */
export const ALWAYS_SOUND_CATEGORIES: readonly AlertCategory[] = ['panic', 'emergency'];

const ZPrefs = z.object({ Popup: z.boolean(), Sound: z.boolean() });
export type CategoryPrefs = z.infer<typeof ZPrefs>;

/** Popup and sound per category; a missing category keeps its stored (default: on) value. */
export const ZNotificationSettingsWeb = z.object(
  Object.fromEntries(ALERT_CATEGORIES.map((c) => [c, ZPrefs.optional()])) as Record<AlertCategory, z.ZodOptional<typeof ZPrefs>>,
);
/** Allowed categories (false: never shown nor sounded, except the always-sound ones for 5 and 8). */
export const ZNotificationsAllowed = z.object(
  Object.fromEntries(ALERT_CATEGORIES.map((c) => [c, z.boolean().optional()])) as Record<AlertCategory, z.ZodOptional<z.ZodBoolean>>,
);

/** NotificationDoNotDisturb: a daily window From–To (may cross midnight) in TimeZone, when Enabled. */
export const ZDoNotDisturb = z.object({
  Enabled: z.boolean(),
  From: ZTimeOfDay,
  To: ZTimeOfDay,
  TimeZone: ZTimeZone,
});
export type DoNotDisturb = z.infer<typeof ZDoNotDisturb>;

/** settingsObject: JSON text (spec §7) of a value checked by `schema`; bad JSON answers alerting.errors.settingsJson. */
const jsonText = <T extends z.ZodTypeAny>(schema: T) =>
  z
    .string(AlertingKey.SettingsJson)
    .max(4000, AlertingKey.SettingsJson)
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: AlertingKey.SettingsJson });
        return z.NEVER;
      }
    })
    .pipe(schema);

/** POST /api/client/updateDndNotifications (spec §7: case UPDATE-DND-NOTIFICATIONS, settingsObject JSON text). */
export const ZUpdateDndRequest = z.object({
  case: z.literal('UPDATE-DND-NOTIFICATIONS'),
  settingsObject: jsonText(ZDoNotDisturb),
});

/** POST /api/client/updatenotificationsettingsweb: read or save the web popup/sound settings. */
export const ZNotificationSettingsWebRequest = z.discriminatedUnion('case', [
  z.object({ case: z.literal('GET-NOTIFICATION-SETTINGS-WEB') }),
  z.object({ case: z.literal('UPDATE-NOTIFICATION-SETTINGS-WEB'), settingsObject: jsonText(ZNotificationSettingsWeb) }),
]);

/** POST /api/client/updatenotificationsallowed (spec §7: get settings, get allowed, update allowed). */
export const ZNotificationsAllowedRequest = z.discriminatedUnion('case', [
  z.object({ case: z.literal('GET-SETTINGS') }),
  z.object({ case: z.literal('GET-ALLOWED') }),
  z.object({ case: z.literal('UPDATE-ALLOWED'), allowed: ZNotificationsAllowed }),
]);

/** A user's settings as every call answers them (`body.NotificationSettings`). */
export const ZNotificationSettings = z.strictObject({
  Web: z.record(z.enum(ALERT_CATEGORIES), z.strictObject({ Popup: z.boolean(), Sound: z.boolean() })),
  Allowed: z.record(z.enum(ALERT_CATEGORIES), z.boolean()),
  NotificationDoNotDisturb: z.strictObject({ Enabled: z.boolean(), From: z.string(), To: z.string(), TimeZone: z.string() }),
  /** Categories that sound for this user whatever the settings (roles 5, 8: panic, emergency; else none). */
  AlwaysSound: z.array(z.enum(ALERT_CATEGORIES)),
});
export type NotificationSettings = z.output<typeof ZNotificationSettings>;

/**
 * Categories that do not pop up until the user turns them on: 'other' is every branch opening,
 * closing and service visit, dozens an hour on a busy board, which would bury the alarms.
 */
export const POPUP_OFF_BY_DEFAULT: readonly AlertCategory[] = ['other'];

/** Settings of a user who never saved any: everything allowed and sounding, every category but 'other' pops up, DnD off (22:00–07:00 in `zone`). */
export function defaultNotificationSettings(roleId: number, zone = 'UTC'): NotificationSettings {
  return {
    Web: Object.fromEntries(ALERT_CATEGORIES.map((c) => [c, { Popup: !POPUP_OFF_BY_DEFAULT.includes(c), Sound: true }])) as Record<
      AlertCategory,
      CategoryPrefs
    >,
    Allowed: Object.fromEntries(ALERT_CATEGORIES.map((c) => [c, true])) as Record<AlertCategory, boolean>,
    NotificationDoNotDisturb: { Enabled: false, From: '22:00', To: '07:00', TimeZone: zone },
    AlwaysSound: inRoleGroup(RoleGroup.Security, roleId) ? [...ALWAYS_SOUND_CATEGORIES] : [],
  };
}

/** Minutes since midnight of `at` in `zone`. */
function minutesIn(at: Date, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(
    at,
  );
  const h = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const m = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return h * 60 + m;
}
const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** True while the do-not-disturb window holds at `at` (From inclusive, To exclusive; crosses midnight when From > To). */
export function inDoNotDisturb(dnd: DoNotDisturb, at: Date): boolean {
  if (!dnd.Enabled) return false;
  const now = minutesIn(at, dnd.TimeZone);
  const from = toMinutes(dnd.From);
  const to = toMinutes(dnd.To);
  if (from === to) return true;
  return from < to ? now >= from && now < to : now >= from || now < to;
}

/**
 * Whether an alert of `category` pops up or sounds (`what`) at `at` for this user: always for the
 * AlwaysSound categories (sound and popup); otherwise only when allowed, outside the DnD window
 * and switched on. Pure.
 */
export function alertAllowed(s: NotificationSettings, category: AlertCategory, what: 'Popup' | 'Sound', at: Date): boolean {
  if (s.AlwaysSound.includes(category)) return true;
  if (!s.Allowed[category]) return false;
  if (inDoNotDisturb(s.NotificationDoNotDisturb, at)) return false;
  return s.Web[category][what];
}

// ---------------------------------------------------------------------------------------------
// Answer bodies of the routes (each route's schema.response is envelopeOf(body); docs/API.md)

/** Answer body of POST /api/client/updateDndNotifications, POST /api/client/updatenotificationsettingsweb. */
export const ZUpdateDndNotificationsBody = z.strictObject({ NotificationSettings: ZNotificationSettings });
export type UpdateDndNotificationsBody = z.output<typeof ZUpdateDndNotificationsBody>;

/** Answer body of POST /api/client/updatenotificationsallowed. */
export const ZUpdatenotificationsallowedBody = z.union([
  z.strictObject({ NotificationSettings: ZNotificationSettings, AllowedNotifications: z.undefined().optional() }),
  z.strictObject({
    AllowedNotifications: z.strictObject({
      anomaly: z.boolean(),
      alarm: z.boolean(),
      emergency: z.boolean(),
      panic: z.boolean(),
      other: z.boolean(),
      chat: z.boolean(),
    }),
    NotificationSettings: z.undefined().optional(),
  }),
]);
export type UpdatenotificationsallowedBody = z.output<typeof ZUpdatenotificationsallowedBody>;
