/**
 * Task lists (spec §3 Task list template, Branch assignment; §4 Tasking): templates of an
 * organisation (or, with no organisation, of the platform admin's library), their items in
 * PriorityOrder, their branches, and the tasks (runs of a template at a branch) with each item's
 * start and end. Durations are seconds; instants UTC.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TaskingType, TaskStatus } from '@vigil/contract';
import { branchOffices, organizations } from './offices.js';
import { users } from './people.js';

export const taskListTemplates = pgTable(
  'task_list_templates',
  {
    id: serial('id').primaryKey(),
    /** The owning organisation; null for a template of the platform admin's library. */
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    taskingType: text('tasking_type').$type<TaskingType>().notNull(),
    /** Spec §6: whether the organisation may edit / delete it (set on library templates, carried by imports and clones). */
    isAllowedEdit: boolean('is_allowed_edit').notNull().default(true),
    isAllowedDelete: boolean('is_allowed_delete').notNull().default(true),
    /** The library template it was imported from. */
    importedFromId: integer('imported_from_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    /** Spec §5: names are unique (any case) within an organisation, and within the library. */
    uniqueIndex('task_list_templates_org_name_uq').on(sql`coalesce(${t.organizationId}, 0)`, sql`lower(${t.name})`),
  ],
);

export const taskListTemplateDetails = pgTable(
  'task_list_template_details',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => taskListTemplates.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    /** 1…n within the template. */
    priorityOrder: integer('priority_order').notNull(),
    isOrderMandatory: boolean('is_order_mandatory').notNull().default(false),
    /** Expected duration, seconds. */
    timeInterval: integer('time_interval').notNull().default(0),
  },
  (t) => [index('task_list_template_details_template_idx').on(t.templateId, t.priorityOrder)],
);

/** Branch assignment (spec §3): which templates a branch's staff are offered. */
export const taskListAssignments = pgTable(
  'task_list_assignments',
  {
    templateId: integer('template_id')
      .notNull()
      .references(() => taskListTemplates.id, { onDelete: 'cascade' }),
    branchOfficeId: integer('branch_office_id')
      .notNull()
      .references(() => branchOffices.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.branchOfficeId] }), index('task_list_assignments_branch_idx').on(t.branchOfficeId)],
);

/** One run of a template at a branch; the template's name, type and items are copied so history survives edits. */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id').references(() => taskListTemplates.id, { onDelete: 'set null' }),
    templateName: text('template_name').notNull(),
    taskingType: text('tasking_type').$type<TaskingType>().notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    branchOfficeId: integer('branch_office_id')
      .notNull()
      .references(() => branchOffices.id, { onDelete: 'cascade' }),
    status: text('status').$type<TaskStatus>().notNull(),
    activatedBy: integer('activated_by').references(() => users.id, { onDelete: 'set null' }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** When the current pause began (status PAUSED). */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** Seconds spent paused by earlier pauses. */
    pausedSeconds: integer('paused_seconds').notNull().default(0),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: integer('ended_by').references(() => users.id, { onDelete: 'set null' }),
    /** The branch action event that brought the task (opening, closing, servicing lists). */
    branchActionEventId: bigint('branch_action_event_id', { mode: 'number' }),
  },
  (t) => [
    /** At most one active task per branch. */
    uniqueIndex('tasks_branch_active_uq')
      .on(t.branchOfficeId)
      .where(sql`${t.status} in ('ACTIVATED', 'RUNNING', 'PAUSED')`),
    index('tasks_org_started_idx').on(t.organizationId, t.startedAt),
    index('tasks_branch_started_idx').on(t.branchOfficeId, t.startedAt),
    /** The task list run of a branch action (the activity report's ChecklistLBranchActions, one look-up per row of a page). */
    index('tasks_branch_action_event_idx')
      .on(t.branchActionEventId)
      .where(sql`${t.branchActionEventId} is not null`),
  ],
);

/** The items of a task, copied from the template at start, with their start and end. */
export const taskItems = pgTable(
  'task_items',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    detailId: integer('detail_id').notNull(),
    name: text('name').notNull(),
    priorityOrder: integer('priority_order').notNull(),
    isOrderMandatory: boolean('is_order_mandatory').notNull(),
    timeInterval: integer('time_interval').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.detailId] })],
);
