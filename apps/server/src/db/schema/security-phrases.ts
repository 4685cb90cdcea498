/**
 * Security phrases (spec §3 Security phrase, §4 phrase expiry) and per-user notification settings
 * (spec §7 updateDndNotifications, updatenotificationsettingsweb, updatenotificationsallowed):
 * migration 0013_phrases_sessions_settings. Instants UTC.
 */
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './offices.js';
import { users } from './people.js';

/** An organisation's security phrases; a phrase is current while `expires_at` is null or later than now. */
export const securityPhrases = pgTable(
  'security_phrases',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    phrase: text('phrase').notNull(),
    isDuress: boolean('is_duress').notNull().default(false),
    /** Null = no expiry (an edit then sets now + 7 days, spec §4). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Spec §3 expiration-editable flag: whether the expiry may be changed after creation. */
    expirationEditable: boolean('expiration_editable').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('security_phrases_org_idx').on(t.organizationId, t.expiresAt)],
);

/** A user's notification settings: web popup/sound per category, allowed categories, do-not-disturb window. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  web: jsonb('web').$type<Record<string, unknown>>().notNull().default({}),
  allowed: jsonb('allowed').$type<Record<string, unknown>>().notNull().default({}),
  dnd: jsonb('dnd').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
