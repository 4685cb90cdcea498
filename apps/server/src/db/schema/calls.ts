/**
 * Video calls and incidents (spec §3 Phone/video call, Incident / video recording; §4 Phone call
 * status). A call row holds its state (contract CALL_STATES), its caller, branch, answering
 * operator, transfer chain and instants; its incident row (one per call, written in the same
 * transaction) keeps the caller's profile as it was at call time and the recording's file. A mobile
 * user's medical profile and emergency contacts live in medical_profiles. Nothing is deleted by a
 * call ending: closed calls are the incidents of the video recordings report.
 */
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CallLocation, CallState, CallTransfer, EmergencyContact, MedicalInfo } from '@vigil/contract';
import { branchOffices, offices, organizations } from './offices.js';
import { users } from './people.js';

export const calls = pgTable(
  'calls',
  {
    /** IncidentId. */
    id: serial('id').primaryKey(),
    state: text('state').$type<CallState>().notNull(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    regionalOfficeId: integer('regional_office_id').references(() => offices.id, { onDelete: 'set null' }),
    branchOfficeId: integer('branch_office_id').references(() => branchOffices.id, { onDelete: 'set null' }),
    /** The mobile caller (null once the user is deleted; the incident keeps its snapshot). */
    callerUserId: integer('caller_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The operator who holds (or last held) the call. */
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    /** The operator the call is transferred to while state = 'transfer'. */
    transferTo: integer('transfer_to').references(() => users.id, { onDelete: 'set null' }),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    /** Every hand-over, oldest first. */
    transferChain: jsonb('transfer_chain').$type<CallTransfer[]>().notNull().default([]),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** The first answer. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** 'caller' or 'console'. */
    endedBy: text('ended_by').$type<'caller' | 'console'>(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** metres */
    horizontalAccuracy: doublePrecision('horizontal_accuracy'),
    locations: jsonb('locations').$type<CallLocation[]>().notNull().default([]),
    appVersion: text('app_version'),
    os: text('os'),
    phoneModel: text('phone_model'),
  },
  (t) => [
    /** The open calls (getcalls, the drawer). */
    index('calls_open_idx')
      .on(t.organizationId, t.startedAt)
      .where(sql`${t.state} in ('ringing', 'active', 'transfer', 'ended')`),
    /** getincidents: an organisation's calls over time. */
    index('calls_org_time_idx').on(t.organizationId, t.startedAt),
    /** One call in progress per caller. */
    uniqueIndex('calls_caller_live_idx')
      .on(t.callerUserId)
      .where(sql`${t.state} in ('ringing', 'active', 'transfer')`),
  ],
);

export const incidents = pgTable('incidents', {
  callId: integer('call_id')
    .primaryKey()
    .references(() => calls.id, { onDelete: 'cascade' }),
  /** The incident's text id. */
  textId: uuid('text_id').notNull().defaultRandom().unique(),
  /** The recording's file under RECORDINGS_DIR; null until one is kept. */
  mediaFilename: text('media_filename'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // The caller's profile at call time.
  callerName: text('caller_name').notNull(),
  callerSurname: text('caller_surname').notNull(),
  callerEmail: text('caller_email').notNull(),
  callerPhone: text('caller_phone'),
  callerLanguage: text('caller_language').notNull(),
  callerOrganizationName: text('caller_organization_name'),
  medical: jsonb('medical').$type<MedicalInfo>().notNull(),
  emergencyContacts: jsonb('emergency_contacts').$type<EmergencyContact[]>().notNull().default([]),
});

export const medicalProfiles = pgTable('medical_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bloodType: text('blood_type'),
  hearingImpaired: boolean('hearing_impaired').notNull().default(false),
  /** centimetres */
  heightCm: doublePrecision('height_cm'),
  /** kilograms */
  weightKg: doublePrecision('weight_kg'),
  specialNotes: text('special_notes'),
  /** At most three (contract EMERGENCY_CONTACTS_MAX). */
  emergencyContacts: jsonb('emergency_contacts').$type<EmergencyContact[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
