/**
 * Emergency notification service (spec §3 ENS notification, ENS message template; docs/API.md
 * "ENS"). One `ens_notifications` row per send, one `ens_recipients` row per person and one
 * `ens_deliveries` row per person and channel (app, email, sms), all written in the send's
 * transaction. `ens_deliveries` is also the durable job queue of the e-mail and SMS deliveries:
 * workers claim due rows with FOR UPDATE SKIP LOCKED (modules/ens/ens-delivery.ts).
 */
import { sql } from 'drizzle-orm';
import type { EnsChannel, EnsDeliveryStatus, EnsReply } from '@vigil/contract';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branchOffices, offices, organizations, securityOffices } from './offices.js';
import { users } from './people.js';

/** ENS message templates of an organisation (spec §3: MessageTemplateId, ShortMsg, Description). */
export const ensMessageTemplates = pgTable(
  'ens_message_templates',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    shortMsg: text('short_msg').notNull(),
    description: text('description').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when deleted: kept so that sent notifications still name their template. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('ens_templates_org_idx').on(t.organizationId)],
);

/** One emergency send (spec §3 ENS notification). */
export const ensNotifications = pgTable(
  'ens_notifications',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    regionalOfficeId: integer('regional_office_id').references(() => offices.id, { onDelete: 'set null' }),
    branchOfficeId: integer('branch_office_id')
      .notNull()
      .references(() => branchOffices.id, { onDelete: 'cascade' }),
    fromUserId: integer('from_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The sender's security office when a security user (roles 5, 8) sent it. */
    securityOfficeId: integer('security_office_id').references(() => securityOffices.id, { onDelete: 'set null' }),
    messageTemplateId: integer('message_template_id').references(() => ensMessageTemplates.id, { onDelete: 'set null' }),
    messageTitle: text('message_title').notNull(),
    messageContent: text('message_content').notNull(),
    /** Always ALL (spec §9). */
    notificationMethod: text('notification_method').notNull().default('ALL'),
    /** The EMERGENCY-NOTIFICATION event of the log. */
    eventId: bigint('event_id', { mode: 'number' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ens_notifications_org_time_idx').on(t.organizationId, t.sentAt),
    index('ens_notifications_branch_idx').on(t.branchOfficeId),
  ],
);

/** A recipient of a send, in their language at the time of sending; read and reply come from the app. */
export const ensRecipients = pgTable(
  'ens_recipients',
  {
    id: serial('id').primaryKey(),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => ensNotifications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    langId: text('lang_id').notNull().default('en'),
    readAt: timestamp('read_at', { withTimezone: true }),
    reply: text('reply').$type<EnsReply>(),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** The Emergency alarm raised by a "help" reply (events.id). */
    helpEventId: bigint('help_event_id', { mode: 'number' }),
  },
  (t) => [uniqueIndex('ens_recipients_uq').on(t.notificationId, t.userId), index('ens_recipients_user_idx').on(t.userId, t.notificationId)],
);

/**
 * One delivery: a recipient on one channel, with its address (e-mail or E.164 phone) fixed at
 * sending. Unique per (recipient, channel): the idempotency key of the outside send is the row id.
 * E-mail and SMS rows are jobs: `next_attempt_at` is when a worker may take a queued row, and for a
 * row being sent the end of the worker's lease (a crashed worker's row is taken again after it).
 */
export const ensDeliveries = pgTable(
  'ens_deliveries',
  {
    id: serial('id').primaryKey(),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => ensNotifications.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => ensRecipients.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<EnsChannel>().notNull(),
    address: text('address'),
    status: text('status').$type<EnsDeliveryStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** When the status last changed. */
    statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ens_deliveries_uq').on(t.recipientId, t.channel),
    index('ens_deliveries_notification_idx').on(t.notificationId),
    /** The job queue: due e-mail and SMS rows, oldest first. */
    index('ens_deliveries_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} in ('queued', 'sending')`),
  ],
);
