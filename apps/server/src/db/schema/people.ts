/**
 * Users (spec §3 User: the fields that are data), roles, WorksIn assignments, dealer assignments
 * and sessions. Phone numbers are E.164. Passwords, PINs and panic (duress) codes are argon2id
 * hashes; session tokens are stored as SHA-256 hex of the raw token.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { branchOffices, offices, organizations, securityOffices } from './offices.js';

/** Role table (spec §3 Role), seeded from packages/contract roles.ts. */
export const roles = pgTable('roles', {
  id: smallint('id').primaryKey(),
  roleName: text('role_name').notNull().unique(),
  roleNameDisplay: text('role_name_display').notNull(),
  orderWeight: smallint('order_weight').notNull(),
  webLogin: boolean('web_login').notNull(),
  mobileLogin: boolean('mobile_login').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** The organisation the user belongs to; null for platform admins, dealers and security-office staff. */
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    roleId: smallint('role_id')
      .notNull()
      .references(() => roles.id),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    email: text('email').notNull(),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    country: text('country'),
    /** E.164, e.g. +355691234567. */
    phoneNumber: text('phone_number'),
    /** Employee number. */
    number: text('number'),
    verbalCode: text('verbal_code'),
    verbalCodeEnabled: boolean('verbal_code_enabled').notNull().default(false),
    avatar: text('avatar'),
    langId: varchar('lang_id', { length: 5 }).notNull().default('en'),
    /** 1 Active, 2 Pending, 3 Inactive. */
    statusId: smallint('status_id').notNull().default(2),
    passwordHash: text('password_hash'),
    /** Set by a temporary password (spec §7 temporary-password): every call but a password change is refused until the user picks one. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    pinHash: text('pin_hash'),
    duressHash: text('duress_hash'),
    /** Users without console access are refused on the web even in a web role (spec §1). */
    consoleAccess: boolean('console_access').notNull().default(true),
    fromSync: boolean('from_sync').notNull().default(false),
    geofenceValidation: boolean('geofence_validation').notNull().default(false),
    verifiedTelephone: boolean('verified_telephone').notNull().default(false),
    firstAccount: boolean('first_account').notNull().default(false),
    personalTimer: boolean('personal_timer').notNull().default(false),
    notificationsEnabled: boolean('notifications_enabled').notNull().default(true),
    notificationPreferences: jsonb('notification_preferences').$type<Record<string, unknown>>().notNull().default({}),
    allowedNotifications: jsonb('allowed_notifications').$type<number[]>().notNull().default([]),
    featureEnabled: jsonb('feature_enabled').$type<Record<string, boolean>>().notNull().default({}),
    carrierName: text('carrier_name'),
    carrierDomain: text('carrier_domain'),
    appVersion: text('app_version'),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    // The employee list order (surname, name, id) within an organisation and overall, so a page and
    // a keyset page of an export are index ranges (issue 4: fast with 100,000 employees).
    index('users_org_idx').on(t.organizationId, t.surname, t.name, t.id),
    index('users_name_idx').on(t.surname, t.name, t.id),
    // The employee search text (modules/employees/employees.repository.ts SEARCH_TEXT; keep them
    // identical) under pg_trgm, so `ILIKE '%text%'` is answered from the index.
    index('users_search_trgm_idx').using(
      'gin',
      sql`(${t.name} || ' ' || ${t.surname} || chr(1) || ${t.email} || chr(1) || coalesce(${t.phoneNumber}, '') || chr(1) || coalesce(${t.number}, '')) gin_trgm_ops`,
    ),
    index('users_role_idx').on(t.roleId),
  ],
);

/** WorksIn: where a user works — exactly one of region, branch or security office a row (spec §3 User.WorksIn). */
export const worksIn = pgTable(
  'works_in',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    regionalOfficeId: integer('regional_office_id').references(() => offices.id, { onDelete: 'cascade' }),
    branchOfficeId: integer('branch_office_id').references(() => branchOffices.id, { onDelete: 'cascade' }),
    securityOfficeId: integer('security_office_id').references(() => securityOffices.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('works_in_user_idx').on(t.userId),
    index('works_in_branch_idx').on(t.branchOfficeId),
    index('works_in_region_idx').on(t.regionalOfficeId),
    check('works_in_one_target', sql`num_nonnulls(${t.regionalOfficeId}, ${t.branchOfficeId}, ${t.securityOfficeId}) = 1`),
  ],
);

/** Dealers (role 12) assigned to organisations (spec §3 Organisation.Dealers). */
export const organizationDealers = pgTable(
  'organization_dealers',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] }), index('org_dealers_user_idx').on(t.userId)],
);

/** Sessions (spec §3 Session). Server-side, so any node can check them. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 hex of the 256-bit random token. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** WEB or MOBILE. */
    sessionType: text('session_type').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
