/**
 * Task lists (spec §3 Task list template; §4 Tasking; §7 managecltemplates,
 * getbranchesbytasklistid, activatetask, dropactivetask; docs/API.md "Task lists"): the
 * organisation's templates and every write, the branches a template can be assigned to, the admin
 * library offered for import, and the board's running tasks (kept live by the TASK events).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AssignedBranch,
  GetOfficesV2Body,
  Task,
  TaskListTemplate,
  TaskPayload,
  ZActivateTaskRequest,
  ZAdminClTemplatesRequest,
  ZGetOfficesV2Request,
  ZManageClTemplatesRequest,
} from '@vigil/contract';
import { apiPost } from '../../shared/api/client';
import { crudKeys, useCrudMutation } from '../../shared/crud/api';
import { LOOKUP_LIMIT, type Option } from '../../shared/lookups/api';
import type { OrgScope } from '../../shared/organization/org-scope';

const PATHS = {
  manage: '/api/client/managecltemplates',
  branchesOf: '/api/client/getbranchesbytasklistid',
  branches: '/api/client/getofficesv2',
  activate: '/api/client/activatetask',
  drop: '/api/client/dropactivetask',
  tasks: '/api/client/gettasks',
  library: '/api/admin/managecltemplates',
} as const;

export type ManageRequest = z.input<typeof ZManageClTemplatesRequest>;
type ActivateRequest = z.input<typeof ZActivateTaskRequest>;

export const taskListKeys = {
  all: [...crudKeys.all, 'task-lists'] as const,
  list: (scope: OrgScope) => [...taskListKeys.all, 'list', scope] as const,
  branches: (scope: OrgScope) => [...taskListKeys.all, 'branches', scope] as const,
  library: [...crudKeys.all, 'task-lists', 'library'] as const,
  /** The board's active tasks (outside crudKeys: refreshed by events, not by management writes). */
  active: ['tasks', 'active'] as const,
};

/** The organisation's templates (GET-ALL-BY-ORGANIZATION). */
export function useTemplates(scope: OrgScope, enabled: boolean) {
  return useQuery({
    queryKey: taskListKeys.list(scope),
    queryFn: ({ signal }) =>
      apiPost<{ templateobject: TaskListTemplate[] }>(
        PATHS.manage,
        { param_case: 'GET-ALL-BY-ORGANIZATION', ...scope } satisfies ManageRequest,
        {
          signal,
        },
      ).then((b) => b.templateobject),
    enabled,
  });
}

/** Any managecltemplates write; every management list refetches after it. */
export function useManageTemplate() {
  return useCrudMutation((req: ManageRequest) => apiPost<{ templateobject: TaskListTemplate }>(PATHS.manage, req));
}

/** The branches a template is assigned to, in the caller's scope (getbranchesbytasklistid). */
export function useAssignedBranches(taskListId: number | null) {
  return useQuery({
    queryKey: [...taskListKeys.all, 'assigned', taskListId],
    queryFn: ({ signal }) =>
      apiPost<{ branchobject: AssignedBranch[] }>(PATHS.branchesOf, { taskListId }, { signal }).then((b) => b.branchobject),
    enabled: taskListId != null,
  });
}

/** The organisation's branches as options (getofficesv2, up to LOOKUP_LIMIT). */
export function useBranchOptions(scope: OrgScope, enabled: boolean): Option[] {
  const q = useQuery({
    queryKey: taskListKeys.branches(scope),
    queryFn: ({ signal }) =>
      apiPost<GetOfficesV2Body>(
        PATHS.branches,
        { case: 'GET-ALL-BRANCH-OFFICES', ...scope, offset: 0, limit: LOOKUP_LIMIT } satisfies z.input<typeof ZGetOfficesV2Request>,
        { signal },
      ),
    enabled,
  });
  return (q.data?.organizationobject ?? []).map((b) => ({ value: b.BranchOfficeId, label: b.Name }));
}

/** The admin library offered for import (GET-ADMIN-TEMPLATES; roles 2 and 12). */
export function useImportable(enabled: boolean) {
  return useQuery({
    queryKey: [...taskListKeys.all, 'importable'],
    queryFn: ({ signal }) =>
      apiPost<{ templateobject: TaskListTemplate[] }>(PATHS.manage, { param_case: 'GET-ADMIN-TEMPLATES' } satisfies ManageRequest, {
        signal,
      }).then((b) => b.templateobject),
    enabled,
  });
}

/** The platform admin's library (admin session only). */
export function useLibrary(enabled: boolean) {
  return useQuery({
    queryKey: taskListKeys.library,
    queryFn: ({ signal }) =>
      apiPost<{ templateobject: TaskListTemplate[] }>(PATHS.library, { param_case: 'GET-ALL' }, { signal }).then((b) => b.templateobject),
    enabled,
  });
}

/** A library write (admin). */
export function useManageLibrary() {
  return useCrudMutation((req: z.input<typeof ZAdminClTemplatesRequest>) =>
    apiPost<{ templateobject: TaskListTemplate }>(PATHS.library, req),
  );
}

/** A board row: a branch's active task and when its figures were received (ms, for the live elapsed time). */
export interface BoardTask {
  TaskId: number;
  BranchOfficeId: number;
  BranchOfficeName: string;
  TemplateName: string;
  Status: Task['Status'];
  Done: number;
  Total: number;
  ExpectedSeconds: number;
  ElapsedSeconds: number;
  LateItems: string[];
  receivedAt: number;
}

/** The board's tasks (gettasks: per branch its active or just-finished task), kept live by TASK events. */
export function useActiveTasks(enabled: boolean) {
  return useQuery({
    queryKey: taskListKeys.active,
    queryFn: ({ signal }) =>
      apiPost<{ taskobject: Task[] }>(PATHS.tasks, {}, { signal }).then((b) =>
        b.taskobject.map((t): BoardTask => ({
          TaskId: t.TaskId,
          BranchOfficeId: t.BranchOfficeId,
          BranchOfficeName: t.BranchOfficeName,
          TemplateName: t.TemplateName,
          Status: t.Status,
          Done: t.Done,
          Total: t.Total,
          ExpectedSeconds: t.ExpectedSeconds,
          ElapsedSeconds: t.ElapsedSeconds,
          LateItems: t.LateItems,
          receivedAt: Date.now(),
        })),
      ),
    enabled,
  });
}

/**
 * The board rows after a TASK event (pure): one row per branch, the event's task replacing the
 * branch's previous one (a finished task stays, as done); a cleared task (DROPPED) is removed.
 * `undefined` (nothing loaded yet) stays undefined.
 */
export function applyTaskEvent(
  rows: BoardTask[] | undefined,
  e: { BranchOfficeId: number | null; BranchOfficeName: string | null; Payload: TaskPayload },
  now: number = Date.now(),
): BoardTask[] | undefined {
  if (!rows) return rows;
  const p = e.Payload;
  const others = rows.filter((r) => r.TaskId !== p.TaskId && r.BranchOfficeId !== e.BranchOfficeId);
  if (p.Status === 'DROPPED' || e.BranchOfficeId == null) return others;
  const row: BoardTask = {
    TaskId: p.TaskId,
    BranchOfficeId: e.BranchOfficeId,
    BranchOfficeName: e.BranchOfficeName ?? '',
    TemplateName: p.TemplateName,
    Status: p.Status,
    Done: p.Done,
    Total: p.Total,
    ExpectedSeconds: p.ExpectedSeconds,
    ElapsedSeconds: p.ElapsedSeconds,
    LateItems: p.LateItems,
    receivedAt: now,
  };
  return [...others, row].sort((a, b) => a.BranchOfficeName.localeCompare(b.BranchOfficeName));
}

/** Seconds worked on a board task at `now` (running: the received figure plus the time since). */
export function liveElapsed(t: BoardTask, now: number): number {
  return t.Status === 'RUNNING' ? t.ElapsedSeconds + Math.max(0, Math.round((now - t.receivedAt) / 1000)) : t.ElapsedSeconds;
}

/** activatetask (activate at a branch, force-end) and dropactivetask; the board refetches. */
export function useTasking() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: taskListKeys.active });
  return {
    activate: (req: ActivateRequest) => apiPost<{ taskobject: Task }>(PATHS.activate, req).finally(done),
    drop: (branchOfficeId: number) => apiPost<{ taskobject: Task }>(PATHS.drop, { branchOfficeId }).finally(done),
  };
}
