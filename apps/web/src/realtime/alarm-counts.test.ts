import { describe, expect, it } from 'vitest';
import type { Alarm } from './alarm-events';
import { alarmCounts } from './alarm-counts';

const alarm = (id: number, over: Partial<Alarm> = {}): Alarm => ({
  notificationId: id,
  branchOfficeId: 100 + (id % 3),
  organizationId: 1,
  branchName: 'B',
  zone: 'UTC',
  action: 'Panic',
  notificationType: 10,
  category: 'panic',
  securityAlert: true,
  isTest: false,
  raisedBy: '',
  message: null,
  at: '2026-03-01T10:00:00.000Z',
  acknowledged: null,
  notes: [],
  ...over,
});

describe('alarmCounts', () => {
  it('counts waiting real alarms and their branches; test alarms apart; acknowledged ones not at all', () => {
    const c = alarmCounts([
      alarm(1),
      alarm(4), // same branch as 1
      alarm(2),
      alarm(3, { isTest: true }),
      alarm(5, { acknowledged: { by: 1, byName: 'A', at: '2026-03-01T10:01:00.000Z' } }),
    ]);
    expect(c.waiting).toBe(3);
    expect(c.waitingTest).toBe(1);
    expect([...c.alarmBranchIds].sort()).toEqual([101, 102]);
  });
});
