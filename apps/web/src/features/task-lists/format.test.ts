import { describe, expect, it } from 'vitest';
import { applyTaskEvent, liveElapsed, type BoardTask } from './api';
import { assignedLabel, formatHms } from './format';

describe('task list formatting', () => {
  it('shows durations as hh:mm:ss', () => {
    expect(formatHms(0)).toBe('00:00:00');
    expect(formatHms(59)).toBe('00:00:59');
    expect(formatHms(3_725)).toBe('01:02:05');
  });
  it("shows one assigned branch by name and more as 'Multiple'", () => {
    expect(assignedLabel([], 'Multiple')).toBe('');
    expect(assignedLabel([{ BranchOfficeName: 'Dega A' }], 'Multiple')).toBe('Dega A');
    expect(assignedLabel([{ BranchOfficeName: 'Dega A' }, { BranchOfficeName: 'Dega B' }], 'Multiple')).toBe('Multiple');
  });
});

describe('running tasks follow TASK events', () => {
  const payload = {
    Step: 'ITEM-DONE' as const,
    TaskId: 7,
    TemplateAutoId: 1,
    TemplateName: 'Opening',
    TaskingType: 'OPENING' as const,
    Status: 'RUNNING' as const,
    Done: 2,
    Total: 3,
    ExpectedSeconds: 300,
    ElapsedSeconds: 120,
    StartedAtUTC: '2026-11-23T08:00:00.000Z',
    LateItems: ['Walk'],
  };
  const event = { BranchOfficeId: 4, BranchOfficeName: 'Dega A', Payload: payload };
  it('keeps one row per branch: updated, kept as done when completed, removed when cleared', () => {
    expect(applyTaskEvent(undefined, event)).toBeUndefined();
    const added = applyTaskEvent([], event, 1_000)!;
    expect(added).toEqual([expect.objectContaining({ TaskId: 7, Done: 2, Total: 3, LateItems: ['Walk'], receivedAt: 1_000 })]);
    const done = applyTaskEvent(added, { ...event, Payload: { ...payload, Step: 'COMPLETED', Status: 'COMPLETED', Done: 3 } })!;
    expect(done.map((r) => [r.TaskId, r.Status, r.Done])).toEqual([[7, 'COMPLETED', 3]]);
    const next = applyTaskEvent(done, { ...event, Payload: { ...payload, TaskId: 8, Step: 'STARTED', Done: 0 } })!;
    expect(next.map((r) => r.TaskId)).toEqual([8]);
    expect(applyTaskEvent(next, { ...event, Payload: { ...payload, TaskId: 8, Step: 'DROPPED', Status: 'DROPPED' } })).toEqual([]);
  });
  it('counts the time since the figures arrived while the task runs, not while paused', () => {
    const row: BoardTask = { ...applyTaskEvent([], event, 0)![0]! };
    expect(liveElapsed(row, 30_000)).toBe(150);
    expect(liveElapsed({ ...row, Status: 'PAUSED' }, 30_000)).toBe(120);
  });
});
