/**
 * Task lists (checklists): the organisation's templates, the platform admin's library, branch
 * assignment, and their execution at a branch (spec §1 task lists; §3 Task list template, Branch
 * assignment; §4 Tasking; §5 unique names; §6 edit/delete flags; §7 managecltemplates,
 * getbranchesbytasklistid, activatetask, dropactivetask). The mobile execution calls are our
 * design (docs/API.md "Mobile: tasks"). Durations are seconds; instants UTC ISO.
 */
import { z } from 'zod';
import { ValidationKey as V } from './errors.js';
import { optionalId, optionalText, requiredId, requiredText } from './fields.js';
import { ZReportBase } from './reports.js';

/**
 * Tasking types of a template (our list, spec §3 TaskingType): the opening and closing lists come
 * with the branch action of that name, servicing with a service, on-demand lists are started on their own.
 */
export const TASKING_TYPES = ['OPENING', 'CLOSING', 'SERVICING', 'ON_DEMAND'] as const;
export type TaskingType = (typeof TASKING_TYPES)[number];
/** The tasking type a branch action (spec §4) brings with it. */
export const TASKING_TYPE_OF_ACTION: Record<'OPEN' | 'CLOSE' | 'SERVICE', TaskingType> = {
  OPEN: 'OPENING',
  CLOSE: 'CLOSING',
  SERVICE: 'SERVICING',
};

/** Catalogue keys of the task-list messages (packages/i18n task-lists.*.json). */
export const TaskListKey = {
  /** Spec §5, verbatim: a template name already used in the organisation. */
  NameInUse: 'taskLists.errors.nameInUse',
  /** Spec §5, verbatim: importing a library template whose name the organisation already uses. */
  ImportNameInUse: 'taskLists.errors.importNameInUse',
  EditNotAllowed: 'taskLists.errors.editNotAllowed',
  DeleteNotAllowed: 'taskLists.errors.deleteNotAllowed',
  NotAssigned: 'taskLists.errors.notAssigned',
  BranchBusy: 'taskLists.errors.branchBusy',
  OrderMandatory: 'taskLists.errors.orderMandatory',
  NotRunning: 'taskLists.errors.notRunning',
  NotPaused: 'taskLists.errors.notPaused',
  OrderMismatch: 'taskLists.errors.orderMismatch',
  ItemsRequired: 'taskLists.errors.itemsRequired',
  /** The report failed (spec §8 style 'Error retrieving …'). */
  Report: 'taskLists.errors.report',
} as const;

/** One item of a template as the editor sends it (spec §3 details: name, description, mandatory order, TimeInterval seconds). */
export const ZTemplateDetailInput = z.object({
  /** Present for an existing item (kept, so its runs stay linked); absent for a new one. */
  TemplateDetailsAutoId: optionalId(),
  name: requiredText(200),
  description: optionalText(1000),
  IsOrderMandatory: z.boolean().default(false),
  /** Expected duration, seconds (0 to 24 h). */
  TimeInterval: z.number().int().min(0, V.Min).max(86_400, V.Max),
});
export type TemplateDetailInput = z.input<typeof ZTemplateDetailInput>;

/** A template's editable fields; items are in their PriorityOrder (1…n). */
export const ZTemplateFields = z.object({
  name: requiredText(120),
  description: optionalText(1000),
  TaskingType: z.enum(TASKING_TYPES),
  details: z.array(ZTemplateDetailInput).min(1, TaskListKey.ItemsRequired).max(100, V.Max),
});

const caseOf = <C extends string>(c: C) => ({ param_case: z.literal(c) });
const template = { TemplateAutoId: requiredId() };
/** Branches and/or whole regions (every branch of the region in scope). */
const targets = {
  branchOfficeIds: z.array(requiredId()).max(5000).default([]),
  regionalOfficeIds: z.array(requiredId()).max(500).default([]),
};

/**
 * POST /api/client/managecltemplates (spec §7): every param_case. Reads: roles 2, 12, 6, 9 of the
 * organisation; writes: roles 2 and 12 (a dealer names the organisation). ADD and
 * GET-ADMIN-TEMPLATES are ours (the spec lists no create case and no library list).
 */
export const ZManageClTemplatesRequest = z.discriminatedUnion('param_case', [
  z.object({ ...caseOf('GET-ALL-BY-ORGANIZATION'), organizationId: optionalId() }),
  /** Ours: the admin library offered for IMPORT-FROM-ADMIN (roles 2 and 12). */
  z.object({ ...caseOf('GET-ADMIN-TEMPLATES') }),
  ZTemplateFields.extend({ ...caseOf('ADD'), organizationId: optionalId() }),
  z.object({ ...caseOf('ASSIGN'), ...template, ...targets }),
  z.object({ ...caseOf('DE-ASSIGN'), ...template, ...targets }),
  z.object({ ...caseOf('CLONE'), ...template, name: requiredText(120) }),
  ZTemplateFields.extend({ ...caseOf('UPDATE'), ...template }),
  z.object({ ...caseOf('UPDATE-ORDER'), ...template, order: z.array(requiredId()).min(1).max(100) }),
  z.object({ ...caseOf('UPDATE-NAME'), ...template, name: requiredText(120) }),
  z.object({ ...caseOf('IMPORT-FROM-ADMIN'), AdminTemplateAutoId: requiredId(), name: optionalText(120), organizationId: optionalId() }),
  z.object({ ...caseOf('DELETE'), ...template }),
]);
export type ManageClTemplatesRequest = z.input<typeof ZManageClTemplatesRequest>;

/** POST /api/admin/managecltemplates: the platform admin's library of shared templates (role 1). */
export const ZAdminClTemplatesRequest = z.discriminatedUnion('param_case', [
  z.object({ ...caseOf('GET-ALL') }),
  ZTemplateFields.extend({
    ...caseOf('ADD'),
    IsAllowedChecklistEdit: z.boolean().default(true),
    IsAllowedChecklistDelete: z.boolean().default(true),
  }),
  ZTemplateFields.extend({
    ...caseOf('UPDATE'),
    ...template,
    IsAllowedChecklistEdit: z.boolean().default(true),
    IsAllowedChecklistDelete: z.boolean().default(true),
  }),
  z.object({ ...caseOf('DELETE'), ...template }),
]);
export type AdminClTemplatesRequest = z.input<typeof ZAdminClTemplatesRequest>;

/** POST /api/client/getbranchesbytasklistid (spec §7): the branches in scope a template is assigned to. */
export const ZGetBranchesByTaskListIdRequest = z.object({ taskListId: requiredId() });

/** POST /api/client/activatetask (spec §4 Tasking, §7): activate a template at a branch, or force-end a paused task. */
export const ZActivateTaskRequest = z.discriminatedUnion('param_case', [
  z.object({ ...caseOf('ACTIVATE'), branchOfficeId: requiredId(), TemplateAutoId: requiredId() }),
  z.object({ ...caseOf('FORCE-END'), TaskId: requiredId() }),
]);
/** POST /api/client/dropactivetask (spec §4 "clear active task"): the branch's active task is dropped. */
export const ZDropActiveTaskRequest = z.object({ branchOfficeId: requiredId() });

/** One item of a template (spec §3 details list). */
export const ZTemplateDetail = z.strictObject({
  TemplateDetailsAutoId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  PriorityOrder: z.number(),
  IsOrderMandatory: z.boolean(),
  /** Expected duration, seconds. */
  TimeInterval: z.number(),
});
export type TemplateDetail = z.output<typeof ZTemplateDetail>;

/** A branch a template is assigned to (spec §3 AssignedToBranches). */
export const ZAssignedBranch = z.strictObject({
  BranchOfficeId: z.number(),
  BranchOfficeName: z.string(),
  RegionalOfficeId: z.number().nullable(),
  RegionalOfficeName: z.string().nullable(),
});
export type AssignedBranch = z.output<typeof ZAssignedBranch>;

/** A task list template (spec §3 Task list template). */
export const ZTaskListTemplate = z.strictObject({
  TemplateAutoId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  TaskingType: z.enum(TASKING_TYPES),
  /** English name of the tasking type; the console shows the catalogue text taskLists.types.<TaskingType>. */
  TaskingTypeName: z.string(),
  OrganizationId: z.number().nullable(),
  OrganizationName: z.string().nullable(),
  details: z.array(ZTemplateDetail),
  AssignedToBranches: z.array(ZAssignedBranch),
  IsAllowedChecklistEdit: z.boolean(),
  IsAllowedChecklistDelete: z.boolean(),
  /** Sum of the items' TimeInterval, seconds. */
  ExpectedSeconds: z.number(),
});
export type TaskListTemplate = z.output<typeof ZTaskListTemplate>;

export const TASKING_TYPE_NAMES: Record<TaskingType, string> = {
  OPENING: 'Opening',
  CLOSING: 'Closing',
  SERVICING: 'Servicing',
  ON_DEMAND: 'On demand',
};

/** Status of a task (one execution of a template at a branch). ACTIVATED: by the console, not yet started. */
export const TASK_STATUSES = ['ACTIVATED', 'RUNNING', 'PAUSED', 'COMPLETED', 'FORCE_ENDED', 'DROPPED'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** Statuses of a branch's active task (at most one per branch). */
export const ACTIVE_TASK_STATUSES: readonly TaskStatus[] = ['ACTIVATED', 'RUNNING', 'PAUSED'];

/** One item of a task run: when it started and ended (UTC ISO), its duration and expected duration (seconds). */
export const ZTaskItem = z.strictObject({
  TemplateDetailsAutoId: z.number(),
  name: z.string(),
  PriorityOrder: z.number(),
  IsOrderMandatory: z.boolean(),
  TimeInterval: z.number(),
  StartedAtUTC: z.string().nullable(),
  EndedAtUTC: z.string().nullable(),
  DurationSeconds: z.number().nullable(),
  Done: z.boolean(),
});
export type TaskItem = z.output<typeof ZTaskItem>;

/** A task (spec §3 LastTask, Active session TaskingInfo): one run of a template at a branch. */
export const ZTask = z.strictObject({
  TaskId: z.number(),
  TemplateAutoId: z.number().nullable(),
  TemplateName: z.string(),
  TaskingType: z.enum(TASKING_TYPES),
  BranchOfficeId: z.number(),
  BranchOfficeName: z.string(),
  Status: z.enum(TASK_STATUSES),
  StartedBy: z.number().nullable(),
  ActivatedAtUTC: z.string().nullable(),
  StartedAtUTC: z.string().nullable(),
  EndedAtUTC: z.string().nullable(),
  /** Seconds worked so far (pauses excluded). */
  ElapsedSeconds: z.number(),
  /** Sum of the items' TimeInterval, seconds. */
  ExpectedSeconds: z.number(),
  Done: z.number(),
  Total: z.number(),
  /** Names of the items finished later than their expected duration (TimeInterval > 0). */
  LateItems: z.array(z.string()),
  items: z.array(ZTaskItem),
});
export type Task = z.output<typeof ZTask>;

// ---------------------------------------------------------------------------------------------
// Mobile: tasks (docs/API.md "Mobile: tasks")

/** POST /api/mobile/tasks: the branch's templates and its active task. */
export const ZMobileTasksRequest = z.object({ branchOfficeId: requiredId() });
/** POST /api/mobile/task/start: start an on-demand list (or the one the console activated) at a branch. */
export const ZMobileTaskStartRequest = z.object({ branchOfficeId: requiredId(), TemplateAutoId: requiredId() });
/** POST /api/mobile/task/item: start or finish (check) one item; DONE refused out of order when the item's order is mandatory. */
export const ZMobileTaskItemRequest = z.object({
  TaskId: requiredId(),
  TemplateDetailsAutoId: requiredId(),
  action: z.enum(['START', 'DONE']),
});
/** POST /api/mobile/task/pause and /api/mobile/task/resume. */
export const ZMobileTaskRequest = z.object({ TaskId: requiredId() });

/** The branch's templates offered to its staff, and its active task (null when none). */
export const ZMobileTasksAnswer = z.strictObject({
  templates: z.array(ZTaskListTemplate),
  active: ZTask.nullable(),
});
export type MobileTasksAnswer = z.output<typeof ZMobileTasksAnswer>;

// ---------------------------------------------------------------------------------------------
// Report (issue 17 "Report"; docs/API.md "Task list report")

export const TASK_RUN_SORTS = ['start', 'duration', 'branch', 'template'] as const;
/**
 * POST /api/client/tasklistreports (ours): GET-TASK-RUNS — the runs started on the range's
 * branch-local days (filters of the shared bar, `templateId`), paged or exported (csv, xlsx);
 * GET-TASK-RUN-BY-ID — one run with its items; GET-TASK-LIST-SUMMARY — per template and branch:
 * runs, completion rate, median and p90 duration against expected, slowest and most skipped item.
 */
export const ZTaskListReportRequest = z.discriminatedUnion('case', [
  ZReportBase.extend({
    case: z.literal('GET-TASK-RUNS'),
    templateId: optionalId(),
    sortBy: z.enum(TASK_RUN_SORTS).default('start'),
  }),
  z.object({ case: z.literal('GET-TASK-RUN-BY-ID'), taskId: requiredId() }),
  ZReportBase.extend({
    case: z.literal('GET-TASK-LIST-SUMMARY'),
    templateId: optionalId(),
    sortBy: z.enum(['template']).default('template'),
  }),
]);

/** A task run of the report: times UTC and branch-local ('yyyy-MM-dd HH:mm:ss' + zone), durations seconds and hh:mm:ss. */
export const ZTaskRunRow = z.strictObject({
  TaskId: z.number(),
  TemplateAutoId: z.number().nullable(),
  TemplateName: z.string(),
  TaskingType: z.enum(TASKING_TYPES),
  Status: z.enum(TASK_STATUSES),
  BranchOfficeId: z.number(),
  BranchOfficeName: z.string(),
  RegionalOfficeName: z.string().nullable(),
  StartedBy: z.string().nullable(),
  StartedAtUTC: z.string().nullable(),
  StartedLocal: z.string().nullable(),
  EndedLocal: z.string().nullable(),
  DurationSeconds: z.number().nullable(),
  Duration: z.string(),
  ExpectedSeconds: z.number(),
  Expected: z.string(),
  Done: z.number(),
  Total: z.number(),
  /** Items finished later than expected. */
  LateCount: z.number(),
  /** GET-TASK-RUN-BY-ID only: every item with its time, duration and expected duration. */
  items: z
    .array(
      ZTaskItem.extend({
        StartedLocal: z.string().nullable(),
        EndedLocal: z.string().nullable(),
      }),
    )
    .optional(),
});
export type TaskRunRow = z.output<typeof ZTaskRunRow>;

/** A summary row: one template at one branch over the range. */
export const ZTaskListSummaryRow = z.strictObject({
  TemplateName: z.string(),
  TaskingType: z.enum(TASKING_TYPES),
  BranchOfficeId: z.number(),
  BranchOfficeName: z.string(),
  Runs: z.number(),
  Completed: z.number(),
  /** Completed / runs, percent (0–100, one decimal). */
  CompletionRate: z.number(),
  MedianSeconds: z.number().nullable(),
  P90Seconds: z.number().nullable(),
  ExpectedSeconds: z.number(),
  Median: z.string(),
  P90: z.string(),
  Expected: z.string(),
  /** The item with the longest median duration over its expected, and the item most often left undone. */
  SlowestItem: z.string().nullable(),
  MostSkippedItem: z.string().nullable(),
});
export type TaskListSummaryRow = z.output<typeof ZTaskListSummaryRow>;

/** Spec §3 Branch ChecklistTemplatesData: the templates assigned to a branch (branch detail). */
export const ZChecklistTemplateData = z.strictObject({
  TemplateAutoId: z.number(),
  name: z.string(),
  TaskingType: z.enum(TASKING_TYPES),
  /** Items of the template, and their expected total (seconds). */
  Items: z.number(),
  ExpectedSeconds: z.number(),
});
export type ChecklistTemplateData = z.output<typeof ZChecklistTemplateData>;

/** Spec §3 Branch LastTask: the branch's latest task (branch detail); instants UTC ISO. */
export const ZLastTaskData = z.strictObject({
  TaskId: z.number(),
  TemplateName: z.string(),
  TaskingType: z.enum(TASKING_TYPES),
  Status: z.enum(TASK_STATUSES),
  StartedAtUTC: z.string().nullable(),
  EndedAtUTC: z.string().nullable(),
  Done: z.number(),
  Total: z.number(),
});
export type LastTaskData = z.output<typeof ZLastTaskData>;

/** The task-list fields of the branch detail (getbranchbyidv2). */
export const ZBranchTaskFields = z.strictObject({
  ChecklistTemplatesData: z.array(ZChecklistTemplateData),
  LastTask: ZLastTaskData.nullable(),
});
export type BranchTaskFields = z.output<typeof ZBranchTaskFields>;

// ---------------------------------------------------------------------------------------------
// Answer bodies of the routes (each route's schema.response is envelopeOf(body); docs/API.md)

/** Answer body of POST /api/client/managecltemplates, POST /api/admin/managecltemplates. */
export const ZManagecltemplatesBody = z.strictObject({
  templateobject: z.union([ZTaskListTemplate, z.array(ZTaskListTemplate), z.strictObject({ TemplateAutoId: z.number() })]),
});
export type ManagecltemplatesBody = z.output<typeof ZManagecltemplatesBody>;

/** Answer body of POST /api/client/getbranchesbytasklistid. */
export const ZGetbranchesbytasklistidBody = z.strictObject({ branchobject: z.array(ZAssignedBranch) });
export type GetbranchesbytasklistidBody = z.output<typeof ZGetbranchesbytasklistidBody>;

/** Answer body of POST /api/client/activatetask, POST /api/client/dropactivetask. */
export const ZActivatetaskBody = z.strictObject({ taskobject: ZTask });
export type ActivatetaskBody = z.output<typeof ZActivatetaskBody>;

/** Answer body of POST /api/client/gettasks. */
export const ZGettasksBody = z.strictObject({ taskobject: z.array(ZTask) });
export type GettasksBody = z.output<typeof ZGettasksBody>;

/** Answer body of POST /api/client/tasklistreports. */
export const ZTasklistreportsBody = z.union([
  z.strictObject({ resultobject: z.array(ZTaskListSummaryRow), total: z.number(), offset: z.number(), limit: z.number() }),
  z.strictObject({ resultobject: z.array(ZTaskRunRow), total: z.number(), offset: z.number(), limit: z.number() }),
  z.strictObject({ resultobject: ZTaskRunRow }),
]);
export type TasklistreportsBody = z.output<typeof ZTasklistreportsBody>;
