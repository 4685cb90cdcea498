import { describe, it, expect } from 'vitest';
import { dueActions, type BranchState, type RecordedEvent, type SupervisionAction } from './supervisor.js';
import { dueActionsInSlices } from './supervisor.service.js';

// Branch 7 in New York, Mon–Fri 09:00–17:00, timers 15 min, auto-close 20:00. On Monday
// 2026-03-09 (EDT, UTC−4): opens 13:00Z, opening deadline 13:15Z, closes 21:00Z, closing
// deadline 21:15Z, auto-close 2026-03-10T00:00Z. Friday 2026-03-13 is a holiday in this fixture.
const t = (s: string) => new Date(s);
const ev = (branchAction: string, at: string, over: Partial<RecordedEvent> = {}): RecordedEvent => ({
  branchAction,
  occurredAt: t(at),
  isClosedBySystem: false,
  idempotencyKey: null,
  ...over,
});
const branch = (over: Partial<BranchState> = {}): BranchState => ({
  branchId: 7,
  organizationId: 1,
  regionalOfficeId: 3,
  schedule: {
    timeZone: 'America/New_York',
    days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opensAt: '09:00:00', closesAt: '17:00:00' })),
    holidays: [{ day: '2026-03-13', name: 'Founders Day' }],
    openingTimer: 15,
    closingTimer: 15,
    autoCloseTime: '20:00:00',
  },
  testMode: false,
  branchAction: null,
  activeSince: t('2026-01-01T00:00:00Z'),
  priorAction: { branchAction: 'Close', occurredAt: t('2026-03-06T22:00:00Z') },
  events: [],
  ...over,
});
const due = (now: string, b: BranchState) => dueActions({ now: t(now), branches: [b] });
const summary = (actions: SupervisionAction[]) => actions.map((a) => `${a.idempotencyKey}@${a.occurredAt.toISOString()}`);
/** The actions as the events they become, to feed a second tick. */
const recorded = (actions: SupervisionAction[]): RecordedEvent[] =>
  actions.map((a) => ({
    branchAction: a.branchAction,
    occurredAt: a.occurredAt,
    isClosedBySystem: a.isClosedBySystem,
    idempotencyKey: a.idempotencyKey,
  }));

describe('Not Opened', () => {
  it('is raised after the opening deadline, not before nor at it', () => {
    expect(due('2026-03-09T13:00:00Z', branch())).toEqual([]);
    expect(due('2026-03-09T13:15:00Z', branch())).toEqual([]);
    const actions = due('2026-03-09T13:15:01Z', branch());
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({
      type: 'not-opened',
      idempotencyKey: '7:2026-03-09:not-opened',
      branchId: 7,
      organizationId: 1,
      regionalOfficeId: 3,
      localDate: '2026-03-09',
      kind: 'NOTIFICATION',
      branchAction: 'Not Opened',
      notificationType: 0,
      isTestNotification: false,
      isClosedBySystem: false,
      occurredAt: t('2026-03-09T13:15:00Z'),
      scheduled: { timeZone: 'America/New_York', opensAt: '2026-03-09T13:00:00.000Z', openingDeadline: '2026-03-09T13:15:00.000Z' },
    });
  });

  it('is not raised when the branch opened that day, even late', () => {
    expect(due('2026-03-09T14:00:00Z', branch({ events: [ev('Open', '2026-03-09T12:58:00Z')] }))).toEqual([]);
    expect(due('2026-03-09T14:00:00Z', branch({ events: [ev('Open', '2026-03-09T13:40:00Z')] }))).toEqual([]);
  });

  it('is not raised twice (same key, or a Not Opened of that local day written by someone else)', () => {
    const first = due('2026-03-09T13:16:00Z', branch());
    expect(first).toHaveLength(1);
    expect(due('2026-03-09T13:17:00Z', branch({ events: recorded(first) }))).toEqual([]);
    expect(due('2026-03-09T13:17:00Z', branch({ events: [ev('Not Opened', '2026-03-09T13:15:00Z')] }))).toEqual([]);
  });

  it('is not raised on a holiday nor on a closed weekday', () => {
    // Friday 2026-03-13 is a holiday (Thursday opened and closed normally).
    const thursday = [ev('Open', '2026-03-12T13:00:00Z'), ev('Close', '2026-03-12T21:05:00Z')];
    expect(due('2026-03-13T15:00:00Z', branch({ events: thursday }))).toEqual([]);
    // Saturday and Sunday are not scheduled (and the day before Saturday is the holiday).
    expect(due('2026-03-14T15:00:00Z', branch({ events: thursday }))).toEqual([]);
    expect(due('2026-03-15T23:59:00Z', branch())).toEqual([]);
  });

  it('is caught up for yesterday after a restart, with the deadline as its instant', () => {
    expect(summary(due('2026-03-10T12:00:00Z', branch()))).toEqual(['7:2026-03-09:not-opened@2026-03-09T13:15:00.000Z']);
  });

  it('is not raised for a deadline before the branch existed', () => {
    expect(due('2026-03-09T15:00:00Z', branch({ activeSince: t('2026-03-09T14:00:00Z') }))).toEqual([]);
  });

  it('is not raised when the branch is still open from before (carried over)', () => {
    const b = branch({
      schedule: { ...branch().schedule, autoCloseTime: null },
      priorAction: null,
      events: [ev('Open', '2026-03-09T13:00:00Z')],
    });
    // Tuesday: still open since Monday (Monday's Not Closed is due, Tuesday's Not Opened is not).
    expect(summary(due('2026-03-10T13:30:00Z', b))).toEqual(['7:2026-03-09:not-closed@2026-03-09T21:15:00.000Z']);
  });
});

describe('Not Closed', () => {
  const opened = [ev('Open', '2026-03-09T13:02:00Z')];

  it('is raised after the closing deadline while the branch is still open', () => {
    expect(due('2026-03-09T21:15:00Z', branch({ events: opened }))).toEqual([]);
    const actions = due('2026-03-09T21:16:00Z', branch({ events: opened }));
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({
      type: 'not-closed',
      idempotencyKey: '7:2026-03-09:not-closed',
      kind: 'NOTIFICATION',
      branchAction: 'Not Closed',
      notificationType: 0,
      isClosedBySystem: false,
      occurredAt: t('2026-03-09T21:15:00Z'),
    });
    expect(due('2026-03-09T21:20:00Z', branch({ events: [...opened, ...recorded(actions)] }))).toEqual([]);
  });

  it('counts Service as open, and is not raised once the branch is closed', () => {
    expect(due('2026-03-09T21:16:00Z', branch({ events: [...opened, ev('Service', '2026-03-09T20:30:00Z')] }))).toHaveLength(1);
    expect(due('2026-03-09T21:16:00Z', branch({ events: [...opened, ev('Close', '2026-03-09T21:10:00Z')] }))).toEqual([]);
    // Closed late, before the (delayed) tick: the branch is not open any more, nothing to raise.
    expect(due('2026-03-09T21:40:00Z', branch({ events: [...opened, ev('Close', '2026-03-09T21:30:00Z')] }))).toEqual([]);
  });
});

describe('auto-close', () => {
  const opened = [ev('Open', '2026-03-09T13:02:00Z')];

  it('closes a branch still open at the auto-close time, once, as a system Close', () => {
    const notClosed = due('2026-03-09T21:16:00Z', branch({ events: opened }));
    expect(due('2026-03-09T23:59:59Z', branch({ events: [...opened, ...recorded(notClosed)] }))).toEqual([]);
    const actions = due('2026-03-10T00:00:00Z', branch({ events: [...opened, ...recorded(notClosed)] }));
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({
      type: 'auto-close',
      idempotencyKey: '7:2026-03-09:auto-close',
      kind: 'BRANCH_ACTION',
      branchAction: 'Close',
      notificationType: null,
      isClosedBySystem: true,
      punctuality: 'late',
      occurredAt: t('2026-03-10T00:00:00Z'),
    });
    const after = [...opened, ...recorded(notClosed), ...recorded(actions)];
    expect(due('2026-03-10T00:00:30Z', branch({ events: after, branchAction: 'Close' }))).toEqual([]);
  });

  it('raises Not Closed and closes in one tick when both are due', () => {
    expect(summary(due('2026-03-10T00:05:00Z', branch({ events: opened, branchAction: 'Open' })))).toEqual([
      '7:2026-03-09:not-closed@2026-03-09T21:15:00.000Z',
      '7:2026-03-09:auto-close@2026-03-10T00:00:00.000Z',
    ]);
  });

  it('closes a branch left open since the previous local day (server was down), once', () => {
    const b = branch({ events: opened, branchAction: 'Open' });
    const actions = due('2026-03-10T12:30:00Z', b); // Tuesday 08:30 EDT, before Tuesday's opening
    expect(summary(actions)).toEqual([
      '7:2026-03-09:not-closed@2026-03-09T21:15:00.000Z',
      '7:2026-03-09:auto-close@2026-03-10T00:00:00.000Z',
    ]);
    const again = due('2026-03-10T12:31:00Z', branch({ events: [...opened, ...recorded(actions)], branchAction: 'Close' }));
    expect(again).toEqual([]);
    // Tuesday's opening deadline then behaves as usual: the system Close ended Monday.
    expect(summary(due('2026-03-10T13:16:00Z', branch({ events: [...opened, ...recorded(actions)], branchAction: 'Close' })))).toEqual([
      '7:2026-03-10:not-opened@2026-03-10T13:15:00.000Z',
    ]);
  });

  it('does not close a branch in alarm (the operator clears it first)', () => {
    const actions = due('2026-03-10T00:05:00Z', branch({ events: opened, branchAction: 'Panic' }));
    expect(actions.map((a) => a.type)).toEqual(['not-closed']);
  });

  it('does not close a branch already closed by the system that day (seeded, without a key)', () => {
    const events = [...opened, ev('Not Closed', '2026-03-09T21:15:00Z'), ev('Close', '2026-03-10T00:00:00Z', { isClosedBySystem: true })];
    expect(due('2026-03-10T00:05:00Z', branch({ events, branchAction: 'Close' }))).toEqual([]);
  });
});

describe('test mode', () => {
  it('produces the same actions flagged as test notifications', () => {
    const events = [ev('Open', '2026-03-09T13:02:00Z')];
    const live = due('2026-03-10T00:05:00Z', branch({ events, branchAction: 'Open' }));
    const test = due('2026-03-10T00:05:00Z', branch({ events, branchAction: 'Open', testMode: true }));
    expect(test.map((a) => a.idempotencyKey)).toEqual(live.map((a) => a.idempotencyKey));
    expect(live.every((a) => !a.isTestNotification)).toBe(true);
    expect(test.every((a) => a.isTestNotification)).toBe(true);
    expect(test.map((a) => a.type)).toEqual(['not-closed', 'auto-close']);
    expect(due('2026-03-09T13:16:00Z', branch({ testMode: true }))[0]).toMatchObject({ type: 'not-opened', isTestNotification: true });
  });
});

describe('several branches', () => {
  it('keeps branches apart, uses each branch-local day, and skips a branch whose schedule is unusable', () => {
    const errors: number[] = [];
    const tirane = branch({
      branchId: 8,
      schedule: { ...branch().schedule, timeZone: 'Europe/Tirane', holidays: [] },
    });
    const broken = branch({ branchId: 9, schedule: { ...branch().schedule, timeZone: 'Nowhere/Else' } });
    // 2026-03-09T08:00Z: 09:00 CET in Tirane (deadline 08:15Z), 04:00 EDT in New York.
    const at0816 = dueActions({
      now: t('2026-03-09T08:16:00Z'),
      branches: [branch(), tirane, broken],
      onBranchError: (id) => errors.push(id),
    });
    expect(summary(at0816)).toEqual(['8:2026-03-09:not-opened@2026-03-09T08:15:00.000Z']);
    expect(errors).toEqual([9]);
  });
});

describe('dueActionsInSlices (a tick over many branches)', () => {
  // 600 branches; every third one has no schedule day (nothing due), one has an unknown zone.
  const branches = Array.from({ length: 600 }, (_, i) =>
    branch({
      branchId: 1000 + i,
      ...(i % 3 === 2 ? { schedule: { ...branch().schedule, days: [] } } : {}),
      ...(i === 301 ? { schedule: { ...branch().schedule, timeZone: 'Mars/Olympus' } } : {}),
    }),
  );
  const now = t('2026-03-10T00:30:00Z'); // Monday night, New York: Monday's Not Opened is due

  it('gives the actions of dueActions, in the same order, with the same errors', async () => {
    const errorsAtOnce: number[] = [];
    const errorsSliced: number[] = [];
    const atOnce = dueActions({ now, branches, onBranchError: (id) => errorsAtOnce.push(id) });
    const sliced = await dueActionsInSlices({ now, branches, onBranchError: (id) => errorsSliced.push(id) }, 250);
    expect(atOnce).toHaveLength(399); // Monday's Not Opened of each scheduled branch but the one in an unknown zone
    expect(summary(sliced)).toEqual(summary(atOnce));
    expect(errorsSliced).toEqual([1301]);
    expect(errorsAtOnce).toEqual([1301]);
  });

  it('gives the event loop a turn between slices', async () => {
    let turns = 0;
    let on = true;
    const spin = () => {
      turns++;
      if (on) setImmediate(spin);
    };
    setImmediate(spin);
    await dueActionsInSlices({ now, branches }, 100);
    on = false;
    // Pure computation, no I/O: the loop turns only where the slices yield (after each of the first five).
    expect(turns).toBeGreaterThanOrEqual(5);
    turns = 0;
    on = true;
    setImmediate(spin);
    dueActions({ now, branches });
    on = false;
    expect(turns).toBe(0); // at once: not a single turn
  });
});
