/**
 * The event log and branch activity (spec §3 Activity notification, Check-in/out row, Timer row).
 * Every branch action, notification, check-in/out and timer step is a row of `events` with a
 * monotonically increasing id, committed first and announced after commit (ARCHITECTURE.md).
 */
import { sql } from 'drizzle-orm';
import { EventKind, type EventAudience } from '@vigil/contract';
import {
  bigserial,
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  date,
  unique,
} from 'drizzle-orm/pg-core';
import { branchOffices, offices, organizations } from './offices.js';
import { users } from './people.js';

/**
 * Event kinds (events.kind) are declared once, with their payloads, in the contract (realtime.ts
 * EVENT_KINDS, EventPayloads); re-exported here for the writers that import the schema.
 */
export { EventKind };

export const events = pgTable(
  'events',
  {
    /** Monotonically increasing event id (NotificationId for notifications). */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** An EventKind of the contract; the payload below is that kind's EventPayloads entry. */
    kind: text('kind').notNull(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    regionalOfficeId: integer('regional_office_id').references(() => offices.id, { onDelete: 'set null' }),
    branchOfficeId: integer('branch_office_id').references(() => branchOffices.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Open, Close, Service, Panic, Duress, Trouble, Alarm, Emergency, Not Opened, Not Closed, … */
    branchAction: text('branch_action'),
    /** Spec §9 notification type: 0 anomaly; 2, 15 alarm; 10, 11, 12 emergency; null for plain actions. */
    notificationType: smallint('notification_type'),
    isTestNotification: boolean('is_test_notification').notNull().default(false),
    isClosedBySystem: boolean('is_closed_by_system').notNull().default(false),
    securityAlert: boolean('security_alert').notNull().default(false),
    /** early | ontime | late, for openings and closings classified against the schedule. */
    punctuality: text('punctuality'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    messageContent: text('message_content'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * Who receives it by scope (contract EventAudience): 'all' — every console whose scope holds its
     * branch (or organisation); 'security' — only the security-office consoles (roles 5, 8) in that
     * scope; 'none' — nobody by scope.
     */
    audience: text('audience').$type<EventAudience>().notNull().default('all'),
    /** Users who receive it in addition, on any of their sockets (console or mobile), whatever their scope. */
    recipientUserIds: integer('recipient_user_ids').array(),
    /** When it happened (UTC). */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_org_time_idx').on(t.organizationId, t.occurredAt),
    index('events_branch_time_idx').on(t.branchOfficeId, t.occurredAt),
    index('events_kind_time_idx').on(t.kind, t.occurredAt),
    /** Reports: one kind of an organisation's activity over a range (activities, VaultTrak, summary). */
    index('events_org_kind_time_idx').on(t.organizationId, t.kind, t.occurredAt),
    /**
     * Reports: an organisation's activity-report rows (branch actions and notifications, not the far
     * more numerous check-ins) in the report's time order, so that an export streams them in order
     * from the first row instead of sorting a year first. branch_office_id comes last for its value
     * only (id is unique): counting a range then reads the index alone.
     */
    index('events_org_activity_time_idx')
      .on(t.organizationId, t.occurredAt, t.id, t.branchOfficeId)
      .where(sql`${t.kind} in ('BRANCH_ACTION', 'NOTIFICATION')`),
    /**
     * Reports of a scope of many organisations (a security office monitoring 50, issue 20): the
     * activity rows of every organisation in time order, so the first page walks back from the end
     * of the range and stops after its rows instead of sorting a month of 5,000 branches; the
     * organisation and branch come last for their values (the scope test and the count read the
     * index alone).
     */
    index('events_activity_time_idx')
      .on(t.occurredAt, t.id, t.organizationId, t.branchOfficeId)
      .where(sql`${t.kind} in ('BRANCH_ACTION', 'NOTIFICATION')`),
    /**
     * The activity report's count (issue 20): the test notifications of a range, the only activity
     * rows event_day_counts leaves out, so that a page's total is the day counts' sum plus these few
     * (modules/reports/activities.ts dayCountTotal; migration 0020).
     */
    index('events_test_activity_idx')
      .on(t.organizationId, t.occurredAt, t.branchOfficeId)
      .where(sql`${t.kind} in ('BRANCH_ACTION', 'NOTIFICATION') and ${t.isTestNotification}`),
    /**
     * The summary report's lists (Emergency, Missing, Panic, SecurityAlerts, Trouble): the few rows
     * of those types in time order, so each list walks back from the end of the range over them
     * alone instead of reading a month of every event (migration 0019).
     */
    index('events_summary_alerts_idx')
      .on(t.occurredAt, t.id, t.organizationId, t.branchOfficeId)
      .where(
        sql`${t.kind} in ('BRANCH_ACTION', 'NOTIFICATION') and not ${t.isTestNotification} and (${t.notificationType} in (2, 10, 11, 12) or ${t.securityAlert} or ${t.branchAction} in ('Not Opened', 'Not Closed') or ${t.branchAction} ilike '%panic%' or ${t.branchAction} ilike '%duress%')`,
      ),
  ],
);

/**
 * The summary report's counts per branch, organisation and branch-local day (modules/reports/summary.ts),
 * kept by triggers on `events` in the same transaction as the events they count (migration
 * 0019_event_day_counts): only the report's rows (kinds BRANCH_ACTION and NOTIFICATION, test
 * notifications left out, with a branch). An insert adds to its rows; an update or delete of events
 * recounts the (branch, organisation, day) rows it touches from `events`; a change of a branch's
 * time zone recounts that branch; a truncate of `events` empties it. Never written by the server.
 */
export const eventDayCounts = pgTable(
  'event_day_counts',
  {
    branchOfficeId: integer('branch_office_id')
      .notNull()
      .references(() => branchOffices.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id'),
    /** The branch-local date (branch_offices.time_zone) of the events counted. */
    day: date('day').notNull(),
    /** Every event counted (the busiest-branches order). */
    events: integer('events').notNull().default(0),
    opens: integer('opens').notNull().default(0),
    closes: integer('closes').notNull().default(0),
    service: integer('service').notNull().default(0),
    notOpened: integer('not_opened').notNull().default(0),
    autoClosed: integer('auto_closed').notNull().default(0),
    panic: integer('panic').notNull().default(0),
    trouble: integer('trouble').notNull().default(0),
    emergency: integer('emergency').notNull().default(0),
    securityAlerts: integer('security_alerts').notNull().default(0),
    /** Notifications of types 2, 10, 11, 12, 15 or flagged SecurityAlert (BranchActivity.Alarms). */
    alarms: integer('alarms').notNull().default(0),
    /** The day's first 'Open' (occurred_at, id) and its punctuality. */
    firstOpenAt: timestamp('first_open_at', { withTimezone: true }),
    firstOpenId: bigint('first_open_id', { mode: 'number' }),
    firstOpenPunctuality: text('first_open_punctuality'),
    /** The day's last 'Close' (occurred_at, id) and its punctuality. */
    lastCloseAt: timestamp('last_close_at', { withTimezone: true }),
    lastCloseId: bigint('last_close_id', { mode: 'number' }),
    lastClosePunctuality: text('last_close_punctuality'),
  },
  (t) => [unique('event_day_counts_key').on(t.day, t.branchOfficeId, t.organizationId).nullsNotDistinct()],
);

/** Check-ins and check-outs at a branch (spec §3 Check-in/out report row). Accuracy in metres. */
export const checkIns = pgTable(
  'check_ins',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    branchOfficeId: integer('branch_office_id')
      .notNull()
      .references(() => branchOffices.id, { onDelete: 'cascade' }),
    checkInAt: timestamp('check_in_at', { withTimezone: true }).notNull(),
    checkOutAt: timestamp('check_out_at', { withTimezone: true }),
    checkedOutBy: integer('checked_out_by').references(() => users.id, { onDelete: 'set null' }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    horizontalAccuracy: doublePrecision('horizontal_accuracy'),
    insideGeofence: boolean('inside_geofence'),
    checkInEventId: bigint('check_in_event_id', { mode: 'number' }),
  },
  (t) => [
    index('check_ins_branch_idx').on(t.branchOfficeId, t.checkInAt),
    index('check_ins_user_idx').on(t.userId, t.checkInAt),
    /**
     * The check-in/out report of a wide scope (issue 20): newest first from the index in the
     * report's own order (`check_in_at desc nulls last, id desc`), the branch for the scope test
     * and the count.
     */
    index('check_ins_time_idx').on(t.checkInAt.desc().nullsLast(), t.id.desc(), t.branchOfficeId),
  ],
);

/**
 * The check-in/out report's total per branch and branch-local day (modules/reports/other-reports.ts
 * checkInOutQueries), kept by triggers on `check_ins` in the same transaction as the check-ins they
 * count (migration 0021_check_in_day_counts): an insert adds, a delete subtracts, an update moves
 * the old row's count to the new one's (a check-out changes nothing); a change of a branch's time
 * zone recounts that branch; a truncate of `check_ins` empties it. A month of 5,000 branches is
 * 155,000 of these rows instead of a million check-ins (issue 20). Never written by the server.
 */
export const checkInDayCounts = pgTable(
  'check_in_day_counts',
  {
    branchOfficeId: integer('branch_office_id')
      .notNull()
      .references(() => branchOffices.id, { onDelete: 'cascade' }),
    /** The branch-local date (branch_offices.time_zone) of the check-ins counted. */
    day: date('day').notNull(),
    checkIns: integer('check_ins').notNull().default(0),
    /** Those with inside_geofence true, and false (unknown counts in neither). */
    insideGeofence: integer('inside_geofence').notNull().default(0),
    outsideGeofence: integer('outside_geofence').notNull().default(0),
  },
  (t) => [
    unique('check_in_day_counts_key').on(t.day, t.branchOfficeId),
    index('check_in_day_counts_branch_idx').on(t.branchOfficeId, t.day),
  ],
);

/** Personal (lone-worker) timers (spec §3 Timer report row). Duration in seconds. */
export const timers = pgTable(
  'timers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    branchOfficeId: integer('branch_office_id').references(() => branchOffices.id, { onDelete: 'set null' }),
    timerForAction: text('timer_for_action').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    safeStopped: boolean('safe_stopped').notNull().default(false),
    alerted: boolean('alerted').notNull().default(false),
  },
  (t) => [
    index('timers_open_idx').on(t.expiresAt),
    index('timers_user_idx').on(t.userId, t.startedAt),
    index('timers_branch_idx').on(t.branchOfficeId, t.startedAt),
    index('timers_started_idx').on(t.startedAt),
  ],
);

export const timerPings = pgTable(
  'timer_pings',
  {
    id: serial('id').primaryKey(),
    timerId: integer('timer_id')
      .notNull()
      .references(() => timers.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    horizontalAccuracy: doublePrecision('horizontal_accuracy'),
  },
  (t) => [index('timer_pings_timer_idx').on(t.timerId, t.at)],
);

/** Audit log: who changed what, before and after, when (ARCHITECTURE.md Security defaults). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId), index('audit_log_at_idx').on(t.at)],
);

/** The first acknowledgement of an alarm notification wins and is shared by every console (issue: alarm panel). */
export const alarmAcknowledgements = pgTable('alarm_acknowledgements', {
  eventId: bigint('event_id', { mode: 'number' })
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull().defaultNow(),
  /** The disposition chosen (required for panic, duress and emergency; issue 13). */
  disposition: text('disposition'),
  /** The note given with the acknowledgement. */
  note: text('note'),
});

/** Operator notes on an alarm notification. */
export const alarmNotes = pgTable(
  'alarm_notes',
  {
    id: serial('id').primaryKey(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alarm_notes_event_idx').on(t.eventId)],
);

/** Notifications a user has read one by one (spec §4 Notifications: unread to read, individually). */
export const notificationReads = pgTable(
  'notification_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] })],
);

/** "Mark all read": every notification up to this event id counts as read for the user. */
export const notificationReadMarks = pgTable('notification_read_marks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  upToEventId: bigint('up_to_event_id', { mode: 'number' }).notNull(),
  markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
});
