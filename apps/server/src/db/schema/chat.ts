/**
 * Operator chat (spec §3 Chat session, Chat message; §4 Chat session states). A session is either
 * a mobile caller's chat with the security office ('mobile') or two security officers' chat
 * ('console', startchatso). Nothing is ever deleted by closing: closed sessions are the transcripts.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ChatLocation, ChatStatus } from '@vigil/contract';
import { branchOffices, offices, organizations } from './offices.js';
import { users } from './people.js';

export const chatSessions = pgTable(
  'chat_sessions',
  {
    /** ChatRoomId / SessionAutoId. */
    id: serial('id').primaryKey(),
    /** ChatSessionId. */
    sessionId: uuid('session_id').notNull().defaultRandom().unique(),
    kind: text('kind').$type<'mobile' | 'console'>().notNull(),
    status: text('status').$type<ChatStatus>().notNull(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    regionalOfficeId: integer('regional_office_id').references(() => offices.id, { onDelete: 'set null' }),
    branchOfficeId: integer('branch_office_id').references(() => branchOffices.id, { onDelete: 'set null' }),
    /** The mobile caller (initiated by); for a console session the officer who opened it. */
    callerUserId: integer('caller_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A console session's other officer. */
    peerUserId: integer('peer_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The security officer who answered (first-wins). */
    officerUserId: integer('officer_user_id').references(() => users.id, { onDelete: 'set null' }),
    finishedBy: integer('finished_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** metres */
    horizontalAccuracy: doublePrecision('horizontal_accuracy'),
    /** Every position the caller sent (the first one included). */
    locations: jsonb('locations').$type<ChatLocation[]>().notNull().default([]),
    mobileSessionType: text('mobile_session_type').notNull().default('MOBILE'),
    appVersion: text('app_version'),
    os: text('os'),
    phoneModel: text('phone_model'),
    urlForMedia: text('url_for_media'),
  },
  (t) => [
    /** The open sessions (getSessions, the drawer). */
    index('chat_sessions_open_idx')
      .on(t.organizationId, t.startedAt)
      .where(sql`${t.status} <> 'closed'`),
    /** The transcripts report: an organisation's sessions over a range. */
    index('chat_sessions_org_time_idx').on(t.organizationId, t.startedAt),
    /** One officer-to-officer session per pair of officers (lower id first). */
    uniqueIndex('chat_sessions_console_pair_idx')
      .on(t.callerUserId, t.peerUserId)
      .where(sql`${t.kind} = 'console'`),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    /** MsgAutoId. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromConsole: boolean('from_console').notNull(),
    /** Sanitised HTML (DOMPurify). */
    content: text('content').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_session_idx').on(t.sessionId, t.id)],
);
