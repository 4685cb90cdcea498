/**
 * Notification settings (spec §7 updateDndNotifications, updatenotificationsettingsweb,
 * updatenotificationsallowed; docs/API.md "Notification settings"): each user reads and saves its
 * own; stored in `notification_settings`, merged over the defaults. Saves are audited.
 */
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  ALERT_CATEGORIES,
  defaultNotificationSettings,
  type AlertCategory,
  type CategoryPrefs,
  type DoNotDisturb,
  type NotificationSettings,
} from '@vigil/contract';
import { notificationSettings } from '../../db/schema/index.js';
import type { AuthContext } from '../../plugins/session.js';
import { writeAudit } from '../audit/audit.service.js';

type Stored = { web: Record<string, unknown>; allowed: Record<string, unknown>; dnd: Record<string, unknown> };

/** Stored values over the defaults; only known categories and well-typed values are taken. */
function present(auth: AuthContext, row: Stored | undefined): NotificationSettings {
  const s = defaultNotificationSettings(auth.roleId);
  if (!row) return s;
  for (const c of ALERT_CATEGORIES) {
    const w = row.web[c] as Partial<CategoryPrefs> | undefined;
    if (w && typeof w.Popup === 'boolean' && typeof w.Sound === 'boolean') s.Web[c] = { Popup: w.Popup, Sound: w.Sound };
    if (typeof row.allowed[c] === 'boolean') s.Allowed[c] = row.allowed[c];
  }
  if (typeof row.dnd.Enabled === 'boolean') s.NotificationDoNotDisturb = row.dnd as unknown as DoNotDisturb;
  return s;
}

async function load(app: FastifyInstance, userId: number): Promise<Stored | undefined> {
  const [row] = await app.db
    .select({ web: notificationSettings.web, allowed: notificationSettings.allowed, dnd: notificationSettings.dnd })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row;
}

/** The signed-in user's settings (defaults when never saved). */
export async function getSettings(app: FastifyInstance, auth: AuthContext): Promise<NotificationSettings> {
  return present(auth, await load(app, auth.userId));
}

/** Saves one part of the caller's settings (merged into what is stored), audited; answers the whole settings. */
async function save(
  app: FastifyInstance,
  a: { auth: AuthContext; ip?: string },
  part: 'web' | 'allowed' | 'dnd',
  value: Record<string, unknown>,
): Promise<NotificationSettings> {
  const clean = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
  await app.db.transaction(async (tx) => {
    const [before] = await tx.select().from(notificationSettings).where(eq(notificationSettings.userId, a.auth.userId)).for('update');
    const merged = part === 'dnd' ? clean : { ...(before?.[part] ?? {}), ...clean };
    await tx
      .insert(notificationSettings)
      .values({ userId: a.auth.userId, [part]: merged })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { [part]: merged, updatedAt: sql`now()` } });
    await writeAudit(tx, {
      actorUserId: a.auth.userId,
      action: `update-notification-settings-${part}`,
      entity: 'notification_settings',
      entityId: a.auth.userId,
      before: before?.[part] ?? null,
      after: merged,
      ip: a.ip,
    });
  });
  return getSettings(app, a.auth);
}

/** updatenotificationsettingsweb UPDATE: popup and sound per category. */
export const saveWebSettings = (
  app: FastifyInstance,
  a: { auth: AuthContext; ip?: string },
  web: Partial<Record<AlertCategory, CategoryPrefs>>,
) => save(app, a, 'web', web);
/** updatenotificationsallowed UPDATE-ALLOWED: allowed categories. */
export const saveAllowed = (
  app: FastifyInstance,
  a: { auth: AuthContext; ip?: string },
  allowed: Partial<Record<AlertCategory, boolean>>,
) => save(app, a, 'allowed', allowed);
/** updateDndNotifications: the do-not-disturb window (replaced whole). */
export const saveDnd = (app: FastifyInstance, a: { auth: AuthContext; ip?: string }, dnd: DoNotDisturb) => save(app, a, 'dnd', dnd);
