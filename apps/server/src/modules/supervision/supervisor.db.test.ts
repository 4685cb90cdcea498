/**
 * The supervisor against the real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set):
 * ticks at chosen instants with an injected clock, the event rows they write, the branch status
 * after a system Close, and exactly-once writing when ticks run concurrently.
 */
import { afterAll, beforeAll, describe, it, expect } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { openDatabase, rows, type Database, type Db } from '../../db/client.js';
import {
  branchOffices,
  branchOfficeTypes,
  events,
  holidays,
  holidayTemplates,
  offices,
  OfficeType,
  organizations,
  weekScheduleDays,
  weekSchedules,
} from '../../db/schema/index.js';
import { DB_KINDS, startTestServer, type TestServer } from '../../../test/helpers.js';
import { applyActions, loadBranchStates } from './supervisor.repository.js';
import { runSupervisorTick, startSupervisor } from './supervisor.service.js';
import { dueActions } from './supervisor.js';

interface Fixture {
  orgId: number;
  regionId: number;
  branchId: number;
}

/** One org, one region, one New York branch: Mon–Fri 09:00–17:00, timers 15, auto-close 20:00, Memorial Day off. */
async function insertFixture(db: Db): Promise<Fixture> {
  const [org] = await db.insert(organizations).values({ name: 'Supervision Bank' }).returning({ id: organizations.id });
  const orgId = org!.id;
  const [ws] = await db.insert(weekSchedules).values({ organizationId: orgId, name: 'Weekdays' }).returning({ id: weekSchedules.id });
  await db
    .insert(weekScheduleDays)
    .values([1, 2, 3, 4, 5].map((weekday) => ({ weekScheduleId: ws!.id, weekday, opensAt: '09:00:00', closesAt: '17:00:00' })));
  const [ht] = await db.insert(holidayTemplates).values({ organizationId: orgId, name: 'US 2026' }).returning({ id: holidayTemplates.id });
  await db.insert(holidays).values({ holidayTemplateId: ht!.id, day: '2026-05-25', name: 'Memorial Day' });
  const schedule = {
    timeZone: 'America/New_York',
    weekScheduleId: ws!.id,
    holidayTemplateId: ht!.id,
    openingTimer: 15,
    closingTimer: 15,
    servicingTimer: 60,
    autoCloseTime: '20:00:00',
  };
  const [region] = await db
    .insert(offices)
    .values({ organizationId: orgId, officeTypeId: OfficeType.RegionalOffice, name: 'East', code: 'EAST', ...schedule })
    .returning({ id: offices.id });
  const [type] = await db.select({ id: branchOfficeTypes.id }).from(branchOfficeTypes).where(eq(branchOfficeTypes.type, 'BRANCH'));
  const [b] = await db
    .insert(branchOffices)
    .values({
      organizationId: orgId,
      regionalOfficeId: region!.id,
      branchOfficeTypeId: type!.id,
      name: 'Midtown',
      code: 'NY-001',
      ...schedule,
      createdAt: new Date('2026-03-01T00:00:00Z'),
    })
    .returning({ id: branchOffices.id });
  return { orgId, regionId: region!.id, branchId: b!.id };
}

const rowsOf = (db: Db, branchId: number) => db.select().from(events).where(eq(events.branchOfficeId, branchId)).orderBy(asc(events.id));

describe.each(DB_KINDS)('supervisor on %s', (kind) => {
  let server: TestServer;
  let db: Db;
  let fx: Fixture;
  const tick = (at: string, on: Db = db) => runSupervisorTick(on, new Date(at));

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { seed: false });
    db = server.database.db;
    fx = await insertFixture(db);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('raises Not Opened after the opening deadline only, once, dated at the deadline', async () => {
    expect((await tick('2026-03-09T13:10:00Z')).raised).toBe(0); // Monday 09:10 EDT
    expect((await tick('2026-03-09T13:15:00Z')).raised).toBe(0);
    const first = await tick('2026-03-09T13:16:00Z');
    expect(first.raised).toBe(1);
    expect((await tick('2026-03-09T13:20:00Z')).raised).toBe(0);

    const all = await rowsOf(db, fx.branchId);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      id: first.ids[0],
      kind: 'NOTIFICATION',
      organizationId: fx.orgId,
      regionalOfficeId: fx.regionId,
      branchOfficeId: fx.branchId,
      userId: null,
      branchAction: 'Not Opened',
      notificationType: 0,
      isTestNotification: false,
      isClosedBySystem: false,
      occurredAt: new Date('2026-03-09T13:15:00Z'),
    });
    expect(all[0]!.payload).toMatchObject({
      idempotencyKey: `${fx.branchId}:2026-03-09:not-opened`,
      scheduled: { opensAt: '2026-03-09T13:00:00.000Z', openingDeadline: '2026-03-09T13:15:00.000Z', timeZone: 'America/New_York' },
    });
    // 'Not …' actions do not move the branch status (spec §4).
    const [b] = await db.select().from(branchOffices).where(eq(branchOffices.id, fx.branchId));
    expect(b!.branchAction).toBeNull();
  });

  it('raises Not Closed, then closes by system at the auto-close time and sets the branch status', async () => {
    // A user opens late at 10:00 EDT.
    const [open] = await db
      .insert(events)
      .values({
        kind: 'BRANCH_ACTION',
        organizationId: fx.orgId,
        regionalOfficeId: fx.regionId,
        branchOfficeId: fx.branchId,
        branchAction: 'Open',
        punctuality: 'late',
        occurredAt: new Date('2026-03-09T14:00:00Z'),
      })
      .returning({ id: events.id });
    await db
      .update(branchOffices)
      .set({ branchAction: 'Open', branchActionAt: new Date('2026-03-09T14:00:00Z'), lastEventId: open!.id })
      .where(eq(branchOffices.id, fx.branchId));

    expect((await tick('2026-03-09T21:15:00Z')).raised).toBe(0);
    expect((await tick('2026-03-09T21:16:00Z')).raised).toBe(1);
    expect((await tick('2026-03-09T23:59:00Z')).raised).toBe(0);
    const closed = await tick('2026-03-10T00:00:30Z');
    expect(closed.raised).toBe(1);
    expect((await tick('2026-03-10T00:01:00Z')).raised).toBe(0);
    expect((await tick('2026-03-10T12:00:00Z')).raised).toBe(0); // next morning: nothing left for Monday

    const all = await rowsOf(db, fx.branchId);
    expect(all.map((e) => [e.kind, e.branchAction, e.occurredAt.toISOString(), e.isClosedBySystem, e.notificationType])).toEqual([
      ['NOTIFICATION', 'Not Opened', '2026-03-09T13:15:00.000Z', false, 0],
      ['BRANCH_ACTION', 'Open', '2026-03-09T14:00:00.000Z', false, null],
      ['NOTIFICATION', 'Not Closed', '2026-03-09T21:15:00.000Z', false, 0],
      ['BRANCH_ACTION', 'Close', '2026-03-10T00:00:00.000Z', true, null],
    ]);
    const close = all[3]!;
    expect(close).toMatchObject({ id: closed.ids[0], userId: null, punctuality: 'late', isTestNotification: false });
    expect(close.payload).toMatchObject({ idempotencyKey: `${fx.branchId}:2026-03-09:auto-close` });
    const [b] = await db.select().from(branchOffices).where(eq(branchOffices.id, fx.branchId));
    expect(b).toMatchObject({ branchAction: 'Close', branchActionAt: new Date('2026-03-10T00:00:00Z'), lastEventId: close.id });
  });

  it('raises nothing on a holiday (Memorial Day, after a closed Sunday)', async () => {
    expect((await tick('2026-05-25T15:00:00Z')).raised).toBe(0);
    // The state carried into the window is the last Open/Close/Service before it (the system Close).
    const [state] = await loadBranchStates(db, new Date('2026-05-25T15:00:00Z'));
    expect(state).toMatchObject({
      branchId: fx.branchId,
      branchAction: 'Close',
      events: [],
      priorAction: { branchAction: 'Close', occurredAt: new Date('2026-03-10T00:00:00Z') },
      schedule: { holidays: [{ day: '2026-05-25', name: 'Memorial Day' }], autoCloseTime: '20:00:00', openingTimer: 15 },
    });
    expect(state!.schedule.days).toHaveLength(5);
    expect((await tick('2026-05-25T23:00:00Z')).raised).toBe(0);
  });

  it('writes exactly one row per idempotency key when ticks run concurrently', async () => {
    const extra: Database[] = [];
    try {
      const dbs: Db[] = [db, db];
      if (kind === 'postgres') {
        // Two more connections (pools) to this test's database, as other server processes would have.
        const [{ name }] = (await rows<{ name: string }>(db, sql`select current_database() as name`)) as [{ name: string }];
        const url = new URL(process.env.TEST_DATABASE_URL!);
        url.pathname = `/${name}`;
        for (let i = 0; i < 2; i++) extra.push(await openDatabase({ databaseUrl: url.toString() }));
        dbs.splice(0, dbs.length, ...extra.map((d) => d.db), db);
        // Warm the pools so that the ticks really start together.
        await Promise.all(extra.map((d) => Promise.all([1, 2, 3].map(() => d.db.execute(sql`select 1`)))));
      }
      // Tuesday 2026-03-10 09:16 EDT: Tuesday's Not Opened is due; the same actions applied by racing writers.
      const now = new Date('2026-03-10T13:16:00Z');
      const actions = dueActions({ now, branches: await loadBranchStates(db, now) });
      expect(actions.map((a) => a.idempotencyKey)).toEqual([`${fx.branchId}:2026-03-10:not-opened`]);
      const applied = await Promise.all([...dbs, ...dbs].map((d) => applyActions(d, actions)));
      expect(applied.flat()).toHaveLength(1);
      // Wednesday 2026-03-11 09:16 EDT: whole ticks racing.
      const results = await Promise.all([...dbs, ...dbs].map((d) => tick('2026-03-11T13:16:00Z', d)));
      expect(results.reduce((n, r) => n + r.raised, 0)).toBe(1);
      const perKey = await rows<{ key: string; n: number }>(
        db,
        sql`
        select payload->>'idempotencyKey' as key, count(*)::int as n from events
        where branch_office_id = ${fx.branchId} and payload ? 'idempotencyKey' group by 1 order by 1`,
      );
      expect(perKey).toEqual([
        { key: `${fx.branchId}:2026-03-09:auto-close`, n: 1 },
        { key: `${fx.branchId}:2026-03-09:not-closed`, n: 1 },
        { key: `${fx.branchId}:2026-03-09:not-opened`, n: 1 },
        { key: `${fx.branchId}:2026-03-10:not-opened`, n: 1 },
        { key: `${fx.branchId}:2026-03-11:not-opened`, n: 1 },
      ]);
    } finally {
      for (const d of extra) await d.close();
    }
  });

  it.skipIf(kind !== 'postgres')(
    'reads with JIT compilation off on every pool (its branch read compiled for longer than it ran)',
    async () => {
      const { database } = server;
      for (const on of [database.db, database.dispatchDb]) {
        expect(await rows<{ jit: string }>(on, sql`show jit`)).toEqual([{ jit: 'off' }]);
      }
      const exported = await database.exportPool!.query<{ jit: string }>('show jit');
      expect(exported.rows).toEqual([{ jit: 'off' }]);
    },
  );

  it('startSupervisor ticks with the injected clock, reports new event ids and stops', async () => {
    const seen: number[][] = [];
    const handle = startSupervisor(db, {
      intervalMs: 20,
      clock: () => new Date('2026-03-12T13:16:00Z'),
      onEvents: (ids) => seen.push(ids),
    });
    for (let i = 0; i < 100 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 100)); // a few more ticks: nothing new
    await handle.stop();
    expect(seen).toHaveLength(1);
    const [row] = await db
      .select()
      .from(events)
      .where(and(eq(events.branchOfficeId, fx.branchId), eq(events.id, seen[0]![0]!)));
    expect(row).toMatchObject({ branchAction: 'Not Opened', occurredAt: new Date('2026-03-12T13:15:00Z') });
  });
});
