/**
 * Task-list SQL: templates with their items and branches, tasks with their items, and the mobile
 * users a task event is delivered to. Scope conditions come from plugins/authorization.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { RoleGroup, StatusId, type TaskingType, type TaskStatus } from '@vigil/contract';
import { rows, type Db } from '../../db/client.js';
import { branchOffices } from '../../db/schema/index.js';

/** `= any('{1,2}'::int[])` for a list of ids (an empty list matches nothing). */
export const anyId = (ids: readonly number[]) => sql`any(${`{${ids.join(',')}}`}::int[])`;

export interface TemplateRow {
  id: number;
  organizationId: number | null;
  organizationName: string | null;
  name: string;
  description: string | null;
  taskingType: TaskingType;
  isAllowedEdit: boolean;
  isAllowedDelete: boolean;
}
export interface DetailRow {
  id: number;
  templateId: number;
  name: string;
  description: string | null;
  priorityOrder: number;
  isOrderMandatory: boolean;
  timeInterval: number;
}
export interface AssignedRow {
  templateId: number;
  branchOfficeId: number;
  branchOfficeName: string;
  regionalOfficeId: number | null;
  regionalOfficeName: string | null;
}

/**
 * Templates matching `where` (on `task_list_templates t`), by name, with their items (in
 * PriorityOrder) and their branches that match `branchWhere` (a condition on `branch_offices`, e.g. branchScope).
 */
export async function loadTemplates(db: Db, where: SQL, branchWhere: SQL) {
  const templates = await rows<TemplateRow>(
    db,
    sql`select t.id, t.organization_id as "organizationId", o.name as "organizationName", t.name, t.description,
          t.tasking_type as "taskingType", t.is_allowed_edit as "isAllowedEdit", t.is_allowed_delete as "isAllowedDelete"
        from task_list_templates t left join organizations o on o.id = t.organization_id
        where ${where} order by lower(t.name), t.id`,
  );
  const ids = templates.map((t) => t.id);
  if (ids.length === 0) return { templates, details: [] as DetailRow[], assigned: [] as AssignedRow[] };
  const details = await rows<DetailRow>(
    db,
    sql`select id, template_id as "templateId", name, description, priority_order as "priorityOrder",
          is_order_mandatory as "isOrderMandatory", time_interval as "timeInterval"
        from task_list_template_details where template_id = ${anyId(ids)} order by template_id, priority_order, id`,
  );
  const assigned = await rows<AssignedRow>(
    db,
    sql`select a.template_id as "templateId", b.id as "branchOfficeId", b.name as "branchOfficeName",
          b.regional_office_id as "regionalOfficeId", r.name as "regionalOfficeName"
        from task_list_assignments a join branch_offices b on b.id = a.branch_office_id left join offices r on r.id = b.regional_office_id
        where a.template_id = ${anyId(ids)} and a.branch_office_id in (select ${branchOffices.id} from ${branchOffices} where ${branchWhere})
        order by b.name, b.id`,
  );
  return { templates, details, assigned };
}

export interface TaskRow {
  id: number;
  templateId: number | null;
  templateName: string;
  taskingType: TaskingType;
  organizationId: number;
  branchOfficeId: number;
  branchOfficeName: string;
  regionalOfficeId: number | null;
  testMode: boolean;
  status: TaskStatus;
  startedBy: number | null;
  activatedAt: Date | null;
  startedAt: Date | null;
  pausedAt: Date | null;
  pausedSeconds: number;
  endedAt: Date | null;
}
export interface TaskItemRow {
  taskId: number;
  detailId: number;
  name: string;
  priorityOrder: number;
  isOrderMandatory: boolean;
  timeInterval: number;
  startedAt: Date | null;
  endedAt: Date | null;
}

const taskColumns = sql`k.id, k.template_id as "templateId", k.template_name as "templateName", k.tasking_type as "taskingType",
  k.organization_id as "organizationId", k.branch_office_id as "branchOfficeId", b.name as "branchOfficeName",
  b.regional_office_id as "regionalOfficeId", b.test_mode as "testMode", k.status, k.started_by as "startedBy",
  k.activated_at as "activatedAt", k.started_at as "startedAt", k.paused_at as "pausedAt", k.paused_seconds as "pausedSeconds", k.ended_at as "endedAt"`;

const toDate = (v: Date | string | null) => (v == null ? null : v instanceof Date ? v : new Date(v));
function normalizeTask(r: TaskRow): TaskRow {
  return {
    ...r,
    activatedAt: toDate(r.activatedAt),
    startedAt: toDate(r.startedAt),
    pausedAt: toDate(r.pausedAt),
    endedAt: toDate(r.endedAt),
  };
}

/** Tasks matching `where` (on `tasks k`), newest first; `lock` takes their rows FOR UPDATE (inside a transaction). */
export async function findTasks(db: Db, where: SQL, opts: { lock?: boolean; limit?: number } = {}): Promise<TaskRow[]> {
  const found = await rows<TaskRow>(
    db,
    sql`select ${taskColumns} from tasks k join branch_offices b on b.id = k.branch_office_id where ${where}
        order by coalesce(k.started_at, k.activated_at) desc nulls last, k.id desc limit ${opts.limit ?? 1}
        ${opts.lock ? sql`for update of k` : sql``}`,
  );
  return found.map(normalizeTask);
}

/** The items of tasks, in PriorityOrder. */
export async function taskItemsOf(db: Db, taskIds: readonly number[]): Promise<TaskItemRow[]> {
  if (taskIds.length === 0) return [];
  const found = await rows<TaskItemRow>(
    db,
    sql`select task_id as "taskId", detail_id as "detailId", name, priority_order as "priorityOrder", is_order_mandatory as "isOrderMandatory",
          time_interval as "timeInterval", started_at as "startedAt", ended_at as "endedAt"
        from task_items where task_id = ${anyId(taskIds)} order by task_id, priority_order, detail_id`,
  );
  return found.map((i) => ({ ...i, startedAt: toDate(i.startedAt), endedAt: toDate(i.endedAt) }));
}

/** Copies the template's items into the task (its items then no longer follow template edits). */
export async function copyItems(db: Db, taskId: number, templateId: number): Promise<void> {
  await db.execute(
    sql`insert into task_items (task_id, detail_id, name, priority_order, is_order_mandatory, time_interval)
        select ${taskId}, id, name, priority_order, is_order_mandatory, time_interval from task_list_template_details where template_id = ${templateId}`,
  );
}

/** Active mobile users who work at the branch or its region: the recipients of its task events on /_socket. */
export async function branchMobileUsers(db: Db, branchOfficeId: number): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db,
    sql`select distinct u.id from users u join works_in w on w.user_id = u.id
        join ${branchOffices} b on b.id = ${branchOfficeId}
        where u.role_id = ${anyId(RoleGroup.Mobile)} and u.status_id = ${StatusId.Active}
          and (w.branch_office_id = b.id or w.regional_office_id = b.regional_office_id)
        order by u.id`,
  );
  return found.map((r) => r.id);
}
