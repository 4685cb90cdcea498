/**
 * Database side of the opening / closing supervision (spec §3 Branch office, Activity
 * notification; §4; §9). `loadBranchStates` reads everything `dueActions` needs in four
 * set-based queries; `applyActions` writes the actions exactly once, even when several server
 * processes tick at the same moment.
 */
import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { StatusId } from '@vigil/contract';
import { AdvisoryLock } from '../../db/advisory-locks.js';
import type { Db } from '../../db/client.js';
import { branchOffices, events, EventKind, holidays, weekScheduleDays } from '../../db/schema/index.js';
import { announceBoardChange, noteBoardChange } from '../../lib/board-changes.js';
import { appendEvents, type NewEvent } from '../realtime/event-log.js';
import { addLocalDays, localDay, type HolidayDef, type ScheduleDayDef } from './schedule.js';
import {
  STATE_ACTIONS,
  SUPERVISED_ACTIONS,
  SUPERVISION_LOOKBACK_HOURS,
  type BranchState,
  type RecordedEvent,
  type SupervisionAction,
} from './supervisor.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const EVENT_KINDS = [EventKind.BranchAction, EventKind.Notification];

/**
 * The active branches (StatusId 1) with their week-schedule days, the holidays of the local days
 * checked, their last Open / Close / Service before the events window and their supervised events
 * from `now` − SUPERVISION_LOOKBACK_HOURS on. Four queries whatever the number of branches.
 * Branch-local times come back as 'HH:MM:SS', holiday days as 'YYYY-MM-DD'.
 */
export async function loadBranchStates(db: Db, now: Date): Promise<BranchState[]> {
  const windowStart = new Date(now.getTime() - SUPERVISION_LOOKBACK_HOURS * HOUR_MS);
  const active = eq(branchOffices.statusId, StatusId.Active);

  // 1. Branches, each with its last state action before the window (lateral, index-backed).
  const prior = db
    .select({ branchAction: events.branchAction, occurredAt: events.occurredAt })
    .from(events)
    .where(
      and(
        eq(events.branchOfficeId, branchOffices.id),
        lt(events.occurredAt, windowStart),
        inArray(events.kind, EVENT_KINDS),
        inArray(events.branchAction, [...STATE_ACTIONS]),
      ),
    )
    .orderBy(desc(events.occurredAt), desc(events.id))
    .limit(1)
    .as('prior');
  const branchRows = await db
    .select({
      id: branchOffices.id,
      organizationId: branchOffices.organizationId,
      regionalOfficeId: branchOffices.regionalOfficeId,
      timeZone: branchOffices.timeZone,
      weekScheduleId: branchOffices.weekScheduleId,
      holidayTemplateId: branchOffices.holidayTemplateId,
      openingTimer: branchOffices.openingTimer,
      closingTimer: branchOffices.closingTimer,
      autoCloseTime: branchOffices.autoCloseTime,
      testMode: branchOffices.testMode,
      branchAction: branchOffices.branchAction,
      createdAt: branchOffices.createdAt,
      priorAction: prior.branchAction,
      priorAt: prior.occurredAt,
    })
    .from(branchOffices)
    .leftJoinLateral(prior, sql`true`)
    .where(active)
    .orderBy(asc(branchOffices.id));
  if (branchRows.length === 0) return [];

  // 2. Week-schedule days of those schedules.
  const scheduleIds = [...new Set(branchRows.flatMap((b) => (b.weekScheduleId === null ? [] : [b.weekScheduleId])))];
  const dayRows = scheduleIds.length
    ? await db.select().from(weekScheduleDays).where(inArray(weekScheduleDays.weekScheduleId, scheduleIds))
    : [];
  const daysBySchedule = new Map<number, ScheduleDayDef[]>();
  for (const d of dayRows) {
    const list = daysBySchedule.get(d.weekScheduleId) ?? [];
    list.push({ weekday: d.weekday, opensAt: d.opensAt, closesAt: d.closesAt });
    daysBySchedule.set(d.weekScheduleId, list);
  }

  // 3. Holidays of the relevant local dates (yesterday and today in any zone: UTC day −2 … +1).
  const templateIds = [...new Set(branchRows.flatMap((b) => (b.holidayTemplateId === null ? [] : [b.holidayTemplateId])))];
  const utcToday = localDay(now, 'UTC');
  const holidayRows = templateIds.length
    ? await db
        .select({ holidayTemplateId: holidays.holidayTemplateId, day: holidays.day, name: holidays.name })
        .from(holidays)
        .where(
          and(
            inArray(holidays.holidayTemplateId, templateIds),
            gte(holidays.day, addLocalDays(utcToday, -2)),
            lte(holidays.day, addLocalDays(utcToday, 1)),
          ),
        )
    : [];
  const holidaysByTemplate = new Map<number, HolidayDef[]>();
  for (const h of holidayRows) {
    const list = holidaysByTemplate.get(h.holidayTemplateId) ?? [];
    list.push({ day: h.day, name: h.name });
    holidaysByTemplate.set(h.holidayTemplateId, list);
  }

  // 4. Supervised events of the window (and any later ones, for idempotency), of the active
  // branches: a subquery, not their ids as parameters (5,000 of them cost more to bind than to read).
  const activeBranchIds = db.select({ id: branchOffices.id }).from(branchOffices).where(active);
  const eventRows = await db
    .select({
      branchOfficeId: events.branchOfficeId,
      branchAction: events.branchAction,
      occurredAt: events.occurredAt,
      isClosedBySystem: events.isClosedBySystem,
      idempotencyKey: sql<string | null>`${events.payload}->>'idempotencyKey'`,
    })
    .from(events)
    .where(
      and(
        inArray(events.branchOfficeId, activeBranchIds),
        gte(events.occurredAt, windowStart),
        inArray(events.kind, EVENT_KINDS),
        inArray(events.branchAction, [...SUPERVISED_ACTIONS]),
      ),
    )
    .orderBy(asc(events.occurredAt), asc(events.id));
  const eventsByBranch = new Map<number, RecordedEvent[]>();
  for (const e of eventRows) {
    if (e.branchOfficeId === null || e.branchAction === null) continue;
    const list = eventsByBranch.get(e.branchOfficeId) ?? [];
    list.push({
      branchAction: e.branchAction,
      occurredAt: e.occurredAt,
      isClosedBySystem: e.isClosedBySystem,
      idempotencyKey: e.idempotencyKey ?? null,
    });
    eventsByBranch.set(e.branchOfficeId, list);
  }

  return branchRows.map((b) => ({
    branchId: b.id,
    organizationId: b.organizationId,
    regionalOfficeId: b.regionalOfficeId,
    schedule: {
      timeZone: b.timeZone,
      days: b.weekScheduleId === null ? [] : (daysBySchedule.get(b.weekScheduleId) ?? []),
      holidays: b.holidayTemplateId === null ? [] : (holidaysByTemplate.get(b.holidayTemplateId) ?? []),
      openingTimer: b.openingTimer,
      closingTimer: b.closingTimer,
      autoCloseTime: b.autoCloseTime,
    },
    testMode: b.testMode,
    branchAction: b.branchAction,
    activeSince: b.createdAt,
    priorAction: b.priorAction !== null && b.priorAt !== null ? { branchAction: b.priorAction, occurredAt: b.priorAt } : null,
    events: eventsByBranch.get(b.id) ?? [],
  }));
}

/** The event row of an action: userId null, occurredAt the deadline, payload with the key and the scheduled times. */
function eventRow(a: SupervisionAction): NewEvent {
  return {
    kind: a.kind,
    organizationId: a.organizationId,
    regionalOfficeId: a.regionalOfficeId,
    branchOfficeId: a.branchId,
    userId: null,
    branchAction: a.branchAction,
    notificationType: a.notificationType,
    isTestNotification: a.isTestNotification,
    isClosedBySystem: a.isClosedBySystem,
    punctuality: a.punctuality,
    occurredAt: a.occurredAt,
    payload: { idempotencyKey: a.idempotencyKey, source: 'supervisor', type: a.type, scheduled: a.scheduled },
  };
}

/**
 * Writes `actions` exactly once across processes, in one transaction: takes the supervisor
 * advisory lock (pg_advisory_xact_lock, released at commit; PGlite has it too), drops actions
 * whose idempotency key is already stored (payload->>'idempotencyKey'), inserts the rest through
 * the event log (`appendEvents`, so ids commit in order; `notify` sends NOTIFY on PostgreSQL) and,
 * for a system Close, sets the branch's branchAction / branchActionAt / lastEventId unless the
 * branch already has a newer status action. Returns the ids of the inserted events, in order.
 * Errors (database) propagate and roll everything back.
 */
export async function applyActions(db: Db, actions: readonly SupervisionAction[], opts: { notify?: boolean } = {}): Promise<number[]> {
  if (actions.length === 0) return [];
  const written = await db.transaction(async (tx) => {
    // Serialises supervisor writers across processes until commit; taken before the event-log lock, never after it.
    await tx.execute(sql`select pg_advisory_xact_lock(${AdvisoryLock.SupervisorWrite})`);

    // Re-check under the lock. The key's event lies within a few days of its instant (the instant
    // moves only if the schedule was edited), which keeps the lookup on the branch/time index.
    const times = actions.map((a) => a.occurredAt.getTime());
    const existing = await tx
      .select({ key: sql<string>`${events.payload}->>'idempotencyKey'` })
      .from(events)
      .where(
        and(
          inArray(events.branchOfficeId, [...new Set(actions.map((a) => a.branchId))]),
          gte(events.occurredAt, new Date(Math.min(...times) - 3 * DAY_MS)),
          lte(events.occurredAt, new Date(Math.max(...times) + 3 * DAY_MS)),
          inArray(
            sql`${events.payload}->>'idempotencyKey'`,
            actions.map((a) => a.idempotencyKey),
          ),
        ),
      );
    const done = new Set(existing.map((r) => r.key));
    const todo: SupervisionAction[] = [];
    for (const a of actions) {
      if (done.has(a.idempotencyKey)) continue;
      done.add(a.idempotencyKey);
      todo.push(a);
    }
    if (todo.length === 0) return [];

    const ids = await appendEvents(tx, todo.map(eventRow), { notify: opts.notify ?? false });
    // A branch's status may move: every node's board cache drops its answers (lib/board-changes.ts).
    if (todo.some((a) => a.kind === 'BRANCH_ACTION')) await announceBoardChange(tx);
    for (const [i, a] of todo.entries()) {
      if (a.kind !== 'BRANCH_ACTION') continue;
      await tx
        .update(branchOffices)
        .set({ branchAction: a.branchAction, branchActionAt: a.occurredAt, lastEventId: ids[i]! })
        .where(
          and(
            eq(branchOffices.id, a.branchId),
            sql`(${branchOffices.branchActionAt} is null or ${branchOffices.branchActionAt} <= ${a.occurredAt.toISOString()}::timestamptz)`,
          ),
        );
    }
    return ids;
  });
  // Told again once committed: a board read begun between the first notice and the commit is not kept.
  if (written.length) noteBoardChange();
  return written;
}
