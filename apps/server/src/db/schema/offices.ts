/**
 * Offices and organisations (spec §3: Security office, Organisation, Regional office, Head office,
 * Branch office, Branch type), with week schedules, holiday templates, timers and auto-close time.
 * Times of day are branch-local wall-clock times (`time`), interpreted in the office's IANA zone.
 * Timers are minutes: the window after the scheduled time within which an opening / closing counts
 * as on time, and the longest expected servicing.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const address = () => ({
  address: text('address'),
  city: text('city'),
  state: text('state'),
  zipCode: text('zip_code'),
  country: text('country'),
});
const geo = () => ({
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  altitude: doublePrecision('altitude'),
});
const created = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
/** StatusId: 1 Active, 2 Pending, 3 Inactive (spec §4). */
const status = () => ({ statusId: smallint('status_id').notNull().default(1) });

export const securityOffices = pgTable(
  'security_offices',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    ...address(),
    phoneNumber: text('phone_number'),
    email: text('email'),
    ...geo(),
    officeTypeId: smallint('office_type_id').notNull().default(3),
    timeZone: text('time_zone').notNull().default('UTC'),
    isMonitoring: boolean('is_monitoring').notNull().default(true),
    ...status(),
    ...created(),
  },
  (t) => [uniqueIndex('security_offices_name_uq').on(sql`lower(${t.name})`), uniqueIndex('security_offices_code_uq').on(t.code)],
);

export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    ...address(),
    formattedAddress: text('formatted_address'),
    phoneNumber: text('phone_number'),
    email: text('email'),
    ...geo(),
    primaryContactName: text('primary_contact_name'),
    primaryContactSurname: text('primary_contact_surname'),
    primaryContactEmail: text('primary_contact_email'),
    primaryContactPhone: text('primary_contact_phone'),
    secondaryContactName: text('secondary_contact_name'),
    secondaryContactSurname: text('secondary_contact_surname'),
    secondaryContactEmail: text('secondary_contact_email'),
    secondaryContactPhone: text('secondary_contact_phone'),
    /** Head office row in `offices` (set after the head office is created). */
    headOfficeId: integer('head_office_id'),
    /** Single sign-on (account lifecycle): e-mail domain sent to the OpenID Connect provider; null = passwords. */
    ssoDomain: text('sso_domain'),
    /** OpenID Connect issuer (https URL), client id and client secret; the secret is never returned. */
    ssoIssuer: text('sso_issuer'),
    ssoClientId: text('sso_client_id'),
    ssoClientSecret: text('sso_client_secret'),
    /** Dispositions operators choose from when acknowledging panic, duress and emergency (issue 13; codes of DEFAULT_DISPOSITIONS or free text). */
    alarmDispositions: jsonb('alarm_dispositions')
      .$type<string[]>()
      .notNull()
      .default(sql`'["false-alarm","test","police-dispatched","resolved-on-site"]'::jsonb`),
    ...status(),
    ...created(),
  },
  (t) => [uniqueIndex('organizations_name_uq').on(sql`lower(${t.name})`), uniqueIndex('organizations_sso_domain_uq').on(t.ssoDomain)],
);

/** Which security offices monitor which organisations (spec §3 Organisation.SecurityOffices, Security office.Managing). */
export const organizationSecurityOffices = pgTable(
  'organization_security_offices',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    securityOfficeId: integer('security_office_id')
      .notNull()
      .references(() => securityOffices.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.securityOfficeId] }), index('org_so_so_idx').on(t.securityOfficeId)],
);

/** A week schedule: one row per open weekday (ISO 1 = Monday … 7 = Sunday); a missing weekday is closed. */
export const weekSchedules = pgTable('week_schedules', {
  id: serial('id').primaryKey(),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  ...created(),
});
export const weekScheduleDays = pgTable(
  'week_schedule_days',
  {
    weekScheduleId: integer('week_schedule_id')
      .notNull()
      .references(() => weekSchedules.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    /** Branch-local opening time. */
    opensAt: time('opens_at').notNull(),
    /** Branch-local closing time (same day). */
    closesAt: time('closes_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.weekScheduleId, t.weekday] }), check('week_schedule_days_weekday', sql`${t.weekday} between 1 and 7`)],
);

/** Holiday template (spec §3 HolidaysTemplate) and its dates (branch-local days). */
export const holidayTemplates = pgTable('holiday_templates', {
  id: serial('id').primaryKey(),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  ...created(),
});
export const holidays = pgTable(
  'holidays',
  {
    holidayTemplateId: integer('holiday_template_id')
      .notNull()
      .references(() => holidayTemplates.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.holidayTemplateId, t.day] })],
);

const schedule = () => ({
  timeZone: text('time_zone').notNull(),
  weekScheduleId: integer('week_schedule_id').references(() => weekSchedules.id, { onDelete: 'set null' }),
  holidayTemplateId: integer('holiday_template_id').references(() => holidayTemplates.id, { onDelete: 'set null' }),
  /** Minutes after the scheduled opening within which an opening is on time. */
  openingTimer: integer('opening_timer').notNull().default(15),
  /** Minutes after the scheduled closing within which a closing is on time. */
  closingTimer: integer('closing_timer').notNull().default(15),
  /** Longest expected servicing, minutes. */
  servicingTimer: integer('servicing_timer').notNull().default(60),
  /** Branch-local time at which a branch still open is closed by the system; null = never. */
  autoCloseTime: time('auto_close_time'),
});

/** OfficeTypeId of `offices`: 1 head office, 2 regional office. */
export const OfficeType = { HeadOffice: 1, RegionalOffice: 2 } as const;

/** Head office and regional offices (spec §3 Regional office, Head office). */
export const offices = pgTable(
  'offices',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    officeTypeId: smallint('office_type_id').notNull(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    phoneNumber: text('phone_number'),
    email: text('email'),
    ...address(),
    ...geo(),
    ...schedule(),
    primaryContactName: text('primary_contact_name'),
    primaryContactSurname: text('primary_contact_surname'),
    primaryContactEmail: text('primary_contact_email'),
    primaryContactPhone: text('primary_contact_phone'),
    secondaryContactName: text('secondary_contact_name'),
    secondaryContactSurname: text('secondary_contact_surname'),
    secondaryContactEmail: text('secondary_contact_email'),
    secondaryContactPhone: text('secondary_contact_phone'),
    ...status(),
    ...created(),
  },
  (t) => [uniqueIndex('offices_org_code_uq').on(t.organizationId, t.code), index('offices_org_idx').on(t.organizationId)],
);

/** Branch types (spec §3 Branch type). */
export const branchOfficeTypes = pgTable('branch_office_types', {
  id: serial('id').primaryKey(),
  type: text('type').notNull().unique(),
  description: text('description').notNull(),
  display: text('display').notNull(),
});

/** Branch offices, called locations (spec §3 Branch office). */
export const branchOffices = pgTable(
  'branch_offices',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    regionalOfficeId: integer('regional_office_id').references(() => offices.id, { onDelete: 'set null' }),
    branchOfficeTypeId: integer('branch_office_type_id')
      .notNull()
      .references(() => branchOfficeTypes.id),
    securityOfficeId: integer('security_office_id').references(() => securityOffices.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    phoneNumber: text('phone_number'),
    email: text('email'),
    ...address(),
    ...geo(),
    ...schedule(),
    /** Geofence radius for check-in validation, metres. */
    geofenceRadius: integer('geofence_radius').notNull().default(200),
    testMode: boolean('test_mode').notNull().default(false),
    testNote: text('test_note'),
    /** Last BranchAction (Open, Close, Service, Panic, …), kept with the event that set it. */
    branchAction: text('branch_action'),
    branchActionAt: timestamp('branch_action_at', { withTimezone: true }),
    lastEventId: integer('last_event_id'),
    firstUseDate: date('first_use_date'),
    ...status(),
    ...created(),
  },
  (t) => [
    uniqueIndex('branch_offices_org_code_uq').on(t.organizationId, t.code),
    // The branch list order (name, id) within an organisation: pages and export pages are index ranges.
    index('branch_offices_org_idx').on(t.organizationId, t.name, t.id),
    index('branch_offices_region_idx').on(t.regionalOfficeId),
    index('branch_offices_so_idx').on(t.securityOfficeId),
  ],
);
