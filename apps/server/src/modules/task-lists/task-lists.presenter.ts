/**
 * The JSON shapes of task lists (contract task-lists.ts): a template (spec §3 Task list
 * template), a task with its items, and the TASK event payload built from the same task, so the
 * socket and REST never disagree.
 */
import { TASKING_TYPE_NAMES, type Task, type TaskListTemplate, type TaskPayload } from '@vigil/contract';
import type { AssignedRow, DetailRow, TaskItemRow, TaskRow, TemplateRow } from './task-lists.repository.js';

/** Templates with their items and assigned branches (spec §3). */
export function presentTemplates(data: { templates: TemplateRow[]; details: DetailRow[]; assigned: AssignedRow[] }): TaskListTemplate[] {
  return data.templates.map((t) => {
    const details = data.details
      .filter((d) => d.templateId === t.id)
      .map((d) => ({
        TemplateDetailsAutoId: d.id,
        name: d.name,
        description: d.description,
        PriorityOrder: d.priorityOrder,
        IsOrderMandatory: d.isOrderMandatory,
        TimeInterval: d.timeInterval,
      }));
    return {
      TemplateAutoId: t.id,
      name: t.name,
      description: t.description,
      TaskingType: t.taskingType,
      TaskingTypeName: TASKING_TYPE_NAMES[t.taskingType],
      OrganizationId: t.organizationId,
      OrganizationName: t.organizationName,
      details,
      AssignedToBranches: data.assigned
        .filter((a) => a.templateId === t.id)
        .map((a) => ({
          BranchOfficeId: a.branchOfficeId,
          BranchOfficeName: a.branchOfficeName,
          RegionalOfficeId: a.regionalOfficeId,
          RegionalOfficeName: a.regionalOfficeName,
        })),
      IsAllowedChecklistEdit: t.isAllowedEdit,
      IsAllowedChecklistDelete: t.isAllowedDelete,
      ExpectedSeconds: details.reduce((s, d) => s + d.TimeInterval, 0),
    };
  });
}

const seconds = (ms: number) => Math.max(0, Math.round(ms / 1000));

/** Seconds worked on a task at `now`: from its start to its end (or now), pauses excluded. */
export function elapsedSeconds(t: TaskRow, now: Date): number {
  if (!t.startedAt) return 0;
  const end = t.endedAt ?? (t.pausedAt ? t.pausedAt : now);
  return Math.max(0, seconds(end.getTime() - t.startedAt.getTime()) - t.pausedSeconds);
}

/** A task with its items (durations seconds, instants UTC ISO) as of `now`. */
export function presentTask(t: TaskRow, items: TaskItemRow[], now: Date = new Date()): Task {
  const own = items.filter((i) => i.taskId === t.id);
  const duration = (i: TaskItemRow) => (i.startedAt && i.endedAt ? seconds(i.endedAt.getTime() - i.startedAt.getTime()) : null);
  return {
    TaskId: t.id,
    TemplateAutoId: t.templateId,
    TemplateName: t.templateName,
    TaskingType: t.taskingType,
    BranchOfficeId: t.branchOfficeId,
    BranchOfficeName: t.branchOfficeName,
    Status: t.status,
    StartedBy: t.startedBy,
    ActivatedAtUTC: t.activatedAt?.toISOString() ?? null,
    StartedAtUTC: t.startedAt?.toISOString() ?? null,
    EndedAtUTC: t.endedAt?.toISOString() ?? null,
    ElapsedSeconds: elapsedSeconds(t, now),
    ExpectedSeconds: own.reduce((s, i) => s + i.timeInterval, 0),
    Done: own.filter((i) => i.endedAt).length,
    Total: own.length,
    LateItems: own.filter((i) => i.timeInterval > 0 && (duration(i) ?? 0) > i.timeInterval).map((i) => i.name),
    items: own.map((i) => ({
      TemplateDetailsAutoId: i.detailId,
      name: i.name,
      PriorityOrder: i.priorityOrder,
      IsOrderMandatory: i.isOrderMandatory,
      TimeInterval: i.timeInterval,
      StartedAtUTC: i.startedAt?.toISOString() ?? null,
      EndedAtUTC: i.endedAt?.toISOString() ?? null,
      DurationSeconds: duration(i),
      Done: i.endedAt != null,
    })),
  };
}

/** The TASK event payload of a step: the task's progress after it, and the step's item. */
export function taskPayload(task: Task, step: TaskPayload['Step'], detailId?: number): TaskPayload {
  const item = detailId == null ? undefined : task.items.find((i) => i.TemplateDetailsAutoId === detailId);
  return {
    Step: step,
    TaskId: task.TaskId,
    TemplateAutoId: task.TemplateAutoId,
    TemplateName: task.TemplateName,
    TaskingType: task.TaskingType,
    Status: task.Status,
    Done: task.Done,
    Total: task.Total,
    ExpectedSeconds: task.ExpectedSeconds,
    ElapsedSeconds: task.ElapsedSeconds,
    StartedAtUTC: task.StartedAtUTC,
    ...(item
      ? {
          Item: {
            TemplateDetailsAutoId: item.TemplateDetailsAutoId,
            name: item.name,
            DurationSeconds: item.DurationSeconds,
            TimeInterval: item.TimeInterval,
          },
        }
      : {}),
    LateItems: task.items
      .filter((i) => i.DurationSeconds != null && i.TimeInterval > 0 && i.DurationSeconds > i.TimeInterval)
      .map((i) => i.name),
  };
}
