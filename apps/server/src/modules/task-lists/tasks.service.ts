/**
 * Tasks: the runs of a template at a branch (spec §4 Tasking; docs/API.md "Mobile: tasks"). The
 * console activates a template at a branch, clears the active task and force-ends a paused one
 * (activatetask, dropactivetask; audited); the branch's mobile staff start a list (on demand, or
 * with the branch action for opening, closing and servicing lists), start and check its items —
 * in order when an item's order is mandatory — and pause and resume it. A branch has at most one
 * active task (ACTIVATED, RUNNING or PAUSED; a partial unique index). Every step writes a TASK
 * event in the same transaction (event-log.ts) whose recipients are the branch's mobile users.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { TASKING_TYPE_OF_ACTION, TaskListKey, type MobileTasksAnswer, type Task, type TaskPayload } from '@vigil/contract';
import type { Db } from '../../db/client.js';
import { branchOffices, EventKind, taskItems, taskListAssignments, taskListTemplates, tasks } from '../../db/schema/index.js';
import { assertTaskListRole, taskScope, templateScope } from '../../plugins/authorization.js';
import { AppError, badRequest, notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../plugins/session.js';
import { uniqueViolation } from '../../lib/writes.js';
import { writeAudit } from '../audit/audit.service.js';
import { branchInScope, type Branch } from '../branches/branches.repository.js';
import { withEvents, type NewEvent } from '../realtime/event-log.js';
import { presentTask, presentTemplates, taskPayload } from './task-lists.presenter.js';
import { branchMobileUsers, copyItems, findTasks, loadTemplates, taskItemsOf, type TaskRow } from './task-lists.repository.js';

const ACTIVE = sql`k.status in ('ACTIVATED', 'RUNNING', 'PAUSED')`;

/** The TASK event of a step at the task's branch, to every console in scope and the branch's mobile users. */
function taskEvent(t: TaskRow, userId: number, at: Date, payload: TaskPayload, recipients: number[]): NewEvent {
  return {
    kind: EventKind.Task,
    organizationId: t.organizationId,
    regionalOfficeId: t.regionalOfficeId,
    branchOfficeId: t.branchOfficeId,
    userId,
    occurredAt: at,
    isTestNotification: t.testMode,
    payload: { ...payload },
    recipientUserIds: recipients,
  };
}

/** A task with its items, as of `now`. */
async function taskAnswer(db: Db, t: TaskRow, now: Date): Promise<Task> {
  return presentTask(t, await taskItemsOf(db, [t.id]), now);
}

/**
 * One step on one task, in a transaction: the task row (matching `where`) is locked, `change`
 * validates and writes, then the task is read back and its TASK event appended.
 * @throws 404 when no task matches.
 */
async function taskStep(
  app: FastifyInstance,
  userId: number,
  where: SQL,
  change: (tx: Db, t: TaskRow, now: Date) => Promise<{ step: TaskPayload['Step']; detailId?: number }>,
): Promise<Task> {
  const { result } = await withEvents(app, async (tx, emit) => {
    const [t] = await findTasks(tx, where, { lock: true });
    if (!t) throw notFound();
    const now = new Date();
    const { step, detailId } = await change(tx, t, now);
    const [after] = await findTasks(tx, sql`k.id = ${t.id}`);
    const task = await taskAnswer(tx, after!, now);
    await emit([taskEvent(after!, userId, now, taskPayload(task, step, detailId), await branchMobileUsers(tx, t.branchOfficeId))]);
    return task;
  });
  return result;
}

/**
 * Creates a task of `templateId` at branch `b` (status ACTIVATED by the console, or RUNNING when
 * started from the app) with the template's items, and its TASK event. @throws 409
 * taskLists.errors.branchBusy when the branch already has an active task.
 */
async function createTask(
  app: FastifyInstance,
  b: Branch,
  templateId: number,
  by: { userId: number; console: boolean; branchActionEventId?: number },
  extra: (tx: Db, taskId: number, now: Date) => Promise<void> = async () => {},
): Promise<Task> {
  try {
    const { result } = await withEvents(app, async (tx, emit) => {
      const [tpl] = await tx.select().from(taskListTemplates).where(eq(taskListTemplates.id, templateId));
      if (!tpl) throw notFound();
      const now = new Date();
      const [row] = await tx
        .insert(tasks)
        .values({
          templateId,
          templateName: tpl.name,
          taskingType: tpl.taskingType,
          organizationId: b.organizationId,
          branchOfficeId: b.id,
          status: by.console ? 'ACTIVATED' : 'RUNNING',
          ...(by.console ? { activatedBy: by.userId, activatedAt: now } : { startedBy: by.userId, startedAt: now }),
          branchActionEventId: by.branchActionEventId ?? null,
        })
        .returning({ id: tasks.id });
      await copyItems(tx, row!.id, templateId);
      await extra(tx, row!.id, now);
      const [t] = await findTasks(tx, sql`k.id = ${row!.id}`);
      const task = await taskAnswer(tx, t!, now);
      const step = by.console ? 'ACTIVATED' : task.Status === 'COMPLETED' ? 'COMPLETED' : 'STARTED';
      await emit([taskEvent(t!, by.userId, now, taskPayload(task, step), await branchMobileUsers(tx, b.id))]);
      return task;
    });
    return result;
  } catch (err) {
    if (uniqueViolation(err)) throw new AppError(409, TaskListKey.BranchBusy);
    throw err;
  }
}

/** 400 taskLists.errors.notAssigned unless the template is assigned to the branch. */
async function assertAssigned(db: Db, templateId: number, branchOfficeId: number): Promise<void> {
  const [a] = await db
    .select({ t: taskListAssignments.templateId })
    .from(taskListAssignments)
    .where(and(eq(taskListAssignments.templateId, templateId), eq(taskListAssignments.branchOfficeId, branchOfficeId)));
  if (!a) throw badRequest(TaskListKey.NotAssigned, 'TemplateAutoId');
}

/**
 * activatetask ACTIVATE (spec §4 "activate"): the template, assigned to the branch, becomes the
 * branch's active task (ACTIVATED) and reaches the branch's mobile users over /_socket. Audited.
 * @throws 403 for roles without task lists, 404 for a branch or template outside the scope, 400
 * taskLists.errors.notAssigned, 409 taskLists.errors.branchBusy.
 */
export async function activateTask(
  app: FastifyInstance,
  a: { auth: AuthContext; ip: string },
  d: { branchOfficeId: number; TemplateAutoId: number },
) {
  assertTaskListRole(a.auth);
  const b = await branchInScope(app.db, a.auth, d.branchOfficeId);
  const [tpl] = await loadTemplates(
    app.db,
    sql`t.id = ${d.TemplateAutoId} and t.organization_id = ${b.organizationId} and ${templateScope(a.auth)}`,
    sql`false`,
  ).then((r) => r.templates);
  if (!tpl) throw notFound();
  await assertAssigned(app.db, tpl.id, b.id);
  const task = await createTask(app, b, tpl.id, { userId: a.auth.userId, console: true });
  await writeAudit(app.db, {
    actorUserId: a.auth.userId,
    action: 'activate-task',
    entity: 'tasks',
    entityId: task.TaskId,
    after: d,
    ip: a.ip,
  });
  return task;
}

/**
 * activatetask FORCE-END (spec §4 "force-end a paused task"): a paused task in the caller's branch
 * scope ends (FORCE_ENDED). Audited. @throws 404 outside the scope, 400 taskLists.errors.notPaused.
 */
export async function forceEndTask(app: FastifyInstance, a: { auth: AuthContext; ip: string }, taskId: number) {
  assertTaskListRole(a.auth);
  const task = await taskStep(app, a.auth.userId, sql`k.id = ${taskId} and ${taskScope(a.auth)}`, async (tx, t, now) => {
    if (t.status !== 'PAUSED') throw badRequest(TaskListKey.NotPaused);
    const pausedFor = t.pausedAt ? Math.round((now.getTime() - t.pausedAt.getTime()) / 1000) : 0;
    await tx
      .update(tasks)
      .set({ status: 'FORCE_ENDED', endedAt: now, endedBy: a.auth.userId, pausedAt: null, pausedSeconds: t.pausedSeconds + pausedFor })
      .where(eq(tasks.id, t.id));
    return { step: 'FORCE-ENDED' };
  });
  await writeAudit(app.db, {
    actorUserId: a.auth.userId,
    action: 'force-end-task',
    entity: 'tasks',
    entityId: taskId,
    after: { status: 'FORCE_ENDED' },
    ip: a.ip,
  });
  return task;
}

/**
 * dropactivetask (spec §4 "clear active task"): the branch's active task, whatever its state, is
 * dropped (DROPPED). Audited. @throws 404 for a branch outside the scope or without an active task.
 */
export async function dropActiveTask(app: FastifyInstance, a: { auth: AuthContext; ip: string }, branchOfficeId: number) {
  assertTaskListRole(a.auth);
  const b = await branchInScope(app.db, a.auth, branchOfficeId);
  const task = await taskStep(app, a.auth.userId, sql`k.branch_office_id = ${b.id} and ${ACTIVE}`, async (tx, t, now) => {
    await tx.update(tasks).set({ status: 'DROPPED', endedAt: now, endedBy: a.auth.userId, pausedAt: null }).where(eq(tasks.id, t.id));
    return { step: 'DROPPED' };
  });
  await writeAudit(app.db, {
    actorUserId: a.auth.userId,
    action: 'drop-active-task',
    entity: 'tasks',
    entityId: task.TaskId,
    after: { branchOfficeId },
    ip: a.ip,
  });
  return task;
}

/** The branch's active task (null when none), as of now. */
async function activeTask(db: Db, branchOfficeId: number): Promise<Task | null> {
  const [t] = await findTasks(db, sql`k.branch_office_id = ${branchOfficeId} and ${ACTIVE}`);
  return t ? taskAnswer(db, t, new Date()) : null;
}

/** POST /api/mobile/tasks: the templates assigned to a branch in scope, and its active task. @throws 404 outside the scope. */
export async function mobileTasks(app: FastifyInstance, auth: AuthContext, branchOfficeId: number): Promise<MobileTasksAnswer> {
  const b = await branchInScope(app.db, auth, branchOfficeId);
  const templates = presentTemplates(
    await loadTemplates(
      app.db,
      sql`t.id in (select template_id from task_list_assignments where branch_office_id = ${b.id})`,
      sql`${branchOffices.id} = ${b.id}`,
    ),
  );
  return { templates, active: await activeTask(app.db, b.id) };
}

/**
 * POST /api/mobile/task/start: starts a template assigned to the branch — the one the console
 * activated there, or a new run. @throws 404 outside the scope, 400 taskLists.errors.notAssigned,
 * 409 taskLists.errors.branchBusy when another task is active.
 */
export async function startTask(
  app: FastifyInstance,
  auth: AuthContext,
  d: { branchOfficeId: number; TemplateAutoId: number },
): Promise<Task> {
  const b = await branchInScope(app.db, auth, d.branchOfficeId);
  const [activated] = await findTasks(
    app.db,
    sql`k.branch_office_id = ${b.id} and k.status = 'ACTIVATED' and k.template_id = ${d.TemplateAutoId}`,
  );
  if (activated) {
    return taskStep(app, auth.userId, sql`k.id = ${activated.id} and k.status = 'ACTIVATED'`, async (tx, t, now) => {
      await tx.update(tasks).set({ status: 'RUNNING', startedBy: auth.userId, startedAt: now }).where(eq(tasks.id, t.id));
      return { step: 'STARTED' };
    });
  }
  await assertAssigned(app.db, d.TemplateAutoId, b.id);
  return createTask(app, b, d.TemplateAutoId, { userId: auth.userId, console: false });
}

/** Marks items done at `now` (started at the previous end, or the task's start); completes the task when all are done. */
async function finishItems(tx: Db, t: { id: number; startedAt: Date | null }, detailIds: number[], now: Date): Promise<boolean> {
  for (const detailId of detailIds) {
    const [prev] = await tx
      .select({ last: sql<string | null>`max(${taskItems.endedAt})` })
      .from(taskItems)
      .where(eq(taskItems.taskId, t.id));
    const from = prev?.last ? new Date(prev.last) : (t.startedAt ?? now);
    await tx
      .update(taskItems)
      .set({ endedAt: now, startedAt: sql`coalesce(${taskItems.startedAt}, ${from.toISOString()}::timestamptz)` })
      .where(and(eq(taskItems.taskId, t.id), eq(taskItems.detailId, detailId), isNull(taskItems.endedAt)));
  }
  const [open] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(taskItems)
    .where(and(eq(taskItems.taskId, t.id), isNull(taskItems.endedAt)));
  if ((open?.n ?? 0) > 0) return false;
  await tx.update(tasks).set({ status: 'COMPLETED', endedAt: now }).where(eq(tasks.id, t.id));
  return true;
}

/**
 * POST /api/mobile/task/item: START records an item's start; DONE its end (its start, when not
 * recorded, is the previous item's end or the task's start). An item whose order is mandatory is
 * refused before every earlier item is done. The last item done completes the task.
 * @throws 404 outside the scope or unknown item, 400 taskLists.errors.notRunning,
 * 400 taskLists.errors.orderMandatory {item: the first earlier item not done}.
 */
export async function taskItemStep(
  app: FastifyInstance,
  auth: AuthContext,
  d: { TaskId: number; TemplateDetailsAutoId: number; action: 'START' | 'DONE' },
): Promise<Task> {
  return taskStep(app, auth.userId, sql`k.id = ${d.TaskId} and ${taskScope(auth)}`, async (tx, t, now) => {
    if (t.status !== 'RUNNING') throw badRequest(TaskListKey.NotRunning);
    const items = await taskItemsOf(tx, [t.id]);
    const item = items.find((i) => i.detailId === d.TemplateDetailsAutoId);
    if (!item) throw notFound();
    if (d.action === 'START') {
      if (!item.startedAt) {
        await tx
          .update(taskItems)
          .set({ startedAt: now })
          .where(and(eq(taskItems.taskId, t.id), eq(taskItems.detailId, item.detailId)));
      }
      return { step: 'ITEM-STARTED', detailId: item.detailId };
    }
    if (item.endedAt) return { step: 'ITEM-DONE', detailId: item.detailId };
    if (item.isOrderMandatory) {
      const missing = items.find((i) => i.priorityOrder < item.priorityOrder && !i.endedAt);
      if (missing) throw new AppError(400, TaskListKey.OrderMandatory, { item: missing.name }, 'TemplateDetailsAutoId');
    }
    const completed = await finishItems(tx, t, [item.detailId], now);
    return { step: completed ? 'COMPLETED' : 'ITEM-DONE', detailId: item.detailId };
  });
}

/** POST /api/mobile/task/pause: a running task pauses. @throws 404 outside the scope, 400 taskLists.errors.notRunning. */
export async function pauseTask(app: FastifyInstance, auth: AuthContext, taskId: number): Promise<Task> {
  return taskStep(app, auth.userId, sql`k.id = ${taskId} and ${taskScope(auth)}`, async (tx, t, now) => {
    if (t.status !== 'RUNNING') throw badRequest(TaskListKey.NotRunning);
    await tx.update(tasks).set({ status: 'PAUSED', pausedAt: now }).where(eq(tasks.id, t.id));
    return { step: 'PAUSED' };
  });
}

/** POST /api/mobile/task/resume: a paused task runs again; the pause is not counted as worked time. @throws 400 taskLists.errors.notPaused. */
export async function resumeTask(app: FastifyInstance, auth: AuthContext, taskId: number): Promise<Task> {
  return taskStep(app, auth.userId, sql`k.id = ${taskId} and ${taskScope(auth)}`, async (tx, t, now) => {
    if (t.status !== 'PAUSED') throw badRequest(TaskListKey.NotPaused);
    const pausedFor = t.pausedAt ? Math.round((now.getTime() - t.pausedAt.getTime()) / 1000) : 0;
    await tx
      .update(tasks)
      .set({ status: 'RUNNING', pausedAt: null, pausedSeconds: t.pausedSeconds + pausedFor })
      .where(eq(tasks.id, t.id));
    return { step: 'RESUMED' };
  });
}

/**
 * The list that comes with a branch action (POST /api/mobile/branchaction): the branch's
 * assigned template of the action's tasking type (OPEN → OPENING, CLOSE → CLOSING, SERVICE →
 * SERVICING; the first by name) starts, or the one the console activated, and the `checklist`
 * items answered done are checked at once, in the template's order. Null when the branch has no
 * such template or another task is active (the branch action itself never fails for its list).
 * The task keeps the branch action's event id (`branchActionEventId`).
 */
export async function startWithBranchAction(
  app: FastifyInstance,
  auth: AuthContext,
  d: { branchOfficeId: number; action: 'OPEN' | 'CLOSE' | 'SERVICE'; checklist?: { TemplateDetailsAutoId: number; done: boolean }[] },
  branchActionEventId: number,
): Promise<Task | null> {
  const b = await branchInScope(app.db, auth, d.branchOfficeId);
  const type = TASKING_TYPE_OF_ACTION[d.action];
  const [tpl] = await app.db
    .select({ id: taskListTemplates.id })
    .from(taskListTemplates)
    .innerJoin(taskListAssignments, eq(taskListAssignments.templateId, taskListTemplates.id))
    .where(and(eq(taskListAssignments.branchOfficeId, b.id), eq(taskListTemplates.taskingType, type)))
    .orderBy(sql`lower(${taskListTemplates.name})`, taskListTemplates.id)
    .limit(1);
  if (!tpl) return null;
  const done = new Set((d.checklist ?? []).filter((c) => c.done).map((c) => c.TemplateDetailsAutoId));
  const check = async (tx: Db, taskId: number, now: Date) => {
    const ids = (await taskItemsOf(tx, [taskId])).filter((i) => done.has(i.detailId)).map((i) => i.detailId);
    if (ids.length) await finishItems(tx, { id: taskId, startedAt: now }, ids, now);
  };
  const [active] = await findTasks(app.db, sql`k.branch_office_id = ${b.id} and ${ACTIVE}`);
  if (active) {
    if (active.status !== 'ACTIVATED' || active.templateId !== tpl.id) return null;
    return taskStep(app, auth.userId, sql`k.id = ${active.id} and k.status = 'ACTIVATED'`, async (tx, t, now) => {
      await tx
        .update(tasks)
        .set({ status: 'RUNNING', startedBy: auth.userId, startedAt: now, branchActionEventId })
        .where(eq(tasks.id, t.id));
      await check(tx, t.id, now);
      return { step: 'STARTED' };
    });
  }
  try {
    return await createTask(app, b, tpl.id, { userId: auth.userId, console: false, branchActionEventId }, check);
  } catch (err) {
    if (err instanceof AppError && err.code === TaskListKey.BranchBusy) return null;
    throw err;
  }
}

/** How long a finished task stays on the board (minutes). */
export const BOARD_RECENT_MINUTES = 30;

/**
 * gettasks: the board's tasks — per branch in scope its latest task that is active or ended in
 * the last BOARD_RECENT_MINUTES (a completed opening list stays visible as done). Cleared tasks
 * (DROPPED) are left out. @throws 403 for roles without task lists.
 */
export async function boardTasks(db: Db, auth: AuthContext): Promise<Task[]> {
  assertTaskListRole(auth);
  const found = await findTasks(
    db,
    sql`(${ACTIVE} or (k.status <> 'DROPPED' and k.ended_at > now() - make_interval(mins => ${BOARD_RECENT_MINUTES}))) and ${taskScope(auth)}`,
    { limit: 5000 },
  );
  const latest = [...new Map(found.reverse().map((t) => [t.branchOfficeId, t])).values()];
  const items = await taskItemsOf(
    db,
    latest.map((t) => t.id),
  );
  const now = new Date();
  return latest.map((t) => presentTask(t, items, now)).sort((a, b) => a.BranchOfficeName.localeCompare(b.BranchOfficeName));
}
