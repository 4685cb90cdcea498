/**
 * event_day_counts (migration 0019, the summary report's counts) against a recount of `events`
 * written independently here (window functions over the event log), after each kind of write the
 * triggers handle: inserts of one or many rows (out of time order, test notifications, other
 * kinds), an update that moves an event to another day and branch, deletes (the day's first
 * opening among them), a change of a branch's time zone, and a truncate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../src/db/client.js';
import { DB_KINDS, startTestServer, type TestServer } from './helpers.js';
import { buildFixture, type Fixture } from './reports-fixture.js';

/** Every column of event_day_counts, in a stable order. */
const COLUMNS = sql`branch_office_id, organization_id, day::text as day, events, opens, closes, service, not_opened, auto_closed,
  panic, trouble, emergency, security_alerts, alarms, first_open_at, first_open_id::int as first_open_id, first_open_punctuality,
  last_close_at, last_close_id::int as last_close_id, last_close_punctuality`;

/** The counts as the summary report defined them before the table: straight from the event log. */
const RECOUNT = sql`with ev as (
    select e.*, (e.occurred_at at time zone b.time_zone)::date as day,
      first_value(e.id) over (partition by e.branch_office_id, e.organization_id, (e.occurred_at at time zone b.time_zone)::date, e.branch_action = 'Open'
        order by e.occurred_at, e.id rows between unbounded preceding and unbounded following) as first_id,
      first_value(e.id) over (partition by e.branch_office_id, e.organization_id, (e.occurred_at at time zone b.time_zone)::date, e.branch_action = 'Close'
        order by e.occurred_at desc, e.id desc rows between unbounded preceding and unbounded following) as last_id
    from events e join branch_offices b on b.id = e.branch_office_id
    where e.kind in ('BRANCH_ACTION', 'NOTIFICATION') and not e.is_test_notification)
  select ${COLUMNS} from (
    select branch_office_id, organization_id, day, count(*)::int as events,
      count(*) filter (where branch_action = 'Open')::int as opens,
      count(*) filter (where branch_action = 'Close')::int as closes,
      count(*) filter (where branch_action = 'Service')::int as service,
      count(*) filter (where branch_action = 'Not Opened')::int as not_opened,
      count(*) filter (where branch_action = 'Close' and is_closed_by_system)::int as auto_closed,
      count(*) filter (where branch_action ilike '%panic%' or branch_action ilike '%duress%')::int as panic,
      count(*) filter (where notification_type = 2)::int as trouble,
      count(*) filter (where notification_type in (10, 11, 12))::int as emergency,
      count(*) filter (where security_alert)::int as security_alerts,
      count(*) filter (where kind = 'NOTIFICATION' and (notification_type in (2, 10, 11, 12, 15) or security_alert))::int as alarms,
      max(occurred_at) filter (where branch_action = 'Open' and id = first_id) as first_open_at,
      max(id) filter (where branch_action = 'Open' and id = first_id) as first_open_id,
      max(punctuality) filter (where branch_action = 'Open' and id = first_id) as first_open_punctuality,
      max(occurred_at) filter (where branch_action = 'Close' and id = last_id) as last_close_at,
      max(id) filter (where branch_action = 'Close' and id = last_id) as last_close_id,
      max(punctuality) filter (where branch_action = 'Close' and id = last_id) as last_close_punctuality
    from ev group by branch_office_id, organization_id, day) r
  order by branch_office_id, day, organization_id`;

describe.each(DB_KINDS)('event_day_counts on %s', (kind) => {
  let server: TestServer;
  let fx: Fixture;
  let db: Db;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { seed: false });
    db = server.database.db;
    fx = await buildFixture(db);
  });
  afterAll(async () => server?.close());

  const table = () =>
    rows<Record<string, unknown>>(db, sql`select ${COLUMNS} from event_day_counts order by branch_office_id, day, organization_id`);
  const recount = () => rows<Record<string, unknown>>(db, RECOUNT);
  /** Inserts events (one statement) for `branch` of `org`; returns their ids. */
  async function insert(
    org: number,
    branch: number,
    list: { action: string; at: string; type?: number; test?: boolean; punctuality?: string; kind?: string }[],
  ) {
    const values = list.map(
      (r) =>
        sql`(${r.kind ?? (r.type == null ? 'BRANCH_ACTION' : 'NOTIFICATION')}, ${org}, ${branch}, ${r.action}, ${r.type ?? null}::smallint, ${r.test ?? false}, ${r.punctuality ?? null}, ${r.at}::timestamptz)`,
    );
    const out = await rows<{ id: number }>(
      db,
      sql`insert into events (kind, organization_id, branch_office_id, branch_action, notification_type, is_test_notification, punctuality, occurred_at)
        values ${sql.join(values, sql`, `)} returning id::int as id`,
    );
    return out.map((r) => r.id);
  }

  it('agrees with a recount of the event log after every kind of write', async () => {
    const fixtureRows = await table();
    expect(fixtureRows.length).toBeGreaterThan(0);
    expect(fixtureRows).toEqual(await recount());

    // Many rows in one statement, out of time order: the day's first opening is not the first row.
    const ids = await insert(fx.orgA, fx.tirana, [
      { action: 'Open', at: '2026-03-02T08:30:00Z', punctuality: 'late' },
      { action: 'Open', at: '2026-03-02T06:55:00Z', punctuality: 'early' },
      { action: 'Close', at: '2026-03-02T16:00:00Z', punctuality: 'ontime' },
      { action: 'Close', at: '2026-03-02T15:00:00Z', punctuality: 'early' },
      { action: 'Service', at: '2026-03-02T10:00:00Z' },
      { action: 'Panic', at: '2026-03-02T11:00:00Z', type: 10 },
      { action: 'Trouble', at: '2026-03-02T12:00:00Z', type: 2 },
      { action: 'Panic', at: '2026-03-02T12:30:00Z', type: 10, test: true },
      { action: 'Check In', at: '2026-03-02T07:00:00Z', kind: 'CHECK_IN' },
      // 23:30 UTC is already the 3rd in Tirana.
      { action: 'Open', at: '2026-03-02T23:30:00Z', punctuality: 'ontime' },
    ]);
    // One row at a time, each earlier than the last: the first opening changes each time.
    for (const at of ['2026-03-02T06:50:00Z', '2026-03-02T06:45:00Z'])
      await insert(fx.orgA, fx.tirana, [{ action: 'Open', at, punctuality: 'ontime' }]);
    await insert(fx.orgB, fx.chicago, [{ action: 'Close', at: '2026-03-03T04:00:00Z', punctuality: 'late' }]);
    expect(await table()).toEqual(await recount());
    const tiranaDay = (await table()).find((r) => r.branch_office_id === fx.tirana && r.day === '2026-03-02')!;
    expect(tiranaDay).toMatchObject({
      opens: 4,
      closes: 2,
      first_open_punctuality: 'ontime',
      last_close_punctuality: 'ontime',
      emergency: 1,
      trouble: 1,
    });

    // An update moving the latest close to another branch and day.
    await db.execute(sql`update events set branch_office_id = ${fx.durres}, occurred_at = '2026-03-05T12:00:00Z' where id = ${ids[2]}`);
    expect(await table()).toEqual(await recount());
    // Deletes, the day's first opening among them.
    await db.execute(
      sql`delete from events where id in (${ids[1]}, ${ids[5]}) or (branch_office_id = ${fx.tirana} and occurred_at = '2026-03-02T06:45:00Z')`,
    );
    expect(await table()).toEqual(await recount());
    // A branch's new time zone moves its events' local days.
    await db.execute(sql`update branch_offices set time_zone = 'Asia/Tokyo' where id = ${fx.tirana}`);
    expect(await table()).toEqual(await recount());
    expect((await table()).some((r) => r.branch_office_id === fx.tirana && r.day === '2026-03-03')).toBe(true);

    // Emptying the event log empties the counts.
    await db.execute(sql`truncate events cascade`);
    expect(await table()).toEqual([]);
  });
});
