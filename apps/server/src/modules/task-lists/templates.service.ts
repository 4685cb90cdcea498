/**
 * Task list templates (spec §3 Task list template, Branch assignment; §5 unique names; §6 edit and
 * delete flags; §7 managecltemplates, getbranchesbytasklistid): the organisation's templates and
 * every param_case, and the platform admin's library that organisations import from. Reads need a
 * task-list role (2, 12, 6, 9), writes roles 2 and 12; every write is audited with before and after.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { TaskListKey, type ZAdminClTemplatesRequest, type ZManageClTemplatesRequest, type TaskListTemplate } from '@vigil/contract';
import type { Db } from '../../db/client.js';
import { branchOffices, taskListAssignments, taskListTemplateDetails, taskListTemplates } from '../../db/schema/index.js';
import {
  assertCanManage,
  assertTaskListRole,
  branchScope,
  templateInScope,
  templateScope,
  targetOrganization,
} from '../../plugins/authorization.js';
import { AppError, badRequest, forbidden, notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../plugins/session.js';
import { uniqueViolation } from '../../lib/writes.js';
import { writeAudit } from '../audit/audit.service.js';
import { presentTemplates } from './task-lists.presenter.js';
import { anyId, loadTemplates } from './task-lists.repository.js';

/** Who acts and from where (audit). */
export interface Actor {
  auth: AuthContext;
  ip: string;
}

type ManageRequest = z.output<typeof ZManageClTemplatesRequest>;
type AdminRequest = z.output<typeof ZAdminClTemplatesRequest>;
type Fields = Extract<ManageRequest, { param_case: 'UPDATE' }>;

/** Runs a write; the unique name index becomes 409 with the §5 text `code` (field name). */
async function uniqueName<T>(code: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (uniqueViolation(err)) throw new AppError(409, code, {}, 'name');
    throw err;
  }
}

/** One template as the caller sees it (its branches limited to the caller's branch scope). */
async function templateAnswer(db: Db, auth: AuthContext | null, id: number): Promise<TaskListTemplate> {
  const branchWhere = auth ? sql`${branchScope(auth)}` : sql`true`;
  const [t] = presentTemplates(await loadTemplates(db, sql`t.id = ${id}`, branchWhere));
  if (!t) throw notFound();
  return t;
}

/** Replaces a template's items by `details` in their order; existing ids are kept (they must be the template's). */
async function saveDetails(tx: Db, templateId: number, details: Fields['details']): Promise<void> {
  const existing = await tx
    .select({ id: taskListTemplateDetails.id })
    .from(taskListTemplateDetails)
    .where(eq(taskListTemplateDetails.templateId, templateId));
  const own = new Set(existing.map((e) => e.id));
  const kept = new Set<number>();
  for (const d of details) {
    if (d.TemplateDetailsAutoId) {
      if (!own.has(d.TemplateDetailsAutoId) || kept.has(d.TemplateDetailsAutoId)) throw badRequest(TaskListKey.OrderMismatch, 'details');
      kept.add(d.TemplateDetailsAutoId);
    }
  }
  const removed = [...own].filter((id) => !kept.has(id));
  if (removed.length) await tx.delete(taskListTemplateDetails).where(sql`${taskListTemplateDetails.id} = ${anyId(removed)}`);
  for (const [i, d] of details.entries()) {
    const values = {
      name: d.name,
      description: d.description || null,
      priorityOrder: i + 1,
      isOrderMandatory: d.IsOrderMandatory,
      timeInterval: d.TimeInterval,
    };
    if (d.TemplateDetailsAutoId)
      await tx.update(taskListTemplateDetails).set(values).where(eq(taskListTemplateDetails.id, d.TemplateDetailsAutoId));
    else await tx.insert(taskListTemplateDetails).values({ templateId, ...values });
  }
}

/** Inserts a template and its items; returns its id. */
async function insertTemplate(
  tx: Db,
  v: {
    organizationId: number | null;
    name: string;
    description: string | null;
    taskingType: Fields['TaskingType'];
    isAllowedEdit: boolean;
    isAllowedDelete: boolean;
    importedFromId?: number;
  },
  details: Fields['details'],
): Promise<number> {
  const [row] = await tx.insert(taskListTemplates).values(v).returning({ id: taskListTemplates.id });
  await saveDetails(tx, row!.id, details);
  return row!.id;
}

/** Copies a template (items and order, flags, type) under a new name into `organizationId`; returns the new id. */
async function copyTemplate(tx: Db, sourceId: number, organizationId: number, name: string, importing: boolean): Promise<number> {
  const [src] = await tx.select().from(taskListTemplates).where(eq(taskListTemplates.id, sourceId));
  if (!src) throw notFound();
  const details = await tx
    .select()
    .from(taskListTemplateDetails)
    .where(eq(taskListTemplateDetails.templateId, sourceId))
    .orderBy(taskListTemplateDetails.priorityOrder, taskListTemplateDetails.id);
  return insertTemplate(
    tx,
    {
      organizationId,
      name,
      description: src.description,
      taskingType: src.taskingType,
      isAllowedEdit: src.isAllowedEdit,
      isAllowedDelete: src.isAllowedDelete,
      ...(importing ? { importedFromId: src.id } : {}),
    },
    details.map((d) => ({ name: d.name, description: d.description, IsOrderMandatory: d.isOrderMandatory, TimeInterval: d.timeInterval })),
  );
}

/**
 * The branch ids of `branchOfficeIds` and of every branch of `regionalOfficeIds`, all of the
 * template's organisation and in the caller's branch scope. @throws 404 when a listed branch or
 * region is not (existence is private).
 */
async function targetBranches(
  db: Db,
  auth: AuthContext,
  organizationId: number,
  d: { branchOfficeIds: number[]; regionalOfficeIds: number[] },
) {
  const b = branchOffices;
  const inScope = and(eq(b.organizationId, organizationId), branchScope(auth));
  const ids = new Set<number>();
  if (d.branchOfficeIds.length) {
    const found = await db
      .select({ id: b.id })
      .from(b)
      .where(and(inScope, sql`${b.id} = ${anyId(d.branchOfficeIds)}`));
    if (found.length !== new Set(d.branchOfficeIds).size) throw notFound();
    for (const f of found) ids.add(f.id);
  }
  for (const regionId of new Set(d.regionalOfficeIds)) {
    const found = await db
      .select({ id: b.id })
      .from(b)
      .where(and(inScope, eq(b.regionalOfficeId, regionId)));
    if (found.length === 0) throw notFound();
    for (const f of found) ids.add(f.id);
  }
  if (ids.size === 0) throw badRequest(undefined, 'branchOfficeIds');
  return [...ids];
}

/** 403 with the §6 edit flag's message when the template may not be edited. */
async function assertEditable(db: Db, id: number, flag: 'isAllowedEdit' | 'isAllowedDelete') {
  const [t] = await db.select().from(taskListTemplates).where(eq(taskListTemplates.id, id));
  if (!t) throw notFound();
  if (!t[flag]) throw forbidden(flag === 'isAllowedEdit' ? TaskListKey.EditNotAllowed : TaskListKey.DeleteNotAllowed);
  return t;
}

/**
 * managecltemplates (spec §7), by param_case: GET-ALL-BY-ORGANIZATION (the organisation's
 * templates; a dealer names one), GET-ADMIN-TEMPLATES (the library offered for import), ADD, ASSIGN / DE-ASSIGN (branches and whole regions), CLONE
 * (items, order and flags kept; branches not), UPDATE, UPDATE-ORDER (a permutation of the item
 * ids), UPDATE-NAME, IMPORT-FROM-ADMIN (a library template copied in), DELETE.
 * @returns the list (GET-ALL-BY-ORGANIZATION), `{TemplateAutoId}` (DELETE) or the template written.
 * @throws 403 for roles without task lists or writes by roles other than 2 and 12, 403
 * taskLists.errors.editNotAllowed / deleteNotAllowed (§6 flags), 404 for a template, branch or
 * region outside the scope, 409 taskLists.errors.nameInUse / importNameInUse (§5), 400 bad order.
 */
export async function manageTemplates(
  db: Db,
  a: Actor,
  d: ManageRequest,
): Promise<TaskListTemplate[] | TaskListTemplate | { TemplateAutoId: number }> {
  const { auth } = a;
  const audit = (tx: Db, action: string, entityId: number, before: unknown, after: unknown) =>
    writeAudit(tx, { actorUserId: auth.userId, action, entity: 'task_list_templates', entityId, before, after, ip: a.ip });
  switch (d.param_case) {
    case 'GET-ALL-BY-ORGANIZATION': {
      assertTaskListRole(auth);
      const orgWhere = d.organizationId ? sql`t.organization_id = ${d.organizationId} and ${templateScope(auth)}` : templateScope(auth);
      return presentTemplates(await loadTemplates(db, orgWhere, branchScope(auth)));
    }
    case 'GET-ADMIN-TEMPLATES':
      assertTaskListRole(auth);
      assertCanManage(auth);
      return presentTemplates(await loadTemplates(db, sql`t.organization_id is null`, sql`false`));
    case 'ADD': {
      assertTaskListRole(auth);
      assertCanManage(auth);
      const organizationId = await targetOrganization(db, auth, d.organizationId);
      const id = await uniqueName(TaskListKey.NameInUse, () =>
        db.transaction(async (tx) => {
          const id = await insertTemplate(
            tx,
            {
              organizationId,
              name: d.name,
              description: d.description || null,
              taskingType: d.TaskingType,
              isAllowedEdit: true,
              isAllowedDelete: true,
            },
            d.details,
          );
          await audit(tx, 'add-task-list', id, null, d);
          return id;
        }),
      );
      return templateAnswer(db, auth, id);
    }
    case 'UPDATE': {
      await templateInScope(db, auth, d.TemplateAutoId, true);
      await uniqueName(TaskListKey.NameInUse, () =>
        db.transaction(async (tx) => {
          const before = await assertEditable(tx, d.TemplateAutoId, 'isAllowedEdit');
          await tx
            .update(taskListTemplates)
            .set({ name: d.name, description: d.description || null, taskingType: d.TaskingType })
            .where(eq(taskListTemplates.id, d.TemplateAutoId));
          await saveDetails(tx, d.TemplateAutoId, d.details);
          await audit(tx, 'update-task-list', d.TemplateAutoId, before, d);
        }),
      );
      return templateAnswer(db, auth, d.TemplateAutoId);
    }
    case 'UPDATE-NAME': {
      await templateInScope(db, auth, d.TemplateAutoId, true);
      await uniqueName(TaskListKey.NameInUse, () =>
        db.transaction(async (tx) => {
          const before = await assertEditable(tx, d.TemplateAutoId, 'isAllowedEdit');
          await tx.update(taskListTemplates).set({ name: d.name }).where(eq(taskListTemplates.id, d.TemplateAutoId));
          await audit(tx, 'rename-task-list', d.TemplateAutoId, { name: before.name }, { name: d.name });
        }),
      );
      return templateAnswer(db, auth, d.TemplateAutoId);
    }
    case 'UPDATE-ORDER': {
      await templateInScope(db, auth, d.TemplateAutoId, true);
      await db.transaction(async (tx) => {
        await assertEditable(tx, d.TemplateAutoId, 'isAllowedEdit');
        const items = await tx
          .select({ id: taskListTemplateDetails.id, priorityOrder: taskListTemplateDetails.priorityOrder })
          .from(taskListTemplateDetails)
          .where(eq(taskListTemplateDetails.templateId, d.TemplateAutoId))
          .orderBy(taskListTemplateDetails.priorityOrder);
        const own = new Set(items.map((i) => i.id));
        if (d.order.length !== own.size || new Set(d.order).size !== own.size || d.order.some((id) => !own.has(id))) {
          throw badRequest(TaskListKey.OrderMismatch, 'order');
        }
        for (const [i, id] of d.order.entries()) {
          await tx
            .update(taskListTemplateDetails)
            .set({ priorityOrder: i + 1 })
            .where(eq(taskListTemplateDetails.id, id));
        }
        await audit(tx, 'reorder-task-list', d.TemplateAutoId, { order: items.map((i) => i.id) }, { order: d.order });
      });
      return templateAnswer(db, auth, d.TemplateAutoId);
    }
    case 'CLONE': {
      const { organizationId } = await templateInScope(db, auth, d.TemplateAutoId, true);
      const id = await uniqueName(TaskListKey.NameInUse, () =>
        db.transaction(async (tx) => {
          const id = await copyTemplate(tx, d.TemplateAutoId, organizationId, d.name, false);
          await audit(tx, 'clone-task-list', id, { from: d.TemplateAutoId }, { name: d.name });
          return id;
        }),
      );
      return templateAnswer(db, auth, id);
    }
    case 'IMPORT-FROM-ADMIN': {
      assertTaskListRole(auth);
      assertCanManage(auth);
      const organizationId = await targetOrganization(db, auth, d.organizationId);
      const [src] = await db
        .select()
        .from(taskListTemplates)
        .where(and(eq(taskListTemplates.id, d.AdminTemplateAutoId), sql`${taskListTemplates.organizationId} is null`));
      if (!src) throw notFound();
      const id = await uniqueName(TaskListKey.ImportNameInUse, () =>
        db.transaction(async (tx) => {
          const id = await copyTemplate(tx, src.id, organizationId, d.name || src.name, true);
          await audit(tx, 'import-task-list', id, { from: src.id }, { name: d.name || src.name, organizationId });
          return id;
        }),
      );
      return templateAnswer(db, auth, id);
    }
    case 'ASSIGN':
    case 'DE-ASSIGN': {
      const { organizationId } = await templateInScope(db, auth, d.TemplateAutoId, true);
      const branchIds = await targetBranches(db, auth, organizationId, d);
      await db.transaction(async (tx) => {
        if (d.param_case === 'ASSIGN') {
          await tx
            .insert(taskListAssignments)
            .values(branchIds.map((branchOfficeId) => ({ templateId: d.TemplateAutoId, branchOfficeId })))
            .onConflictDoNothing();
        } else {
          await tx
            .delete(taskListAssignments)
            .where(
              and(eq(taskListAssignments.templateId, d.TemplateAutoId), sql`${taskListAssignments.branchOfficeId} = ${anyId(branchIds)}`),
            );
        }
        await audit(tx, d.param_case === 'ASSIGN' ? 'assign-task-list' : 'deassign-task-list', d.TemplateAutoId, null, { branchIds });
      });
      return templateAnswer(db, auth, d.TemplateAutoId);
    }
    case 'DELETE': {
      await templateInScope(db, auth, d.TemplateAutoId, true);
      await db.transaction(async (tx) => {
        const before = await assertEditable(tx, d.TemplateAutoId, 'isAllowedDelete');
        await tx.delete(taskListTemplates).where(eq(taskListTemplates.id, d.TemplateAutoId));
        await audit(tx, 'delete-task-list', d.TemplateAutoId, before, null);
      });
      return { TemplateAutoId: d.TemplateAutoId };
    }
  }
}

/**
 * getbranchesbytasklistid (spec §7): the branches in the caller's scope that the template is
 * assigned to, by name. @throws 404 for a template outside the scope.
 */
export async function branchesByTaskList(db: Db, auth: AuthContext, taskListId: number) {
  await templateInScope(db, auth, taskListId, false);
  return (await templateAnswer(db, auth, taskListId)).AssignedToBranches;
}

/**
 * /api/admin/managecltemplates: the platform admin's library (templates of no organisation) —
 * GET-ALL, ADD, UPDATE (with the §6 edit/delete flags organisations inherit on import), DELETE.
 * @throws 404 for an id not in the library, 409 taskLists.errors.nameInUse.
 */
export async function manageLibrary(db: Db, a: { userId: number; ip: string }, d: AdminRequest) {
  const inLibrary = sql`t.organization_id is null`;
  const audit = (tx: Db, action: string, entityId: number, before: unknown, after: unknown) =>
    writeAudit(tx, { actorUserId: a.userId, action, entity: 'task_list_templates', entityId, before, after, ip: a.ip });
  const exists = async (id: number) => {
    const [t] = await db
      .select({ id: taskListTemplates.id })
      .from(taskListTemplates)
      .where(and(eq(taskListTemplates.id, id), sql`${taskListTemplates.organizationId} is null`));
    if (!t) throw notFound();
  };
  switch (d.param_case) {
    case 'GET-ALL':
      return presentTemplates(await loadTemplates(db, inLibrary, sql`false`));
    case 'ADD': {
      const id = await uniqueName(TaskListKey.NameInUse, () =>
        db.transaction(async (tx) => {
          const id = await insertTemplate(
            tx,
            {
              organizationId: null,
              name: d.name,
              description: d.description || null,
              taskingType: d.TaskingType,
              isAllowedEdit: d.IsAllowedChecklistEdit,
              isAllowedDelete: d.IsAllowedChecklistDelete,
            },
            d.details,
          );
          await audit(tx, 'add-library-task-list', id, null, d);
          return id;
        }),
      );
      return templateAnswer(db, null, id);
    }
    case 'UPDATE': {
      await exists(d.TemplateAutoId);
      await uniqueName(TaskListKey.NameInUse, () =>
        db.transaction(async (tx) => {
          await tx
            .update(taskListTemplates)
            .set({
              name: d.name,
              description: d.description || null,
              taskingType: d.TaskingType,
              isAllowedEdit: d.IsAllowedChecklistEdit,
              isAllowedDelete: d.IsAllowedChecklistDelete,
            })
            .where(eq(taskListTemplates.id, d.TemplateAutoId));
          await saveDetails(tx, d.TemplateAutoId, d.details);
          await audit(tx, 'update-library-task-list', d.TemplateAutoId, null, d);
        }),
      );
      return templateAnswer(db, null, d.TemplateAutoId);
    }
    case 'DELETE': {
      await exists(d.TemplateAutoId);
      await db.transaction(async (tx) => {
        await tx.delete(taskListTemplates).where(eq(taskListTemplates.id, d.TemplateAutoId));
        await audit(tx, 'delete-library-task-list', d.TemplateAutoId, null, null);
      });
      return { TemplateAutoId: d.TemplateAutoId };
    }
  }
}
